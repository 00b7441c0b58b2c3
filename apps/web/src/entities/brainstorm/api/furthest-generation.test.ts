import { describe, expect, it } from 'vitest';
import { makeGeneration } from '@/test/fixtures';
import { furthestGeneration } from './furthest-generation';

describe('furthestGeneration', () => {
  it('keeps what the stream brought when a read answers with less', () => {
    const streamed = makeGeneration({ status: 'running', succeeded: 4, failed: 1 });
    const read = makeGeneration({ status: 'running', succeeded: 2, failed: 0 });
    expect(furthestGeneration(streamed, read)).toBe(streamed);
    const ended = makeGeneration({ status: 'done', succeeded: 10, failed: 0 });
    expect(furthestGeneration(ended, streamed)).toBe(ended);
  });

  it('takes the read when it has gone as far or further, with its slots and failures', () => {
    const streamed = makeGeneration({ status: 'partly_failed', succeeded: 9, failed: 1 });
    const read = makeGeneration({
      status: 'partly_failed',
      succeeded: 9,
      failed: 1,
      failures: [{ count: 1, reason: 'rate limited by the provider' }],
    });
    expect(furthestGeneration(streamed, read)).toEqual(read);
    const later = makeGeneration({ status: 'running', succeeded: 6, failed: 0 });
    const earlier = makeGeneration({ status: 'running', succeeded: 5, failed: 0 });
    expect(furthestGeneration(earlier, later)).toEqual(later);
    expect(furthestGeneration(undefined, later)).toEqual(later);
  });
});
