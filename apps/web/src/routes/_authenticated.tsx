import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    await context.auth.waitForInitialisation();
    if (context.auth.store.getState().status !== 'authenticated') {
      throw redirect({ to: '/login', search: { returnTo: location.href } });
    }
  },
  component: AppShell,
});
