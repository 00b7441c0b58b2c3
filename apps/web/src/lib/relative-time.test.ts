import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-05-10T12:00:00Z');

describe('relativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime('2026-05-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-05-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-05-09T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-04-10T12:00:00Z', now)).toBe('last month');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
