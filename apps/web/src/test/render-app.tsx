import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '@/app';
import { createApi } from '@/lib/api/create-api';
import type { User } from '@/lib/api/types';
import { createAuthStore } from '@/lib/auth/auth-store';
import { createAuth } from '@/lib/auth/create-auth';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter, navigateToLogin, type AppRouter } from '@/router';

/**
 * How long a test waits for a page's first content: the first render in a file loads the app's
 * routes, which a busy machine takes seconds for.
 */
export const APP_LOADED = { timeout: 10_000 };

/** The whole app on an in-memory history, wired the way main.tsx wires it. */
export function renderApp(path: string, { signedInAs }: { signedInAs?: User } = {}) {
  const store = createAuthStore();
  if (signedInAs) {
    store.setSession('access-initial', signedInAs);
    store.markInitialised();
  }

  const app: { router?: AppRouter } = {};
  const { client, refreshSession } = createApi({
    store,
    onSessionExpired: (returnTo) => {
      if (app.router) navigateToLogin(app.router, returnTo);
    },
    currentPath: () => app.router?.state.location.href ?? '/',
  });
  const auth = createAuth(store, client, refreshSession);
  const queryClient = createQueryClient();
  const router = createAppRouter(
    { auth, queryClient },
    createMemoryHistory({ initialEntries: [path] }),
  );
  app.router = router;

  const user = userEvent.setup();
  void auth.initialise();
  render(<App auth={auth} queryClient={queryClient} router={router} />);
  return { router, store, api: client, user };
}
