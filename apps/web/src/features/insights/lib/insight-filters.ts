export const SINCE_PRESETS = ['all', '30d', '7d'] as const;
export type SincePreset = (typeof SINCE_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface InsightsSearch {
  brainstorm?: number | undefined;
  project?: number | undefined;
  since?: string | undefined;
}

/** A positive integer read the way `Number()` reads it, or nothing. */
function positiveInteger(value: unknown) {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

const isSince = (value: unknown): value is string =>
  typeof value === 'string' &&
  ((SINCE_PRESETS as readonly string[]).includes(value) || ISO_DAY.test(value));

/**
 * The page's address: a period preset or a day, a project, a brainstorm (from its page); what
 * is not understood is dropped. A plain parser rather than a zod schema keeps zod out of the
 * entry chunk, where the router's search validation lives.
 */
export const insightsSearchSchema = {
  parse: (search: Record<string, unknown>): InsightsSearch => ({
    brainstorm: positiveInteger(search.brainstorm),
    project: positiveInteger(search.project),
    since: isSince(search.since) ? search.since : undefined,
  }),
};

export interface InsightsFilters {
  brainstorm?: number | undefined;
  project?: number | undefined;
  since?: string | undefined;
}

/** A preset as the first day it covers (UTC), counted back from `now`; a day as itself. */
export function sinceDay(since: string | undefined, now = Date.now()): string | undefined {
  if (since === undefined || since === 'all') return undefined;
  const days = /^(\d+)d$/.exec(since)?.[1];
  if (!days) return since;
  return new Date(now - Number(days) * DAY_MS).toISOString().slice(0, 10);
}

/** The API's query for the filters: only those given. */
export function insightsQuery(filters: InsightsFilters) {
  const since = sinceDay(filters.since);
  return {
    ...(filters.brainstorm === undefined ? {} : { brainstorm: filters.brainstorm }),
    ...(filters.project === undefined ? {} : { project: filters.project }),
    ...(since === undefined ? {} : { since }),
  };
}
