import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authHeaders, makeUser } from '../../../test/factories.js';
import { makeBrainstorm } from '../../../test/idea-factories.js';

const IDEAS = 100_000;
const MB = 1024 * 1024;

// A collection before each sample, so the figure is what the export keeps alive, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Reads a stream to its end, sampling the live heap every 4 MB. */
async function readAll(stream: Readable) {
  let lines = 0;
  let bytes = 0;
  let sampled = 0;
  let peak = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines += 1;
    if (bytes - sampled >= 4 * MB) {
      sampled = bytes;
      peak = Math.max(peak, liveHeap());
    }
  }
  return { lines, bytes, peak };
}

/**
 * The export holds one batch of 500 rows (about 0.5 MB of CSV) at a time. About 100 MB of CSV
 * goes through while the live heap may grow by at most 16 MB: room for a few batches and the
 * stream's buffers, while an export built in memory would keep the whole 100 MB alive.
 */
it(`streams ${IDEAS.toLocaleString('en')} ideas with bounded heap growth`, async () => {
  const user = await makeUser(t.db);
  const brainstorm = await makeBrainstorm(t.db, user, 'Large');
  await t.db.execute(sql`
    insert into ideas (brainstorm_id, title, summary, description, created)
    select ${brainstorm.id}, 'Idea ' || g, 'Summary of idea ' || g, repeat('lorem ipsum ', 80),
      now() - g * interval '1 second'
    from generate_series(1, ${IDEAS}) g`);
  // What autovacuum would do after a bulk insert (PGlite has none): plans from fresh statistics.
  await t.db.execute(sql`analyze ideas`);
  const headers = await authHeaders(t.app, user);
  const baseline = liveHeap();
  const response = await t.app.inject({
    url: `/api/ideas/?brainstorm=${brainstorm.id}&format=csv`,
    headers,
    payloadAsStream: true,
  });
  expect(response.statusCode).toBe(200);
  const { lines, bytes, peak } = await readAll(response.stream());
  expect(lines).toBe(IDEAS + 1);
  expect(bytes).toBeGreaterThan(100 * MB);
  expect((peak - baseline) / MB).toBeLessThan(16);
}, 120_000);
