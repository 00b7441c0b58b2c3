import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-date-time';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(20), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });

  it('leaves text that is not a moment as it is', () => {
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});
