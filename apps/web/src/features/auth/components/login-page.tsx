import { useNavigate } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { resolveReturnTo } from '@/lib/auth/return-to';
import { useLogin } from '@/features/auth/api/login';
import { AuthLayout } from './auth-layout';
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

  if (!initialised || authenticated) {
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
            failed={login.isError}
            onSubmit={(credentials) => login.mutateAsync(credentials)}
          />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
