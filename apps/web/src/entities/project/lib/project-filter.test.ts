import { describe, expect, it } from 'vitest';
import { parseProjectFilter, projectFilterOf, projectFilterValue } from './project-filter';

describe('the project filter', () => {
  it('reads an id, none, or all for anything else', () => {
    expect(parseProjectFilter('7')).toBe(7);
    expect(parseProjectFilter(7)).toBe(7);
    expect(parseProjectFilter('none')).toBe('none');
    expect(parseProjectFilter('0')).toBeNull();
    expect(parseProjectFilter('x')).toBeNull();
    expect(parseProjectFilter(undefined)).toBeNull();
  });

  it("goes to a select's value and back", () => {
    for (const filter of [7, 'none', null] as const) {
      expect(projectFilterOf(projectFilterValue(filter))).toBe(filter);
    }
  });
});
