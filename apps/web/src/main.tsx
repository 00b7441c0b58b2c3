import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLoginRedirect } from '@/lib/api/client';
import { auth } from '@/lib/auth/auth';
import { createQueryClient } from '@/lib/query-client';
import { syncColorScheme } from '@/lib/theme';
import { App } from './app';
import { createAppRouter, navigateToLogin } from './router';
import './styles/globals.css';

syncColorScheme();

const queryClient = createQueryClient();
const router = createAppRouter({ auth, queryClient });

setLoginRedirect((returnTo) => {
  navigateToLogin(router, returnTo);
});
void auth.initialise();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <App auth={auth} queryClient={queryClient} router={router} />
  </StrictMode>,
);
