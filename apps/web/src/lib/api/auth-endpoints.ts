export const SIGN_IN_PATH = '/api/auth/token/';
export const REFRESH_PATH = '/api/auth/token/refresh/';
export const LOGOUT_PATH = '/api/auth/logout/';

const anonymous = new Set([SIGN_IN_PATH, REFRESH_PATH, LOGOUT_PATH]);

export function isAnonymousEndpoint(url: string) {
  return anonymous.has(new URL(url, window.location.origin).pathname);
}
