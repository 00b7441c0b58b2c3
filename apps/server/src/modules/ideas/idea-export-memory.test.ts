import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createBrotliDecompress } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authHeaders, makeUser } from '../../../test/factories.js';
import { makeBrainstorm } from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';
import { claimExportSlot, MAX_EXPORTS_PER_USER } from './idea-export.js';

const IDEAS = 100_000;
const MB = 1024 * 1024;

// A collection before each sample, so the figure is what the export keeps alive, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
/**
 * The live heap and the Buffers outside it, where a response's unsent bytes wait, once settled:
 * the memory of Buffers a collection frees is given back a moment later.
 */
async function liveMemory() {
  const sample = () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  let last = sample();
  for (let tries = 0; tries < 40; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = sample();
    if (Math.abs(now - last) < MB / 4) return now;
    last = now;
  }
  throw new Error('the live memory did not settle');
}

let t: TestApp;
/** Hears each batch an export reads (its statement names `text_before`), when one listens. */
let onExportBatch: (() => void) | undefined;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: {
        logQuery(query) {
          if (query.includes('text_before')) onExportBatch?.();
        },
      },
    },
  );
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
 * The export holds one batch (about 1 MB of text) at a time. About 100 MB of CSV goes through
 * while the live heap may grow by at most 16 MB: room for a few batches and the stream's
 * buffers, while an export built in memory would keep the whole 100 MB alive.
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
  // What is bounded is memory, not time: a busy machine took over two minutes on PGlite.
}, 300_000);

