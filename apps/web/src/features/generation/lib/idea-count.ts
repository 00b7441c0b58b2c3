export const MIN_IDEAS = 1;
export const MAX_IDEAS = 50;
export const DEFAULT_IDEAS = 10;

/** Said at the '# ideas:' field when the number typed is outside the limits. */
export const IDEA_COUNT_LIMITS = `Choose between ${MIN_IDEAS.toString()} and ${MAX_IDEAS.toString()} ideas.`;

/** The number of ideas to ask for, or why the number typed cannot be asked for. */
export type IdeaCount = { count: number; error: null } | { count: null; error: string };

/**
 * The number of ideas typed: 10 when it is not a number (spec 5), its whole part when it is,
 * and refused, with the limits, outside 1 to 50 rather than quietly changed to one of them.
 */
export function parseIdeaCount(text: string): IdeaCount {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (Number.isNaN(value)) return { count: DEFAULT_IDEAS, error: null };
  const count = Math.trunc(value);
  if (count < MIN_IDEAS || count > MAX_IDEAS) return { count: null, error: IDEA_COUNT_LIMITS };
  return { count, error: null };
}
