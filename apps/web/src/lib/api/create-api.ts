import createClient from 'openapi-fetch';
import type { AuthStore } from '@/lib/auth/auth-store';
import { createAuthFetch, type AuthFetchOptions } from './auth-fetch';
import { createRefreshSession } from './refresh-session';
import type { paths } from './schema';

interface CreateApiOptions extends Pick<AuthFetchOptions, 'onSessionExpired' | 'currentPath'> {
  store: AuthStore;
  fetch?: typeof fetch;
}

export function createApi({ store, fetch: baseFetch, ...options }: CreateApiOptions) {
  const fetchImpl = baseFetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const refreshSession = createRefreshSession(store, fetchImpl);
  const authFetch = createAuthFetch({
    ...options,
    store,
    refresh: refreshSession,
    fetch: fetchImpl,
  });
  const client = createClient<paths>({ baseUrl: '', fetch: authFetch });
  return { client, refreshSession, authFetch };
}

export type ApiClient = ReturnType<typeof createApi>['client'];
export type RefreshSession = ReturnType<typeof createApi>['refreshSession'];
