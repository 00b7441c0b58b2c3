import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { AuthGuardPending } from '@/features/auth/components/checking-authentication';
import { ChoosePasswordPage } from '@/features/settings/components/choose-password-page';
import { resolveReturnTo } from '@/lib/auth/return-to';
import { titleHead } from '@/lib/page-title';

/**
 * Where a sign-in with a password staff set leads, before anything else (decision 043); anyone
 * else goes on to where they were going, or signs in first.
 */
export const Route = createFileRoute('/choose-password')({
  head: () => titleHead('Choose a new password'),
  validateSearch: returnToSearch,
  beforeLoad: async ({ context, search }) => {
    await context.auth.waitForInitialisation();
    const { status, user } = context.auth.store.getState();
    if (status !== 'authenticated') {
      throw redirect({ to: '/login', search: { returnTo: search.returnTo } });
    }
    if (user && !user.password_must_change) {
      throw redirect({ href: resolveReturnTo(search.returnTo), replace: true });
    }
  },
  component: ChoosePasswordRoute,
  pendingComponent: AuthGuardPending,
});

/** Where to go once the password is chosen, when the address says; anything but text is left out. */
function returnToSearch(search: { returnTo?: string } & SearchSchemaInput): { returnTo?: string } {
  return typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {};
}

function ChoosePasswordRoute() {
  const { returnTo } = Route.useSearch();
  return <ChoosePasswordPage returnTo={returnTo} />;
}
