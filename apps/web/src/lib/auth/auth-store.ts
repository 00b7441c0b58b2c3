import type { User } from '@/lib/api/types';

export type AuthStatus = 'unauthenticated' | 'authenticated';

export interface AuthState {
  status: AuthStatus;
  accessToken: string | null;
  user: User | null;
  initialised: boolean;
}

const signedOut = { status: 'unauthenticated', accessToken: null, user: null } as const;

export function createAuthStore() {
  let state: AuthState = { ...signedOut, initialised: false };
  const listeners = new Set<() => void>();

  const update = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setSession: (accessToken: string, user?: User | null) => {
      update({ status: 'authenticated', accessToken, user: user ?? state.user });
    },
    setUser: (user: User) => {
      update({ user });
    },
    clear: () => {
      update(signedOut);
    },
    markInitialised: () => {
      update({ initialised: true });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();
