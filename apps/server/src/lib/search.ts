import { and, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** The words of a search; none when it is missing or blank, which matches everything. */
export const searchWords = (search: string | undefined): string[] =>
  search?.trim().split(/\s+/).filter(Boolean) ?? [];

/** Case-insensitive substring match: every search word must appear in one of the columns. */
export function searchCondition(
  search: string | undefined,
  columns: (AnyPgColumn | SQL)[],
): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => or(...columns.map((column) => ilike(column, containsPattern(word))))),
  );
}
