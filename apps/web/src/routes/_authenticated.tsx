import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';
import { AuthGuardPending } from '@/features/auth/components/checking-authentication';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    await context.auth.waitForInitialisation();
    const { status, user } = context.auth.store.getState();
    if (status !== 'authenticated') {
      throw redirect({ to: '/login', search: { returnTo: location.href } });
    }
    // A password staff set works once: nothing else shows until the user chooses their own.
    if (user?.password_must_change) {
      throw redirect({ to: '/choose-password', search: { returnTo: location.href } });
    }
  },
  component: AppShell,
  // While the guard waits for the silent refresh (up to 1.5 s) it says so, as the login page it
  // may lead to goes on saying; the pages' own loading stays 'Loading...'.
  pendingComponent: AuthGuardPending,
});
