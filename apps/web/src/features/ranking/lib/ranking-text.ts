/** The top N a ranking compares: 2 to 50, 20 unless chosen. */
export const RANK_TOP = { min: 2, max: 50, initial: 20 } as const;

/** The number typed for N, or null when it is not a whole number from 2 to 50. */
export function parseTop(text: string) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value)) return null;
  return value >= RANK_TOP.min && value <= RANK_TOP.max ? value : null;
}

/**
 * The one agreement figure in words: Spearman's rank correlation between the model's ratings
 * and the team's votes, or why there is none.
 */
export function agreementText(correlation: number | null) {
  if (correlation === null) {
    return 'Agreement with team votes: not available, as the votes are hidden or all equal.';
  }
  return `Agreement with team votes: ${correlation.toFixed(2)} (Spearman)`;
}
