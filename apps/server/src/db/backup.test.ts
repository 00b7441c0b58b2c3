import { randomUUID } from 'node:crypto';
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { makeUser } from '../../test/factories.js';
import { analysisJobs, deliveryJobs, generationJobs } from '../../test/queue-jobs.js';
import { seedDatabase } from '../seed/seed.js';
import { backupDatabase, restoreDatabase, type RestoreOptions } from './backup.js';
import { publicTables, tableShapes } from './backup-catalog.js';
import { openDatabase, type Database } from './client.js';
import { rowsOf } from './rows.js';
import { ideaAnnotations, ideaComments } from './schema/annotations.js';
import { loginFailures, refreshTokens } from './schema/auth.js';
import { brainstorms } from './schema/brainstorms.js';
import { generations, generationSlots } from './schema/generations.js';
import { ideaDuplicateDecisions, ideaEmbeddings, ideas, themes } from './schema/ideas.js';
import {
  personalAccessTokens,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
} from './schema/integrations.js';
import { analyses, ideaAssessments, rankingComparisons } from './schema/sense-making.js';
import { users } from './schema/users.js';

const DAY = 86_400_000;
const queue = { expireInSeconds: 60, maintenanceSeconds: 300, pollingSeconds: 2 };
const replace: RestoreOptions = { replace: true, queue };
const intoEmpty: RestoreOptions = { replace: false, queue };

/** Hard cases for a text format: quotes, backslashes, line breaks, astral and separator code points. */
const AWKWARD =
  'A "quoted" \\ back\\slash,\nnew line,\r\ttab, \u2028separator, emoji \u{1F680}, ünïcödé';

function one<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row) throw new Error('expected a row');
  return row;
}

/** Demo data, plus rows in the tables the seed leaves empty: every public table holds some. */
async function fillEveryTable(database: Database) {
  const { db } = database;
  await seedDatabase(db, { brainstorms: 3, ideas: 1100, users: 4, seed: 5 });
  const user = one(await db.select().from(users).orderBy(users.id).limit(1));
  const brainstorm = one(await db.select().from(brainstorms).orderBy(brainstorms.id).limit(1));
  await db.insert(refreshTokens).values({
    family: randomUUID(),
    userId: user.id,
    tokenHash: `hash-${randomUUID()}`,
    expiresAt: new Date(Date.now() + DAY),
  });
  await db
    .insert(loginFailures)
    .values({ key: 'email:someone@example.com', count: 2, windowStart: new Date() });
  const generation = one(
    await db
      .insert(generations)
      .values({
        brainstormId: brainstorm.id,
        createdBy: user.id,
        requested: 3,
        succeeded: 1,
        status: 'running',
        started: new Date(),
      })
      .returning(),
  );
  const slot = (n: number, status: 'done' | 'running' | 'queued') => ({
    generationId: generation.id,
    slot: n,
    provider: 'offline',
    model: 'offline',
    settings: { temperature: 0.7, max_tokens: 300 },
    angle: { key: 'free', label: AWKWARD, instruction: '' },
    status,
  });
  await db.insert(generationSlots).values([slot(0, 'done'), slot(1, 'running'), slot(2, 'queued')]);
  const [generated, repeat] = await db
    .insert(ideas)
    .values([
      {
        brainstormId: brainstorm.id,
        title: 'Generated',
        description: AWKWARD,
        generationId: generation.id,
        generationSlot: 0,
        provider: 'offline',
        model: 'offline',
        settings: { temperature: 0.7 },
      },
      { brainstormId: brainstorm.id, title: 'Generated, again', createdBy: user.id },
    ])
    .returning();
  if (!generated || !repeat) throw new Error('expected two ideas');
  await db.insert(ideaDuplicateDecisions).values({
    ideaId: repeat.id,
    originalId: generated.id,
    isDuplicate: false,
    decidedBy: user.id,
  });
  await db
    .insert(ideaEmbeddings)
    .values({ ideaId: generated.id, model: 'embedder', embedding: [0.25, -1, 1e-7] });
  await fillSenseMaking(db, brainstorm.id, user.id, [generated.id, repeat.id]);
  await fillIntegrations(db, user.id);
  return generation.id;
}

