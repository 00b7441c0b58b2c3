import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AuthProvider } from '@/lib/auth/auth-context';
import type { Auth } from '@/lib/auth/create-auth';
import type { AppRouter } from './router';

interface AppProps {
  auth: Auth;
  queryClient: QueryClient;
  router: AppRouter;
}

export function App({ auth, queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
