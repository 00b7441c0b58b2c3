import { ApiError } from '@/lib/api/api-error';
import type { ApiClient, RefreshSession } from '@/lib/api/create-api';
import { logError } from '@/lib/logger';
import type { AuthStore } from './auth-store';

export const AUTH_INIT_TIMEOUT_MS = 1500;

export interface Credentials {
  email: string;
  password: string;
}

export function createAuth(store: AuthStore, api: ApiClient, refreshSession: RefreshSession) {
  let initialising: Promise<void> | null = null;

  async function fetchCurrentUser() {
    try {
      const { data, error, response } = await api.GET('/api/users/me/');
      if (!data) throw new ApiError(response.status, error);
      store.setUser(data);
    } catch (error) {
      logError('Could not load the current user', error, 'low');
    }
  }

  async function runInitialisation() {
    if (store.getState().status === 'unauthenticated') {
      const outcome = await refreshSession();
      if (outcome.status === 'refreshed' && !store.getState().user) await fetchCurrentUser();
    }
    store.markInitialised();
  }

  return {
    store,

    initialise: () => {
      initialising ??= runInitialisation();
      return initialising;
    },

    waitForInitialisation: (timeoutMs = AUTH_INIT_TIMEOUT_MS) =>
      new Promise<void>((resolve) => {
        if (store.getState().initialised) {
          resolve();
          return;
        }
        const finish = () => {
          clearTimeout(timer);
          unsubscribe();
          resolve();
        };
        const timer = setTimeout(finish, timeoutMs);
        const unsubscribe = store.subscribe(() => {
          if (store.getState().initialised) finish();
        });
      }),

    login: async (credentials: Credentials) => {
      const { data, error, response } = await api.POST('/api/auth/token/', { body: credentials });
      if (!data) throw new ApiError(response.status, error);
      store.setSession(data.access, data.user);
      if (!store.getState().user?.email) await fetchCurrentUser();
    },

    logout: async () => {
      try {
        const { error, response } = await api.POST('/api/auth/logout/', { body: {} });
        if (!response.ok) throw new ApiError(response.status, error);
      } catch (error) {
        logError('Logout request failed', error);
      } finally {
        store.clear();
      }
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
