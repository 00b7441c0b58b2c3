import { describe, expect, it } from 'vitest';
import { resolveReturnTo } from './return-to';

describe('resolveReturnTo', () => {
  it.each(['/x', '/brainstorms/3/review?page=2', '/'])(
    'honours the same-origin path %s',
    (path) => {
      expect(resolveReturnTo(path)).toBe(path);
    },
  );

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'x', ''])(
    'ignores %s and goes to /dashboard',
    (path) => {
      expect(resolveReturnTo(path)).toBe('/dashboard');
    },
  );

  it('goes to /dashboard without a returnTo', () => {
    expect(resolveReturnTo(undefined)).toBe('/dashboard');
  });
});
