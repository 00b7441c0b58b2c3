import { afterAll, beforeAll, expect, it } from 'vitest';
import { PgliteTakingTurns } from './pglite-turns.js';

let db: PgliteTakingTurns;

beforeAll(async () => {
  db = new PgliteTakingTurns();
  await db.waitReady;
});
afterAll(() => db.close());

/**
 * A plain PGlite runs a request's statements one after another in microtasks: a timer set before
 * them fired only once all were done (decision 037).
 */
it('lets a timer run between the statements of one request, which keep their order', async () => {
  let doneWhenTimerFired: number | undefined;
  let done = 0;
  setTimeout(() => (doneWhenTimerFired = done), 0);
  const seen: number[] = [];
  for (let i = 0; i < 20; i++) {
    const { rows } = await db.query<{ n: number }>('select $1::int as n', [i]);
    seen.push(rows[0]?.n ?? -1);
    done += 1;
  }
  expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
  expect(doneWhenTimerFired).toBeLessThan(20);
});

it('runs statements asked for together in the order they were asked for', async () => {
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      db.transaction(async (tx) => {
        await tx.query('select 1');
        order.push(i);
      }),
    ),
  );
  expect(order).toEqual(Array.from({ length: 10 }, (_, i) => i));
});
