import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { CheckingAuthentication } from '@/features/auth/components/checking-authentication';
import { LoginPage } from '@/features/auth/components/login-page';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/login')({
  head: () => titleHead('Login'),
  validateSearch: loginSearch,
  component: LoginRoute,
  // While the page's code loads, it already says what it will say first (not 'Loading...').
  pendingComponent: CheckingAuthentication,
});

/** Where to go after signing in, when the address says; anything but text is left out. */
function loginSearch(search: { returnTo?: string } & SearchSchemaInput): { returnTo?: string } {
  return typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {};
}

function LoginRoute() {
  const { returnTo } = Route.useSearch();
  return <LoginPage returnTo={returnTo} />;
}