/** A token, and a webhook with a delivery that was tried once and then succeeded. */
async function fillIntegrations(db: Database['db'], userId: number) {
  await db.insert(personalAccessTokens).values({
    userId,
    name: AWKWARD,
    scope: 'read',
    tokenHash: `hash-${randomUUID()}`,
    prefix: 'ifpat_abc',
    expiresAt: new Date(Date.now() + DAY),
  });
  const webhook = one(
    await db
      .insert(webhooks)
      .values({
        url: 'https://hooks.example.com/ideaforge',
        events: ['comment.created', 'idea.pinned'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        createdBy: userId,
      })
      .returning(),
  );
  const delivery = one(
    await db
      .insert(webhookDeliveries)
      .values({
        webhookId: webhook.id,
        event: 'comment.created',
        messageId: `msg_${randomUUID()}`,
        payload: { type: 'comment.created', data: { text: AWKWARD } },
        status: 'succeeded',
        attempts: 2,
        finishedAt: new Date(),
      })
      .returning(),
  );
  await db.insert(webhookAttempts).values([
    { deliveryId: delivery.id, attempt: 1, statusCode: 503, durationMs: 12 },
    { deliveryId: delivery.id, attempt: 2, statusCode: 204, durationMs: 9 },
  ]);
  // One still to be retried: a restore queues it again.
  await db.insert(webhookDeliveries).values({
    webhookId: webhook.id,
    event: 'idea.pinned',
    messageId: `msg_${randomUUID()}`,
    payload: { type: 'idea.pinned', data: {} },
    attempts: 1,
  });
}

/** A theme with an idea in it, a combined idea, a run under way, and a done ranking. */
async function fillSenseMaking(
  db: Database['db'],
  brainstormId: number,
  userId: number,
  pair: number[],
) {
  const theme = one(
    await db.insert(themes).values({ brainstormId, name: AWKWARD, createdBy: userId }).returning(),
  );
  await db.insert(ideas).values({
    brainstormId,
    title: 'Combined',
    themeId: theme.id,
    combinedFrom: pair,
    createdBy: userId,
  });
  await db.insert(analyses).values({
    brainstormId,
    kind: 'themes',
    createdBy: userId,
    provider: 'offline',
    model: 'sample-ideas',
    method: 'keywords',
    params: { ideas: pair },
    status: 'running',
    inFlightTokens: 0,
  });
  const ranking = one(
    await db
      .insert(analyses)
      .values({
        brainstormId,
        kind: 'rank',
        createdBy: userId,
        provider: 'openai',
        model: 'gpt-5-mini',
        params: { ideas: pair, rounds: 1 },
        status: 'done',
        callsPlanned: 1,
        callsMade: 1,
        inputTokens: 700,
        outputTokens: 30,
        result: {
          kind: 'rank',
          ranking: {
            ideas: pair.map((idea, i) => ({ idea, rating: 1016 - i * 32, wins: 1 - i, losses: i })),
          },
        },
        finished: new Date(),
      })
      .returning(),
  );
  const [a = 0, b = 0] = pair;
  await db.insert(rankingComparisons).values({
    analysisId: ranking.id,
    round: 0,
    pair: 0,
    ideaA: a,
    ideaB: b,
    winner: a,
    reason: AWKWARD,
  });
  await db.insert(ideaAssessments).values({
    ideaId: a,
    analysisId: ranking.id,
    provider: 'openai',
    model: 'gpt-5-mini',
    impact: 4,
    effort: 2,
    novelty: 5,
    impactReason: AWKWARD,
    effortReason: 'An afternoon',
    noveltyReason: 'Never seen',
  });
}

/** Every public table's rows, in UTC, in a stable order. */
async function dump(database: Database): Promise<Record<string, unknown[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables: Record<string, unknown[]> = {};
    for (const table of await publicTables(tx)) {
      const rows = rowsOf<{ row: string }>(
        await tx.execute(sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`),
      );
      tables[table] = sorted(rows.map((r) => JSON.parse(r.row) as unknown));
    }
    return tables;
  });
}

const sorted = (rows: unknown[]) =>
  rows
    .map((row) => [JSON.stringify(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);

/** What a restore of `source` holds: the same, with the running slots and runs queued again. */
function restoredFrom(source: Record<string, unknown[]>) {
  const queuedAgain = (rows: unknown[] = []) =>
    sorted(
      rows.map((row) => {
        const withStatus = row as { status: string };
        return withStatus.status === 'running' ? { ...withStatus, status: 'queued' } : withStatus;
      }),
    );
  return {
    ...source,
    generation_slots: queuedAgain(source.generation_slots),
    analyses: queuedAgain(source.analyses),
  };
}

/** A gzip'd backup with its lines changed by `edit`. */
function rewrite(file: string, to: string, edit: (lines: string[]) => string[]) {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
  writeFileSync(to, gzipSync(`${edit(lines).join('\n')}\n`));
}

let dir: string;
let source: Database;
let file: string;
let generationId: number;
let expected: Record<string, unknown[]>;
let summary: { tables: number; rows: number };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ideaforge-backup-'));
  source = await createTestDatabase();
  generationId = await fillEveryTable(source);
  file = path.join(dir, 'backup.jsonl.gz');
  expected = restoredFrom(await dump(source));
  summary = await backupDatabase(source, file);
}, 120_000);
afterAll(async () => {
  await source.close();
  rmSync(dir, { recursive: true, force: true });
});

async function withTarget(run: (target: Database) => Promise<void>) {
  const target = await createTestDatabase();
  try {
    await run(target);
  } finally {
    await target.close();
  }
}

describe('a backup', () => {
  it('covers every public table, and the test data has rows in each', async () => {
    const tables = await publicTables(source.db);
    const rows = await dump(source);
    expect(Object.keys(rows).sort()).toEqual([...tables].sort());
    for (const table of tables) expect(rows[table]?.length, table).toBeGreaterThan(0);
    const total = Object.values(rows).reduce((sum, r) => sum + r.length, 0);
    expect(summary).toEqual({ tables: tables.length, rows: total });
    // Only the finished file is left: no partial one beside it.
    expect(readdirSync(dir)).toEqual(['backup.jsonl.gz']);
  });

  it('restores into an empty database row for row, with fresh ids and the pending slots queued', async () => {
    await withTarget(async (target) => {
      expect(await restoreDatabase(target, file, intoEmpty)).toEqual(summary);
      expect(await dump(target)).toEqual(expected);

      const [run] = await target.db
        .select({ id: analyses.id })
        .from(analyses)
        .where(eq(analyses.status, 'queued'));
      expect(await analysisJobs(target)).toEqual([
        { name: 'analyze-offline', analysisId: run?.id },
      ]);
      const pending = await target.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'pending'));
      expect(await deliveryJobs(target)).toEqual(pending.map((d) => d.id));
      const jobs = await generationJobs(target);
      expect(jobs).toEqual([
        {
          name: 'generate-idea-offline',
          data: { generationId, slot: 1 },
          state: 'created',
          retryCount: 0,
        },
        {
          name: 'generate-idea-offline',
          data: { generationId, slot: 2 },
          state: 'created',
          retryCount: 0,
        },
      ]);

      // Every identity sequence continues after the restored ids.
      for (const [table, { sequences }] of await tableShapes(target.db)) {
        for (const { column, sequence } of sequences) {
          const row = one(
            rowsOf<{ fresh: boolean }>(
              await target.db.execute(
                sql`select nextval(${sequence}::regclass) > coalesce(max(${sql.identifier(column)}), 0)
                  as fresh from ${sql.identifier(table)}`,
              ),
            ),
          );
          expect(row.fresh, `${table}.${column}`).toBe(true);
        }
      }
      const maxUser = Math.max(...(expected.users ?? []).map((u) => (u as { id: number }).id));
      expect((await makeUser(target.db)).id).toBeGreaterThan(maxUser);
    });
  });

  it('is refused by a database holding data, unless it is replaced, jobs included', async () => {
    await withTarget(async (target) => {
      await makeUser(target.db);
      await expect(restoreDatabase(target, file, intoEmpty)).rejects.toThrow(
        /already holds data \(table users\).*add --replace/,
      );
      await restoreDatabase(target, file, replace);
      await restoreDatabase(target, file, replace);
      expect(await dump(target)).toEqual(expected);
      expect(await generationJobs(target)).toHaveLength(2);
    });
  });

  it('that is cut short or lacks its last line is refused, and the database stays as it was', async () => {
    const half = path.join(dir, 'half.jsonl.gz');
    const whole = readFileSync(file);
    writeFileSync(half, whole.subarray(0, Math.floor(whole.length / 2)));
    const noTrailer = path.join(dir, 'no-trailer.jsonl.gz');
    rewrite(file, noTrailer, (lines) => lines.slice(0, -1));
    const lostBatch = path.join(dir, 'lost-batch.jsonl.gz');
    rewrite(file, lostBatch, (lines) => lines.filter((l) => !l.startsWith('{"table":"login_')));

    await withTarget(async (target) => {
      await restoreDatabase(target, file, intoEmpty);
      await target.db
        .insert(loginFailures)
        .values({ key: 'after', count: 1, windowStart: new Date() });
      const before = await dump(target);
      const jobsBefore = await generationJobs(target);
      for (const [damaged, why] of [
        [half, 'its compressed data is cut short or corrupt'],
        [noTrailer, 'it ends before its last line'],
        [lostBatch, 'its row counts differ from its rows'],
      ] as const) {
        await expect(restoreDatabase(target, damaged, replace)).rejects.toThrow(
          `${damaged} is damaged or incomplete (${why}); nothing was restored.`,
        );
      }
      expect(await dump(target)).toEqual(before);
      expect(await generationJobs(target)).toEqual(jobsBefore);
    });
  });

  it('refuses what is not a backup, a backup of another version, and an existing file', async () => {
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'not a backup\n');
    const json = path.join(dir, 'other.jsonl.gz');
    writeFileSync(json, gzipSync('{"format":"something-else"}\n'));
    const madeBy = (name: string, change: number) => {
      const to = path.join(dir, name);
      rewrite(file, to, ([header = '', ...rest]) => {
        const parsed = JSON.parse(header) as { migration: number };
        return [JSON.stringify({ ...parsed, migration: parsed.migration + change }), ...rest];
      });
      return to;
    };
    const older = madeBy('older.jsonl.gz', -1);
    const newer = madeBy('newer.jsonl.gz', 1);
    await withTarget(async (target) => {
      for (const notBackup of [text, json]) {
        await expect(restoreDatabase(target, notBackup, intoEmpty)).rejects.toThrow(
          `${notBackup} is not an Ideaforge backup.`,
        );
      }
      await expect(restoreDatabase(target, path.join(dir, 'missing'), intoEmpty)).rejects.toThrow(
        `There is no file ${path.join(dir, 'missing')}.`,
      );
      await expect(restoreDatabase(target, older, intoEmpty)).rejects.toThrow(
        `${older} was made by a different version of Ideaforge: restore it with that version, ` +
          'then start this version to upgrade.',
      );
      await expect(restoreDatabase(target, newer, intoEmpty)).rejects.toThrow(
        `${newer} was made by a later version of Ideaforge: restore it with that version.`,
      );
      expect(Object.values(await dump(target)).flat()).toEqual([]);
    });
    await expect(backupDatabase(source, file)).rejects.toThrow(`${file} already exists`);
    const nowhere = path.join(dir, 'no-such-folder', 'backup.jsonl.gz');
    await expect(backupDatabase(source, nowhere)).rejects.toThrow(
      `${nowhere} cannot be written (ENOENT); nothing was backed up.`,
    );
  });

  // On the embedded database nothing else can write while the backup's transaction is open.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'reads one snapshot while the app goes on writing',
    async () => {
      const { id } = one(await source.db.select().from(ideaAnnotations).limit(1));
      const marker = `Written while the backup ran ${randomUUID()}`;
      const out = path.join(dir, 'snapshot.jsonl.gz');
      const destination = createWriteStream(out);
      let written = false;
      // The comments are read last: the comment is written before, while the ideas stream out.
      const output = new Writable({
        write(chunk, _encoding, done) {
          const before = written
            ? Promise.resolve()
            : source.db.insert(ideaComments).values({ annotationId: id, text: marker });
          written = true;
          before.then(() => destination.write(chunk, done), done);
        },
        final(done) {
          destination.end(done);
        },
      });
      try {
        await backupDatabase(source, output);
        expect(written).toBe(true);
        const where = eq(ideaComments.text, marker);
        expect(await source.db.select().from(ideaComments).where(where)).toHaveLength(1);
        expect(gunzipSync(readFileSync(out)).toString('utf8')).not.toContain(marker);
      } finally {
        await source.db.delete(ideaComments).where(eq(ideaComments.text, marker));
      }
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'of the embedded database restores into PostgreSQL',
    async () => {
      const embedded = await openDatabase({ kind: 'pglite-memory' });
      const crossFile = path.join(dir, 'embedded.jsonl.gz');
      let fromEmbedded: Record<string, unknown[]>;
      try {
        await embedded.migrate();
        await fillEveryTable(embedded);
        fromEmbedded = restoredFrom(await dump(embedded));
        await backupDatabase(embedded, crossFile);
      } finally {
        await embedded.close();
      }
      await withTarget(async (target) => {
        expect(target.kind).toBe('postgres');
        await restoreDatabase(target, crossFile, intoEmpty);
        expect(await dump(target)).toEqual(fromEmbedded);
        expect(await generationJobs(target)).toHaveLength(2);
      });
    },
    120_000,
  );
});
