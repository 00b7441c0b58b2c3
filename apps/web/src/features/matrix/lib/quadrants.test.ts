import { describe, expect, it } from 'vitest';
import { quadrantOf } from './quadrants';

describe('quadrantOf', () => {
  it.each([
    [5, 1, 'quick-wins'],
    [3, 2, 'quick-wins'],
    [4, 3, 'big-bets'],
    [2, 2, 'fill-ins'],
    [1, 5, 'money-pits'],
  ] as const)('impact %i and effort %i is %s', (impact, effort, quadrant) => {
    expect(quadrantOf(impact, effort)).toBe(quadrant);
  });
});
