import type { ModelInsight } from '../api/types';

export type InsightColumn = Exclude<keyof ModelInsight, 'provider' | 'technique'>;
export type SortDirection = 'ascending' | 'descending';
export interface InsightSort {
  column: InsightColumn;
  direction: SortDirection;
}

/**
 * The rows ordered by a column; an unknown cost (null) goes last whichever way, so sorting by
 * cost never passes a model without a price off as the cheapest.
 */
export function sortRows(rows: readonly ModelInsight[], sort: InsightSort): ModelInsight[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order;
  });
}

/** A header's next sort: its own column turns round; another starts descending for figures. */
export function nextSort(
  current: InsightSort,
  column: InsightColumn,
  numeric: boolean,
): InsightSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: numeric ? 'descending' : 'ascending' };
}
