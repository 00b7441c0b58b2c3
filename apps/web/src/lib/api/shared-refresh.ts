export const REFRESH_LOCK_RELEASE_MS = 1000;

/**
 * Runs `task` once for every caller that arrives while it runs, and for callers arriving
 * within `releaseMs` after it settles: a second refresh would replay a rotated cookie.
 */
export function createSharedRefresh<T>(
  task: () => Promise<T>,
  releaseMs = REFRESH_LOCK_RELEASE_MS,
) {
  let pending: Promise<T> | null = null;

  return function sharedRefresh(): Promise<T> {
    if (pending) return pending;
    const current = task().finally(() => {
      setTimeout(() => {
        if (pending === current) pending = null;
      }, releaseMs);
    });
    pending = current;
    return current;
  };
}
