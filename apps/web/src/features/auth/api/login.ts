import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/auth-context';

export function useLogin() {
  const { login } = useAuth();
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}

/**
 * What the form says when sign-in fails: the spec's text for wrong credentials, but the server's
 * own reason when it refuses for too many failed attempts, which a right password would not fix.
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return hasDetail(error.body)
      ? error.body.detail
      : 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
  }
  return 'Invalid email or password. Please try again.';
}

function hasDetail(body: unknown): body is { detail: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'detail' in body &&
    typeof body.detail === 'string' &&
    body.detail !== ''
  );
}
