import { useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { resolveReturnTo } from '@/lib/auth/return-to';
import { useLogout } from '@/lib/auth/use-logout';
import { logError } from '@/lib/logger';
import { PasswordForm } from './password-form';

/**
 * All a user sees after signing in with a password staff set, until they choose their own
 * (decision 043): the server answers nothing else meanwhile. The change ends this session like
 * any other, so the page signs in again with the new password and goes on to `returnTo`.
 */
export function ChoosePasswordPage({ returnTo }: { returnTo?: string | undefined }) {
  const { user, login } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) {
    return (
      <AuthLayout>
        <p role="status" className="text-center text-sm text-muted-foreground">
          Loading...
        </p>
      </AuthLayout>
    );
  }

  const goOn = async (password: string) => {
    const destination = resolveReturnTo(returnTo);
    try {
      await login({ email: user.email, password });
      await navigate({ href: destination, replace: true });
    } catch (error) {
      // The password is changed; only signing in again failed: the login page takes over.
      logError('Could not sign in with the new password', error);
      await logout.mutateAsync();
    }
  };

  return (
    <AuthLayout>
      <Card className="shadow-lg">
        <CardHeader className="justify-items-center">
          <BrandMark className="size-10" />
        </CardHeader>
        <CardContent className="grid gap-4">
          <PasswordForm user={user} firstSignIn onChanged={goOn} />
          <p className="text-sm text-muted-foreground">
            Signed in as {user.email}.{' '}
            <Button
              variant="link"
              className="h-auto p-0"
              disabled={logout.isPending}
              onClick={() => {
                logout.mutate();
              }}
            >
              Log out
            </Button>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
