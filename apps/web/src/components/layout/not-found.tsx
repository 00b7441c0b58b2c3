import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useInAppShell } from './app-shell-context';
import { HomeLink } from './home-link';
import { RoutePending } from './route-pending';

// The shell loads with the signed-in routes; the router's Not Found must not pull it into the
// entry chunk that the sign-in page loads too.
const AppShell = lazy(() => import('./app-shell').then(({ AppShell }) => ({ default: AppShell })));

function NotFoundMessage() {
  return (
    <div className="grid justify-items-start gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">Not Found</h1>
      <p className="text-sm text-muted-foreground">
        There is no page at this address: the link may be mistyped, or the page gone.
      </p>
      <HomeLink />
    </div>
  );
}

/** Inside the app shell when signed in, whether or not a signed-in route matched. */
export function NotFound() {
  const inShell = useInAppShell();
  const { initialised, status } = useAuth();

  if (inShell) return <NotFoundMessage />;
  if (!initialised) return <RoutePending />;
  if (status === 'authenticated') {
    return (
      <Suspense fallback={<RoutePending />}>
        <AppShell>
          <NotFoundMessage />
        </AppShell>
      </Suspense>
    );
  }
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <NotFoundMessage />
    </main>
  );
}
