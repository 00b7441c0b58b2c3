/** The four quadrants of the impact/effort matrix, as the team names them. */
export type Quadrant = 'quick-wins' | 'big-bets' | 'fill-ins' | 'money-pits';

/** A score of 3 or more (on 1 to 5) is high. */
export const HIGH_FROM = 3;

export const QUADRANT_LABELS: Record<Quadrant, string> = {
  'quick-wins': 'Quick wins',
  'big-bets': 'Big bets',
  'fill-ins': 'Fill-ins',
  'money-pits': 'Money pits',
};

/** The order the table lists them in: the best bets first. */
export const QUADRANT_ORDER: readonly Quadrant[] = [
  'quick-wins',
  'big-bets',
  'fill-ins',
  'money-pits',
];

/**
 * Where an idea falls: high impact and low effort is a quick win, high and high a big bet, low
 * and low a fill-in, low impact for high effort a money pit.
 */
export function quadrantOf(impact: number, effort: number): Quadrant {
  const highImpact = impact >= HIGH_FROM;
  const highEffort = effort >= HIGH_FROM;
  if (highImpact) return highEffort ? 'big-bets' : 'quick-wins';
  return highEffort ? 'money-pits' : 'fill-ins';
}
