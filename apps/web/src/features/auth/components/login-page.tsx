import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { resolveReturnTo } from '@/lib/auth/return-to';
import { loginFailureMessage, useLogin } from '@/features/auth/api/login';
import { AuthLayout } from '@/components/layout/auth-layout';
import { CheckingAuthentication } from './checking-authentication';
import { LoginForm } from './login-form';

export function LoginPage({ returnTo }: { returnTo?: string | undefined }) {
  const { initialised, status } = useAuth();
  const login = useLogin();
  const navigate = useNavigate();
  const authenticated = status === 'authenticated';

  useEffect(() => {
    if (initialised && authenticated) {
      void navigate({ href: resolveReturnTo(returnTo), replace: true });
    }
  }, [initialised, authenticated, returnTo, navigate]);

  if (!initialised || authenticated) return <CheckingAuthentication />;

  return (
    <AuthLayout>
      <Card className="shadow-lg">
        <CardHeader className="justify-items-center text-center">
          <BrandMark className="mb-2 size-10" />
          <CardTitle>
            <h1 className="text-xl font-semibold tracking-tight">Login to Ideaforge</h1>
          </CardTitle>
          <CardDescription>
            Sign in with the account your team admin created for you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm
            pending={login.isPending}
            failure={login.isError ? loginFailureMessage(login.error) : null}
            onSubmit={(credentials) => login.mutateAsync(credentials)}
          />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
