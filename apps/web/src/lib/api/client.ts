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

export const { client: api, refreshSession } = createApi({
  store: authStore,
  onSessionExpired: (returnTo) => {
    redirectToLogin(returnTo);
  },
});
