import { describe, expect, it } from 'vitest';
import { IDEA_COUNT_LIMITS, parseIdeaCount } from './idea-count';

describe('parseIdeaCount', () => {
  it('reads a whole number', () => {
    expect(parseIdeaCount('7')).toEqual({ count: 7, error: null });
    expect(parseIdeaCount(' 12 ')).toEqual({ count: 12, error: null });
    expect(parseIdeaCount('3.9')).toEqual({ count: 3, error: null });
    expect(parseIdeaCount('1').count).toBe(1);
    expect(parseIdeaCount('50').count).toBe(50);
  });

  it('falls back to 10 when the text is not a number', () => {
    for (const text of ['', ' ', 'abc', '-', 'e']) {
      expect(parseIdeaCount(text)).toEqual({ count: 10, error: null });
    }
  });

  it('refuses a number outside 1 to 50, saying what the limits are', () => {
    expect(IDEA_COUNT_LIMITS).toBe('Choose between 1 and 50 ideas.');
    for (const text of ['0', '-3', '-0', '0.5', '51', '60', '1000', '1e3', 'Infinity']) {
      expect(parseIdeaCount(text), text).toEqual({ count: null, error: IDEA_COUNT_LIMITS });
    }
  });
});
