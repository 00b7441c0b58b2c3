import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import {
  generations,
  generationSlots,
  type GenerationRow,
  type GenerationSlotRow,
} from '../../db/schema/generations.js';
import { ideas } from '../../db/schema/ideas.js';
import type { GeneratedIdea } from './generated-idea.js';

export type NewSlot = Omit<
  typeof generationSlots.$inferInsert,
  'generationId' | 'status' | 'attempts' | 'error' | 'ideaId' | 'started' | 'finished'
>;

export async function insertGeneration(
  db: Db,
  values: { brainstormId: number; createdBy: number; slots: NewSlot[] },
): Promise<GenerationRow> {
  const reserved = values.slots.reduce((sum, s) => sum + (s.reservedTokens ?? 0), 0);
  const [generation] = await db
    .insert(generations)
    .values({
      brainstormId: values.brainstormId,
      createdBy: values.createdBy,
      requested: values.slots.length,
      reservedTokens: reserved,
    })
    .returning();
  if (!generation) throw new Error('an insert returned no row');
  await db
    .insert(generationSlots)
    .values(values.slots.map((slot) => ({ ...slot, generationId: generation.id })));
  return generation;
}

export interface GenerationWithSlots extends GenerationRow {
  slots: GenerationSlotRow[];
}

async function withSlots(db: Db, rows: GenerationRow[]): Promise<GenerationWithSlots[]> {
  if (rows.length === 0) return [];
  const slots = await db
    .select()
    .from(generationSlots)
    .where(
      inArray(
        generationSlots.generationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(generationSlots.generationId), asc(generationSlots.slot));
  return rows.map((row) => ({ ...row, slots: slots.filter((s) => s.generationId === row.id) }));
}

export async function findGeneration(db: Db, id: number): Promise<GenerationWithSlots | null> {
  const rows = await db.select().from(generations).where(eq(generations.id, id));
  const [found] = await withSlots(db, rows);
  return found ?? null;
}

export async function listGenerations(
  db: Db,
  brainstormId: number,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: GenerationWithSlots[] }> {
  const where = eq(generations.brainstormId, brainstormId);
  const [total] = await db.select({ n: count() }).from(generations).where(where);
  const rows = await db
    .select()
    .from(generations)
    .where(where)
    .orderBy(desc(generations.created), desc(generations.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.n ?? 0, rows: await withSlots(db, rows) };
}

/** What a generation has used and holds in reserve since a moment: for the limits. */
export async function usageSince(db: Db, since: Date, userId?: number) {
  const [row] = await db
    .select({
      ideas: sql<number>`coalesce(sum(${generations.requested}), 0)::int`,
      // A bigint: the driver hands it over as a string.
      tokens: sql<string>`coalesce(sum(${generations.inputTokens} + ${generations.outputTokens}
        + ${generations.reservedTokens}), 0)::bigint`,
      oldest: sql<Date | null>`min(${generations.created})`,
    })
    .from(generations)
    .where(
      and(
        sql`${generations.created} >= ${since.toISOString()}`,
        userId === undefined ? undefined : eq(generations.createdBy, userId),
      ),
    );
  return {
    ideas: row?.ideas ?? 0,
    tokens: Number(row?.tokens ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** The creation times of a user's generations in the last hour, with what each requested. */
export async function recentRequests(db: Db, userId: number, since: Date) {
  return db
    .select({ created: generations.created, requested: generations.requested })
    .from(generations)
    .where(
      and(eq(generations.createdBy, userId), sql`${generations.created} >= ${since.toISOString()}`),
    )
    .orderBy(asc(generations.created));
}

export async function countUnfinished(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generations)
    .where(
      and(eq(generations.createdBy, userId), inArray(generations.status, ['queued', 'running'])),
    );
  return row?.n ?? 0;
}

/** Serialises the limit checks of concurrent requests until the transaction ends. */
export async function lockLimits(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ideaforge.generation-limits'))`);
}

/**
 * Marks a slot as running for one more provider call, unless it has finished (or its
 * generation is gone). Returns the slot, or null when there is nothing left to do.
 */
export async function claimSlot(db: Db, generationId: number, slot: number) {
  const [claimed] = await db
    .update(generationSlots)
    .set({
      status: 'running',
      attempts: sql`${generationSlots.attempts} + 1`,
      started: sql`coalesce(${generationSlots.started}, now())`,
    })
    .where(
      and(
        eq(generationSlots.generationId, generationId),
        eq(generationSlots.slot, slot),
        inArray(generationSlots.status, ['queued', 'running']),
      ),
    )
    .returning();
  if (!claimed) return null;
  await db
    .update(generations)
    .set({ status: 'running', started: sql`coalesce(${generations.started}, now())` })
    .where(and(eq(generations.id, generationId), eq(generations.status, 'queued')));
  return claimed;
}

/** The brainstorm a generation fills, and the newest titles already in it. */
export async function slotContext(db: Db, generationId: number, avoidLimit: number) {
  const [row] = await db
    .select({
      brainstormId: brainstorms.id,
      title: brainstorms.title,
      type: brainstorms.type,
      parameters: brainstorms.parameters,
      createdBy: generations.createdBy,
    })
    .from(generations)
    .innerJoin(brainstorms, eq(brainstorms.id, generations.brainstormId))
    .where(eq(generations.id, generationId));
  if (!row) return null;
  const titles = await db
    .select({ title: ideas.title })
    .from(ideas)
    .where(eq(ideas.brainstormId, row.brainstormId))
    .orderBy(desc(ideas.created), desc(ideas.id))
    .limit(avoidLimit);
  return { ...row, avoidTitles: titles.map((t) => t.title) };
}

/** Counts a finished slot on its generation and settles the generation's status. */
async function settle(
  db: Db,
  slot: GenerationSlotRow,
  outcome: { succeeded: 0 | 1; inputTokens: number; outputTokens: number },
) {
  const failed = 1 - outcome.succeeded;
  const finishedCount = sql`${generations.succeeded} + ${generations.failed} + 1`;
  await db
    .update(generations)
    .set({
      succeeded: sql`${generations.succeeded} + ${outcome.succeeded}`,
      failed: sql`${generations.failed} + ${failed}`,
      inputTokens: sql`${generations.inputTokens} + ${outcome.inputTokens}`,
      outputTokens: sql`${generations.outputTokens} + ${outcome.outputTokens}`,
      reservedTokens: sql`greatest(${generations.reservedTokens} - ${slot.reservedTokens}, 0)`,
      status: sql`case
        when ${finishedCount} < ${generations.requested} then 'running'
        when ${generations.failed} + ${failed} = 0 then 'done'
        when ${generations.succeeded} + ${outcome.succeeded} = 0 then 'failed'
        else 'partly_failed' end`,
      started: sql`coalesce(${generations.started}, now())`,
      finished: sql`case when ${finishedCount} >= ${generations.requested} then now() end`,
    })
    .where(eq(generations.id, slot.generationId));
}

export interface StoredIdea {
  idea: GeneratedIdea;
  inputTokens: number;
  outputTokens: number;
  technique: string;
  promptVersion: string;
}

/**
 * Stores a slot's idea and counts it, in one transaction. The idea's unique key (generation,
 * slot) and the slot's status make a second run of the same job store and count nothing.
 */
export async function completeSlot(db: Db, slot: GenerationSlotRow, result: StoredIdea) {
  return db.transaction(async (tx) => {
    const [generation] = await tx
      .select({ brainstormId: generations.brainstormId, createdBy: generations.createdBy })
      .from(generations)
      .where(eq(generations.id, slot.generationId))
      .for('update');
    if (!generation) return null;
    const [current] = await tx
      .select({ status: generationSlots.status })
      .from(generationSlots)
      .where(slotKey(slot))
      .for('update');
    // Finished meanwhile: by an earlier run of this job, or given up for lost.
    if (current?.status !== 'running' && current?.status !== 'queued') return null;
    const [idea] = await tx
      .insert(ideas)
      .values({
        brainstormId: generation.brainstormId,
        ...result.idea,
        createdBy: generation.createdBy,
        provider: slot.provider,
        model: slot.model,
        technique: result.technique,
        promptVersion: result.promptVersion,
        settings: slot.settings,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
        generationId: slot.generationId,
        generationSlot: slot.slot,
      })
      .onConflictDoNothing({ target: [ideas.generationId, ideas.generationSlot] })
      .returning({ id: ideas.id });
    if (!idea) throw new Error(`slot ${slot.generationId}/${slot.slot} already has its idea`);
    await tx
      .update(generationSlots)
      .set({
        status: 'done',
        ideaId: idea.id,
        error: null,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
        reservedTokens: 0,
        finished: sql`now()`,
      })
      .where(slotKey(slot));
    await settle(tx, slot, {
      succeeded: 1,
      inputTokens: result.inputTokens,
      outputTokens: result.outputTokens,
    });
    return idea.id;
  });
}

/** Records a slot's final failure with its reason and the tokens its attempts used. */
export async function failSlot(
  db: Db,
  slot: GenerationSlotRow,
  failure: { reason: string; inputTokens: number; outputTokens: number },
) {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(generationSlots)
      .set({
        status: 'failed',
        error: failure.reason,
        inputTokens: failure.inputTokens,
        outputTokens: failure.outputTokens,
        reservedTokens: 0,
        finished: sql`now()`,
      })
      .where(and(slotKey(slot), inArray(generationSlots.status, ['queued', 'running'])))
      .returning({ slot: generationSlots.slot });
    if (!failed) return;
    await settle(tx, slot, {
      succeeded: 0,
      inputTokens: failure.inputTokens,
      outputTokens: failure.outputTokens,
    });
  });
}

/** The slot as it is now (null when its generation was deleted). */
export async function findSlot(db: Db, generationId: number, slot: number) {
  const [row] = await db
    .select()
    .from(generationSlots)
    .where(and(eq(generationSlots.generationId, generationId), eq(generationSlots.slot, slot)));
  return row ?? null;
}

const slotKey = (slot: Pick<GenerationSlotRow, 'generationId' | 'slot'>) =>
  and(eq(generationSlots.generationId, slot.generationId), eq(generationSlots.slot, slot.slot));
