import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSharedRefresh } from './shared-refresh';

describe('createSharedRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once for concurrent callers and for callers within a second of completion', async () => {
    let runs = 0;
    const refresh = createSharedRefresh(() => Promise.resolve(++runs), 1000);

    const results = await Promise.all([refresh(), refresh(), refresh()]);
    expect(results).toEqual([1, 1, 1]);

    await vi.advanceTimersByTimeAsync(999);
    expect(await refresh()).toBe(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(await refresh()).toBe(2);
    expect(runs).toBe(2);
  });
});
