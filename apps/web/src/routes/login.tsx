import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPage } from '@/features/auth/components/login-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/login')({
  head: () => titleHead('Login'),
  validateSearch: z.object({ returnTo: z.optional(z.string()) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnTo } = Route.useSearch();
  return <LoginPage returnTo={returnTo} />;
}