describe('downloads whose client stops reading', () => {
  const BIG_IDEAS = 4_000;
  const STALLED = 2 * MAX_EXPORTS_PER_USER;
  let brainstorm: number;
  let readers: UserRow[];
  let port: number;
  const exportResponses: ServerResponse[] = [];

  beforeAll(async () => {
    const owner = await makeUser(t.db);
    readers = [owner, await makeUser(t.db)];
    brainstorm = (await makeBrainstorm(t.db, owner, 'Long ideas')).id;
    // Ideas at the length limits (title 300, summary 2,000, description 10,000 characters), of
    // text that compresses no better than prose, with an arrow that makes the description a
    // two-byte string in memory: the most memory a row can take. The marker numbers each idea.
    await t.db.execute(sql`
      with texts as (
        select g, (select string_agg(md5(g || '.' || i), ' ') from generate_series(1, 310) i) as words
        from generate_series(1, ${BIG_IDEAS}) g
      )
      insert into ideas (brainstorm_id, title, summary, description, created)
      select ${brainstorm}, rpad('Stalled idea ' || g || '|', 300, words),
        substr(words, 301, 2000), '→ ' || substr(words, 1, 9998),
        now() - g * interval '1 second'
      from texts`);
    await t.db.execute(sql`analyze ideas`);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    t.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.url?.includes('format=')) exportResponses.push(response);
    });
  }, 120_000);

  /** A download over real HTTP that reads its first chunk, then nothing until let go. */
  async function stalledDownload(user: UserRow, path: string, encoding: 'br' | 'identity') {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      headers: { ...(await authHeaders(t.app, user)), 'accept-encoding': encoding },
      agent: false,
    });
    request.end();
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
    // No reader: the response keeps a few kilobytes, then stops reading the socket.
    await once(response, 'readable');
    const first = response.read() as Buffer;
    return {
      /** Reads the rest; resolves with the numbers of the ideas received, in order. */
      async finish() {
        const ideas = ideaNumbers();
        let body: Readable = response;
        if (encoding === 'br') {
          const decompress = createBrotliDecompress();
          decompress.write(first);
          body = response.pipe(decompress);
        } else ideas.add(first);
        for await (const chunk of body) ideas.add(chunk as Buffer);
        return ideas.numbers;
      },
      abandon: () => request.destroy(),
    };
  }

  /**
   * A client that reads a little, then pauses, again and again, never as fast as the server
   * could write: the export must read its batches (about 1 MB of text each) only as far ahead of
   * what the client read as the sockets' buffers hold, whatever the export's size. Produced
   * without waiting for the socket, the whole export (about 50 MB here) would be read in a few
   * seconds, and held until the client took it.
   */
  it.each(['csv', 'json'] as const)(
    'format=%s: a slow reader is served only as fast as it reads',
    async (format) => {
      const READ_BYTES = 64 * 1024;
      const PAUSE_MS = 10;
      const BATCH_BYTES = MB;
      const path = `/api/ideas/?brainstorm=${String(brainstorm)}&format=${format}`;
      const [reader] = readers as [UserRow];
      let batches = 0;
      let read = 0;
      let furthestAhead = 0;
      onExportBatch = () => {
        batches += 1;
        furthestAhead = Math.max(furthestAhead, batches * BATCH_BYTES - read);
      };
      try {
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          path,
          headers: { ...(await authHeaders(t.app, reader)), 'accept-encoding': 'identity' },
          agent: false,
        });
        request.end();
        const [response] = (await once(request, 'response')) as [IncomingMessage];
        expect(response.statusCode).toBe(200);
        response.pause();
        // A little at a time until 8 MB are read, with a pause after each read.
        while (read < 8 * MB) {
          const chunk = response.read(READ_BYTES) as Buffer | null;
          if (chunk) read += chunk.length;
          else await once(response, 'readable');
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
        request.destroy();
      } finally {
        onExportBatch = undefined;
      }
      console.log(
        `${format} export to a slow reader: ${(read / MB).toFixed(1)} MB read, ${String(batches)} ` +
          `batches, at most ${(furthestAhead / MB).toFixed(1)} MB read ahead ` +
          `(${process.env.TEST_DB ?? 'pglite'})`,
      );
      // The sockets' buffers on both ends (a few MB on loopback), a batch and a few chunks.
      expect(furthestAhead).toBeLessThan(16 * MB);
      await vi.waitFor(() => {
        slotsFree(reader);
      });
    },
    120_000,
  );

  /** The marker numbers in a stream of text, wherever its chunks cut it. */
  function ideaNumbers() {
    const decoder = new StringDecoder('utf8');
    const numbers: number[] = [];
    let rest = '';
    return {
      add(bytes: Buffer) {
        const text = rest + decoder.write(bytes);
        let end = 0;
        for (const match of text.matchAll(/Stalled idea (\d+)\|/g)) {
          numbers.push(Number(match[1]));
          end = match.index + match[0].length;
        }
        rest = text.slice(Math.max(end, text.length - 32));
      },
      numbers,
    };
  }

  const timed = async (path: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${String(port)}${path}`, { headers });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };

  /** Every slot of each user is free again: claims them all, then gives them back. */
  function slotsFree(user: UserRow) {
    const claimed: (() => void)[] = [];
    try {
      for (let i = 0; i < MAX_EXPORTS_PER_USER; i++) claimed.push(claimExportSlot(user.id));
    } finally {
      for (const release of claimed) release();
    }
  }

  /**
   * The server writes only as fast as each client reads: a download whose client stops reading
   * holds at most one batch (about 1 MB of text, 2 MB as two-byte strings) and a few chunks of
   * 64 KB, however large the export. Written a batch at a time whatever the client read, each
   * held 80 to 93 MB here (CSV: 2,000 rows, as one string and one Buffer) or 21 to 23 MB (JSON).
   */
  it.each(['csv', 'json'] as const)(
    'format=%s: a stalled download holds a bounded amount of memory; the API stays quick; all end whole',
    async (format) => {
      const path = `/api/ideas/?brainstorm=${String(brainstorm)}&format=${format}`;
      const [first, second] = readers as [UserRow, UserRow];
      // One whole download first, so the baseline has everything an export loads once.
      const warmUp = await stalledDownload(first, path, 'identity');
      expect(await warmUp.finish()).toHaveLength(BIG_IDEAS);
      await vi.waitFor(() => {
        slotsFree(first);
      });
      exportResponses.length = 0;
      const baseline = await liveMemory();

      const downloads = [];
      for (const user of [first, second]) {
        for (const encoding of ['identity', 'br'] as const) {
          downloads.push(await stalledDownload(user, path, encoding));
        }
      }
      // Stalled: every export's response has its socket full and waits for it to drain.
      await vi.waitFor(
        () => {
          expect(exportResponses).toHaveLength(STALLED);
          expect(exportResponses.every((response) => response.writableNeedDrain)).toBe(true);
        },
        { timeout: 60_000, interval: 20 },
      );
      const health = await timed('/api/health/');
      const list = await timed(
        `/api/ideas/?brainstorm=${String(brainstorm)}&page_size=5`,
        await authHeaders(t.app, first),
      );
      expect([health.status, list.status]).toEqual([200, 200]);
      const perDownload = ((await liveMemory()) - baseline) / STALLED / MB;
      console.log(
        `${format} export: ${perDownload.toFixed(1)} MB per stalled download (${process.env.TEST_DB ?? 'pglite'}); ` +
          `meanwhile health ${health.ms.toFixed(0)} ms, a page ${list.ms.toFixed(0)} ms`,
      );

      downloads.pop()?.abandon();
      for (const download of downloads) {
        expect(await download.finish()).toEqual(Array.from({ length: BIG_IDEAS }, (_, i) => i + 1));
      }
      // Read whole or abandoned, every download gave its slot back.
      await vi.waitFor(() => {
        slotsFree(first);
        slotsFree(second);
      });
      // Checked once the downloads are let go, so that a failure leaves no connection stalled.
      expect(perDownload).toBeLessThan(8);
      expect(Math.max(health.ms, list.ms)).toBeLessThan(1_000);
    },
    // Three whole downloads of 4,000 long ideas: over a minute on PGlite on a busy machine.
    180_000,
  );
});
