/** The least gap between the two percentiles that counts as a disagreement. */
export const DISAGREEMENT_GAP = 0.25;
/** The most ideas each side of the view lists. */
export const DISAGREEMENTS_LISTED = 10;
/** The fewest ideas whose percentiles say anything. */
export const MIN_COMPARED_IDEAS = 4;

/** An idea with a current assessment and a vote total the caller may see. */
export interface Compared {
  idea: number;
  title: string;
  impact: number;
  votes: number;
}

export interface Disagreement extends Compared {
  gap: number;
}

/**
 * Each value's percentile among all of them, 0 for the lowest to 1 for the highest; tied values
 * share the middle of the places they take.
 */
export function percentiles(values: readonly number[]): number[] {
  const last = values.length - 1;
  return values.map((value) => {
    if (last === 0) return 0.5;
    const below = values.filter((v) => v < value).length;
    const tied = values.filter((v) => v === value).length;
    return (below + (tied - 1) / 2) / last;
  });
}

const byGap = (a: Disagreement, b: Disagreement) => b.gap - a.gap || a.idea - b.idea;

/**
 * Where the model and the team disagree most: each idea's impact percentile minus its votes
 * percentile (the gap, rounded to three places). Ideas whose gap is at least 0.25 are the ones
 * the model favours, largest gap first; at most -0.25, the ones the team favours, most negative
 * first; ten of each at most. Fewer than four ideas say nothing: both sides are empty.
 */
export function disagreements(ideas: readonly Compared[]) {
  if (ideas.length < MIN_COMPARED_IDEAS) return { modelFavours: [], teamFavours: [] };
  const impact = percentiles(ideas.map((idea) => idea.impact));
  const votes = percentiles(ideas.map((idea) => idea.votes));
  const gaps: Disagreement[] = ideas.map((idea, i) => ({
    ...idea,
    gap: Math.round(((impact[i] ?? 0) - (votes[i] ?? 0)) * 1000) / 1000,
  }));
  return {
    modelFavours: gaps
      .filter((d) => d.gap >= DISAGREEMENT_GAP)
      .sort(byGap)
      .slice(0, DISAGREEMENTS_LISTED),
    teamFavours: gaps
      .filter((d) => d.gap <= -DISAGREEMENT_GAP)
      .sort((a, b) => a.gap - b.gap || a.idea - b.idea)
      .slice(0, DISAGREEMENTS_LISTED),
  };
}
