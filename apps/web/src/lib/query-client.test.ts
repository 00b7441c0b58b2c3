import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { createQueryClient } from './query-client';

/** Runs a query whose every attempt fails with `error`; returns the attempts and the time taken. */
async function failingQuery(error: Error) {
  vi.mocked(console.error).mockImplementation(() => undefined);
  const queryFn = vi.fn(() => Promise.reject(error));
  const started = performance.now();
  await expect(createQueryClient().query({ queryKey: ['probe'], queryFn })).rejects.toBe(error);
  return { attempts: queryFn.mock.calls.length, elapsed: performance.now() - started };
}

describe('the query retry policy', () => {
  it.each([400, 403, 404])('does not retry a %i', async (status) => {
    const { attempts } = await failingQuery(new ApiError(status, { detail: 'No.' }));
    expect(attempts).toBe(1);
  });

  it.each([
    ['a server error', new ApiError(503, { detail: 'Down.' })],
    ['a dropped connection', new TypeError('Failed to fetch')],
  ])('retries %s once, quickly, so the error shows within a second', async (_, error) => {
    const { attempts, elapsed } = await failingQuery(error);
    expect(attempts).toBe(2);
    expect(elapsed).toBeLessThan(1000);
  });

  it('logs each failed query once', async () => {
    await failingQuery(new ApiError(500, {}));
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});
