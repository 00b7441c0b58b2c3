import { describe, expect, it } from 'vitest';
import { Limiter, perObject, Turns } from './turns.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('runs the work of one key one at a time, in the order asked, and other keys freely', async () => {
    const turns = new Turns<number>();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      running -= 1;
      return name;
    };
    const other = turns.take(2, async () => {
      log.push('other key');
      return 'other';
    });
    const results = await Promise.all([
      turns.take(1, work('a')),
      turns.take(1, work('b')),
      turns.take(1, work('c')),
      other,
    ]);
    expect(results).toEqual(['a', 'b', 'c', 'other']);
    expect(most).toBe(1);
    expect(log.filter((line) => line !== 'other key')).toEqual([
      'a starts',
      'a ends',
      'b starts',
      'b ends',
      'c starts',
      'c ends',
    ]);
    expect(log.indexOf('other key')).toBeLessThan(log.indexOf('a ends'));
    expect(turns.busyKeys).toBe(0);
  });

  it('gives the next turn after a piece that failed, and passes the failure on', async () => {
    const turns = new Turns<string>();
    const failed = turns.take('k', () => Promise.reject(new Error('no')));
    const next = turns.take('k', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('next');
    expect(turns.busyKeys).toBe(0);
  });
});

describe('Limiter', () => {
  it('runs at most its capacity at once, the rest in the order asked, after failures too', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      started.push(n);
      await tick();
      running -= 1;
      if (n === 1) throw new Error('one failed');
      return n;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((n) => limiter.run(work(n))));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(await limiter.run(() => Promise.resolve('after'))).toBe('after');
  });
});

describe('perObject', () => {
  it('makes one value per key, when first asked for', () => {
    let made = 0;
    const valueOf = perObject(() => (made += 1));
    const a = {};
    const b = {};
    expect([valueOf(a), valueOf(a), valueOf(b), valueOf(a)]).toEqual([1, 1, 2, 1]);
    expect(made).toBe(2);
  });
});
