import createClient from 'openapi-fetch';
import type { AuthStore } from '@/lib/auth/auth-store';
import { REFRESH_PATH } from './auth-endpoints';
import type { paths } from './schema';
import { createSharedRefresh } from './shared-refresh';
import type { RefreshAnswer, User } from './types';

export type RefreshOutcome =
  | { status: 'refreshed'; accessToken: string; user: User | undefined }
  | { status: 'no-token' }
  | { status: 'failed' };

/** One refresh for the whole app, shared by start-up and the 401 handler; it updates the store. */
export function createRefreshSession(store: AuthStore, fetchImpl: typeof fetch) {
  const client = createClient<paths>({ baseUrl: '', credentials: 'include', fetch: fetchImpl });

  async function requestRefresh(): Promise<RefreshOutcome> {
    try {
      const response = await client.POST(REFRESH_PATH, { body: {} });
      // openapi-fetch's readable view of a union answer keeps none of its fields: name it.
      const data = response.data as RefreshAnswer | undefined;
      if (!data) return { status: 'failed' };
      if (!data.access) return { status: 'no-token' };
      return { status: 'refreshed', accessToken: data.access, user: data.user };
    } catch {
      return { status: 'failed' };
    }
  }

  return createSharedRefresh(async () => {
    const outcome = await acrossTabs(requestRefresh);
    if (outcome.status === 'refreshed') store.setSession(outcome.accessToken, outcome.user);
    else store.clear();
    return outcome;
  });
}

export const REFRESH_LOCK_NAME = 'ideaforge-token-refresh';

/**
 * Tabs share the refresh cookie, and the server treats a second use of one as theft. Under a
 * Web Lock, a tab refreshes only after any other tab's refresh has stored its new cookie.
 */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? await locks.request(REFRESH_LOCK_NAME, task) : await task();
}
