import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Auth } from './create-auth';

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider.');
  const state = useSyncExternalStore(auth.store.subscribe, auth.store.getState);
  return {
    ...state,
    login: auth.login,
    logout: auth.logout,
    setUser: auth.store.setUser,
    setSession: auth.store.setSession,
  };
}
