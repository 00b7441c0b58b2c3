import { useLayoutEffect, useRef } from 'react';

/**
 * The value of the latest render, for handlers made by an earlier one and still in use (a row
 * of a list that was not drawn again): read it when they are called, never while rendering.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
