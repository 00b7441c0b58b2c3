export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** Only same-origin paths: "//host" and "/\host" are read by browsers as other origins. */
export function isSafeReturnTo(returnTo: string | undefined): returnTo is string {
  return (
    typeof returnTo === 'string' &&
    returnTo.startsWith('/') &&
    !returnTo.startsWith('//') &&
    !returnTo.startsWith('/\\')
  );
}

export function resolveReturnTo(returnTo: string | undefined) {
  return isSafeReturnTo(returnTo) ? returnTo : DEFAULT_AFTER_LOGIN;
}
