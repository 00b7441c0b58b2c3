import { Loader2 } from 'lucide-react';
import { RoutePending } from '@/components/layout/route-pending';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthLayout } from '@/components/layout/auth-layout';

/**
 * What shows while the silent token refresh decides whether someone is signed in: on the login
 * page, and before it, while the login page's code loads or a protected address waits for the
 * check. The generic 'Loading...' never stands in for it.
 */
export function CheckingAuthentication() {
  return (
    <AuthLayout>
      <p
        role="status"
        className="flex items-center justify-center gap-2 text-sm text-muted-foreground"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Checking authentication...
      </p>
    </AuthLayout>
  );
}

/**
 * What a protected address shows while it loads: 'Checking authentication...' while the guard
 * waits for the silent refresh, and the generic 'Loading...' once it is known who is signed in
 * and only the page itself is loading.
 */
export function AuthGuardPending() {
  const { initialised } = useAuth();
  return initialised ? <RoutePending /> : <CheckingAuthentication />;
}
