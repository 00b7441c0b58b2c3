import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';

export function useLogin() {
  const { login } = useAuth();
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
