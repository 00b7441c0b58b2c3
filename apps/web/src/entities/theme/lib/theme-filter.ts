import type { ThemeFilter } from '../api/types';

/**
 * The `theme` of an address: a theme's id, 'none' for the unsorted ideas, or null (every idea)
 * for anything else.
 */
export function parseThemeFilter(value: unknown): ThemeFilter {
  if (value === 'none') return 'none';
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The filter as the idea lists' `theme` query parameter; undefined for every idea. */
export function themeQueryValue(filter: ThemeFilter | undefined) {
  return filter ?? undefined;
}

/** Whether an idea passes the filter: the fallback list filters here what the server would. */
export function matchesThemeFilter(theme: number | null, filter: ThemeFilter | undefined) {
  if (filter === null || filter === undefined) return true;
  return filter === 'none' ? theme === null : theme === filter;
}
