import { describe, expect, it } from 'vitest';
import { parseIdeaCount } from './idea-count';

describe('parseIdeaCount', () => {
  it('reads a whole number', () => {
    expect(parseIdeaCount('7')).toBe(7);
    expect(parseIdeaCount(' 12 ')).toBe(12);
    expect(parseIdeaCount('3.9')).toBe(3);
  });

  it('falls back to 10 when the text is not a number', () => {
    for (const text of ['', 'abc', '-', 'e']) expect(parseIdeaCount(text)).toBe(10);
  });

  it('keeps the number within 1 to 50', () => {
    expect(parseIdeaCount('0')).toBe(1);
    expect(parseIdeaCount('-4')).toBe(1);
    expect(parseIdeaCount('51')).toBe(50);
    expect(parseIdeaCount('1000')).toBe(50);
  });
});
