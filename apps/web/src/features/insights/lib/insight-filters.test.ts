import { describe, expect, it } from 'vitest';
import { insightsQuery, insightsSearchSchema, sinceDay } from './insight-filters';

const NOW = Date.parse('2026-11-27T10:00:00Z');

describe('sinceDay', () => {
  it('turns a preset into its first day and keeps a day as it is', () => {
    expect(sinceDay('30d', NOW)).toBe('2026-10-28');
    expect(sinceDay('7d', NOW)).toBe('2026-11-20');
    expect(sinceDay('2026-01-15', NOW)).toBe('2026-01-15');
    expect(sinceDay('all', NOW)).toBeUndefined();
    expect(sinceDay(undefined, NOW)).toBeUndefined();
  });
});

describe('the address and the query', () => {
  it('keeps the filters it understands and drops the others', () => {
    expect(insightsSearchSchema.parse({ brainstorm: '12', project: 'x', since: 'soon' })).toEqual({
      brainstorm: 12,
      project: undefined,
      since: undefined,
    });
    expect(insightsQuery({ brainstorm: 12, since: '2026-01-15' })).toEqual({
      brainstorm: 12,
      since: '2026-01-15',
    });
  });
});
