import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
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
