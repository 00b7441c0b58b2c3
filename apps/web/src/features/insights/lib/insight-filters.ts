import { z } from 'zod';

export const SINCE_PRESETS = ['all', '30d', '7d'] as const;
export type SincePreset = (typeof SINCE_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The page's address: a period preset or a day, a project, a brainstorm (from its page). */
export const insightsSearchSchema = z.object({
  brainstorm: z.coerce.number().int().positive().optional().catch(undefined),
  project: z.coerce.number().int().positive().optional().catch(undefined),
  since: z
    .union([z.enum(SINCE_PRESETS), z.string().regex(ISO_DAY)])
    .optional()
    .catch(undefined),
});
export type InsightsSearch = z.infer<typeof insightsSearchSchema>;

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
