import { describe, expect, it } from 'vitest';
import { Turns } from './turns.js';

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
