import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import type { Auth } from '@/lib/auth/create-auth';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
