import { authStore } from '@/lib/auth/auth-store';
import { createApi } from './create-api';

type LoginRedirect = (returnTo: string | null) => void;

let redirectToLogin: LoginRedirect = (returnTo) => {
  const search = returnTo ? `?${new URLSearchParams({ returnTo }).toString()}` : '';
  window.location.assign(`/login${search}`);
};

export function setLoginRedirect(redirect: LoginRedirect) {
  redirectToLogin = redirect;
}

/** `authFetch` is for what the typed client cannot read, such as a stream of events. */
export const {
  client: api,
  refreshSession,
  authFetch,
} = createApi({
  store: authStore,
  onSessionExpired: (returnTo) => {
    redirectToLogin(returnTo);
  },
});
