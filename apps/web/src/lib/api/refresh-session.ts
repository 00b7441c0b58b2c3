import createClient from 'openapi-fetch';
import type { AuthStore } from '@/lib/auth/auth-store';
import { REFRESH_PATH } from './auth-endpoints';
import type { paths } from './schema';
import { createSharedRefresh } from './shared-refresh';

export type RefreshOutcome =
  | { status: 'refreshed'; accessToken: string }
  | { status: 'no-token' }
  | { status: 'failed'; error: unknown };

export function createRefreshSession(store: AuthStore, fetchImpl: typeof fetch) {
  const client = createClient<paths>({
    baseUrl: '',
    credentials: 'include',
    fetch: fetchImpl,
  });

  async function refresh(): Promise<RefreshOutcome> {
    try {
      const { data, error, response } = await client.POST(REFRESH_PATH, { body: {} });
      if (!response.ok || !data) {
        store.clear();
        return {
          status: 'failed',
          error: error ?? new Error(`Refresh failed: ${response.status}`),
        };
      }
      if (!data.access) {
        store.clear();
        return { status: 'no-token' };
      }
      store.setSession(data.access, data.user);
      return { status: 'refreshed', accessToken: data.access };
    } catch (error) {
      store.clear();
      return { status: 'failed', error };
    }
  }

  return createSharedRefresh(refresh);
}
