export const MIN_IDEAS = 1;
export const MAX_IDEAS = 50;
export const DEFAULT_IDEAS = 10;

/** The number of ideas typed: 10 when it is not a number, else kept within 1 to 50. */
export function parseIdeaCount(text: string) {
  const count = Number.parseInt(text, 10);
  if (Number.isNaN(count)) return DEFAULT_IDEAS;
  return Math.min(MAX_IDEAS, Math.max(MIN_IDEAS, count));
}
