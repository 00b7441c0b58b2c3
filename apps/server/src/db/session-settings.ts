/**
 * How far below a stacking threshold `%` must match: it compares in single precision, the
 * threshold is read in double, and a score at the threshold itself stacks.
 */
const TRIGRAM_MATCH_MARGIN = 0.001;

/** The threshold `%` must match at for a search of what stacks at `stacking`. */
export const trigramMatchThreshold = (stacking: number) =>
  Math.min(1, Math.max(0, stacking - TRIGRAM_MATCH_MARGIN));

/**
 * The similarity at or above which pg_trgm's `%` matches, in every session of either database.
 * Near-duplicates are searched with `%` (`near-duplicates.ts`): with the threshold set for the
 * session, a search is one statement rather than a transaction that sets it first, which on the
 * embedded database, whose one session a transaction holds, kept every other statement waiting
 * (decision 040). A little below the default stacking threshold (0.5): a search at a lower one
 * sets its own.
 */
export const TRIGRAM_MATCH_FLOOR = 0.45;

/** Settings every session starts with, by name. */
export const SESSION_DEFAULTS: Readonly<Record<string, string>> = {
  // A placeholder until pg_trgm is loaded, which then takes it up.
  'pg_trgm.similarity_threshold': String(TRIGRAM_MATCH_FLOOR),
};

/** The settings as PostgreSQL's startup `options` (`-c name=value`). */
export const sessionOptions = () =>
  Object.entries(SESSION_DEFAULTS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
