import { createContext, useContext } from 'react';

export const AppShellContext = createContext(false);

/** Whether the caller renders inside the app shell, or stands alone on the page. */
export function useInAppShell() {
  return useContext(AppShellContext);
}
