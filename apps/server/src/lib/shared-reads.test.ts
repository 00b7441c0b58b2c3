import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.js';

/** A read that finishes when told to, counting how often it started. */
function controlledRead() {
  const finishers: ((value: number) => void)[] = [];
  let started = 0;
  const load = () =>
    new Promise<number>((resolve) => {
      started += 1;
      finishers.push(resolve);
    });
  return { load, finishers, started: () => started };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('shared reads', () => {
  it('serves callers arriving during a read from one read that starts after it', async () => {
    const shared = new SharedReads<number>();
    const read = controlledRead();
    const first = shared.read('all', read.load);
    await tick();
    const later = [shared.read('all', read.load), shared.read('all', read.load)];
    await tick();
    expect(read.started()).toBe(1);

    read.finishers[0]?.(1);
    expect(await first).toBe(1);
    await tick();
    expect(read.started()).toBe(2);
    read.finishers[1]?.(2);
    expect(await Promise.all(later)).toEqual([2, 2]);
  });

  it('keeps different keys apart', async () => {
    const shared = new SharedReads<number>();
    const read = controlledRead();
    const a = shared.read('a', read.load);
    const b = shared.read('b', read.load);
    await tick();
    expect(read.started()).toBe(2);
    read.finishers[0]?.(1);
    read.finishers[1]?.(2);
    expect([await a, await b]).toEqual([1, 2]);
  });

  it('gives a failed read its error, and the callers after it a read of their own', async () => {
    const shared = new SharedReads<number>();
    let calls = 0;
    const failing = shared.read('all', () => {
      calls += 1;
      return Promise.reject(new Error('database gone'));
    });
    const after = shared.read('all', () => {
      calls += 1;
      return Promise.resolve(7);
    });
    await expect(failing).rejects.toThrow('database gone');
    expect(await after).toBe(7);
    expect(calls).toBe(2);
    expect(await shared.read('all', () => Promise.resolve(8))).toBe(8);
  });

  it('turns a load that throws at once into a rejected read', async () => {
    const shared = new SharedReads<number>();
    await expect(
      shared.read('all', () => {
        throw new Error('bad');
      }),
    ).rejects.toThrow('bad');
    expect(await shared.read('all', () => Promise.resolve(1))).toBe(1);
  });
});
