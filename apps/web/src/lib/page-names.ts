import { useEffect, useSyncExternalStore } from 'react';

/**
 * Names of pages by their path, given by the page once it has loaded what it shows (a project's
 * name), for the breadcrumbs, which stand outside the page and know only its address.
 */
const names = new Map<string, string>();
const listeners = new Set<() => void>();

/** '/projects/7/' and '/projects/7' are one page. */
const keyOf = (path: string) => path.replace(/\/+$/, '');

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setName(page: string, name: string | undefined) {
  const path = keyOf(page);
  if (names.get(path) === name) return;
  if (name === undefined) names.delete(path);
  else names.set(path, name);
  for (const listener of listeners) listener();
}

/** Names the page at `path` while the calling component is shown. */
export function useNamePage(path: string, name: string | undefined) {
  useEffect(() => {
    setName(path, name);
    return () => {
      setName(path, undefined);
    };
  }, [path, name]);
}

/** The name the page at `path` gave itself, if any. */
export function usePageName(path: string) {
  return useSyncExternalStore(subscribe, () => names.get(keyOf(path)));
}
