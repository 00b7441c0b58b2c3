import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { RoutePending } from '@/components/layout/route-pending';
import type { Auth } from '@/lib/auth/create-auth';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    // A slow page says it is loading after 200 ms (the router waits a whole second by default),
    // and then for at least 300 ms, so the message does not flash.
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 200,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function navigateToLogin(router: AppRouter, returnTo: string | null) {
  void router.navigate({ to: '/login', search: returnTo ? { returnTo } : {} });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
