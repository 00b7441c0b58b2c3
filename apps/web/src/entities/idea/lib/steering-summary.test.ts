import { describe, expect, it } from 'vitest';
import { steeringSummary } from './steering-summary';

describe('steeringSummary', () => {
  it('names both kinds, the noun agreeing with the last number', () => {
    expect(steeringSummary(5, 3)).toBe('Steered by 5 liked and 3 rejected ideas');
    expect(steeringSummary(2, 1)).toBe('Steered by 2 liked and 1 rejected idea');
  });

  it('names only the kind there is', () => {
    expect(steeringSummary(2, 0)).toBe('Steered by 2 liked ideas');
    expect(steeringSummary(1, 0)).toBe('Steered by 1 liked idea');
    expect(steeringSummary(0, 1)).toBe('Steered by 1 rejected idea');
  });

  it('is null when nothing steers', () => {
    expect(steeringSummary(0, 0)).toBeNull();
  });
});
