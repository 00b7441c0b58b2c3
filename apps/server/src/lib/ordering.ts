import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/**
 * An `ordering` query parameter limited to an explicit allowlist: comma-separated field names,
 * each optionally prefixed with '-' for descending order.
 */
export function orderingParam<const F extends string>(fields: readonly F[], fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const terms = value
        .split(',')
        .map((term) => term.trim())
        .filter(Boolean);
      const parsed: { field: F; descending: boolean }[] = [];
      for (const term of terms) {
        const descending = term.startsWith('-');
        const field = (descending ? term.slice(1) : term) as F;
        if (!fields.includes(field)) {
          ctx.addIssue({
            code: 'custom',
            message: `Unknown ordering field '${field}'. Allowed: ${fields.join(', ')}.`,
          });
          return z.NEVER;
        }
        parsed.push({ field, descending });
      }
      return parsed;
    })
    .describe(`Comma-separated fields (${fields.join(', ')}); prefix '-' for descending.`);
}

export type Ordering<F extends string> = { field: F; descending: boolean }[];

/** Turns a parsed ordering into ORDER BY terms, with the id as a stable tie-breaker. */
export function orderBy<F extends string>(
  ordering: Ordering<F>,
  columns: Record<F, AnyPgColumn | SQL>,
  id: AnyPgColumn,
): SQL[] {
  const terms = ordering.map(({ field, descending }) =>
    descending ? desc(columns[field]) : asc(columns[field]),
  );
  const last = ordering.at(-1);
  terms.push(last?.descending ? desc(id) : asc(id));
  return terms;
}
