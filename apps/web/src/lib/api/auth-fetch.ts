import type { AuthStore } from '@/lib/auth/auth-store';
import { isAnonymousEndpoint } from './auth-endpoints';
import type { RefreshOutcome } from './refresh-session';

export interface AuthFetchOptions {
  store: Pick<AuthStore, 'getState'>;
  refresh: () => Promise<RefreshOutcome>;
  /** returnTo is null when the server ended the session without a token to resume it. */
  onSessionExpired: (returnTo: string | null) => void;
  currentPath?: () => string;
  fetch: typeof fetch;
}

function currentLocation() {
  return window.location.pathname + window.location.search;
}

export function createAuthFetch({
  store,
  refresh,
  onSessionExpired,
  currentPath = currentLocation,
  fetch: baseFetch,
}: AuthFetchOptions) {
  const send = (request: Request, token: string | null) => {
    const headers = new Headers(request.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return baseFetch(new Request(request.clone(), { headers, credentials: 'include' }));
  };

  return async function authFetch(input: RequestInfo | URL, init?: RequestInit) {
    const request = new Request(input, init);
    if (isAnonymousEndpoint(request.url)) return send(request, null);

    const response = await send(request, store.getState().accessToken);
    if (response.status !== 401) return response;

    const outcome = await refresh();
    switch (outcome.status) {
      case 'refreshed':
        return send(request, outcome.accessToken);
      case 'no-token':
        onSessionExpired(null);
        return response;
      case 'failed':
        onSessionExpired(currentPath());
        return response;
    }
  };
}
