import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { BrainstormParameters } from '../../db/schema/brainstorms.js';
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
  'generationId' | 'status' | 'attempts' | 'error' | 'started' | 'finished'
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
  slots: (GenerationSlotRow & { ideaId: number | null })[];
}

async function withSlots(db: Db, rows: GenerationRow[]): Promise<GenerationWithSlots[]> {
  if (rows.length === 0) return [];
  const slots = await db
    .select({ ...getTableColumns(generationSlots), ideaId: ideas.id })
    .from(generationSlots)
    .leftJoin(
      ideas,
      and(
        eq(ideas.generationId, generationSlots.generationId),
        eq(ideas.generationSlot, generationSlots.slot),
      ),
    )
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

/**
 * The tokens generations created since a moment have used and still hold in reserve (of one
 * user, or of everyone): for the daily budgets.
 */
export async function tokensSince(db: Db, since: Date, userId?: number): Promise<number> {
  const [row] = await db
    .select({
      // A bigint: the driver hands it over as a string.
      tokens: sql<string>`coalesce(sum(${generations.inputTokens} + ${generations.outputTokens}
        + ${generations.reservedTokens}), 0)::bigint`,
    })
    .from(generations)
    .where(
      and(
        sql`${generations.created} >= ${since.toISOString()}`,
        userId === undefined ? undefined : eq(generations.createdBy, userId),
      ),
    );
  return Number(row?.tokens ?? 0);
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

/**
 * A user's generations under way. One older than a day cannot be running any more (its jobs
 * would have expired and failed long before): it no longer holds its user back.
 */
export async function countUnfinished(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generations)
    .where(
      and(
        eq(generations.createdBy, userId),
        inArray(generations.status, ['queued', 'running']),
        sql`${generations.created} > now() - interval '1 day'`,
      ),
    );
  return row?.n ?? 0;
}

/** Serialises the limit checks of concurrent requests until the transaction ends. */
export async function lockLimits(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ideaforge.generation-limits'))`);
}

/** The fields of a slot a running job needs. */
export interface ClaimedSlot {
  generationId: number;
  slot: number;
  provider: string;
  model: string;
  settings: GenerationSlotRow['settings'];
  angle: GenerationSlotRow['angle'];
  attempts: number;
  reservedTokens: number;
}

/**
 * Marks a slot as running for one more provider call (and its generation as running), unless
 * it has finished or its generation is gone: then null, and there is nothing left to do.
 * One statement, because every slot of a generation makes this call at the same moment.
 * `worker` is the claiming process's presence id (PostgreSQL) or null (the embedded database).
 */
export async function claimSlot(
  db: Db,
  generationId: number,
  slot: number,
  worker: number | null,
): Promise<ClaimedSlot | null> {
  const result = await db.execute(sql`
    with claimed as (
      update generation_slots
      set status = 'running', attempts = attempts + 1, started = coalesce(started, now()),
        claimed_by = ${worker}, claimed = now()
      where generation_id = ${generationId} and slot = ${slot}
        and status in ('queued', 'running')
      returning generation_id, slot, provider, model, settings, angle, attempts, reserved_tokens
    ), generation as (
      update generations set status = 'running', started = coalesce(started, now())
      where id = ${generationId} and status = 'queued' and exists (select 1 from claimed)
    )
    select generation_id as "generationId", slot, provider, model, settings, angle, attempts,
      reserved_tokens as "reservedTokens"
    from claimed`);
  return rowsOf<ClaimedSlot>(result)[0] ?? null;
}

export interface SlotContext {
  type: string;
  title: string;
  parameters: BrainstormParameters;
  /** The newest titles already in the brainstorm, for the model to avoid. */
  avoidTitles: string[];
}

/** The brainstorm a generation fills, with the newest titles already in it: one statement. */
export async function slotContext(
  db: Db,
  generationId: number,
  avoidLimit: number,
): Promise<SlotContext | null> {
  const result = await db.execute(sql`
    select b.type, b.title, b.parameters,
      array(select i.title from ideas i where i.brainstorm_id = b.id
            order by i.created desc, i.id desc limit ${avoidLimit}) as "avoidTitles"
    from generations g join brainstorms b on b.id = g.brainstorm_id
    where g.id = ${generationId}`);
  return rowsOf<SlotContext>(result)[0] ?? null;
}

/** How a finished slot changes its generation: the counters, the tokens, the status. */
function settle(
  slot: Pick<ClaimedSlot, 'reservedTokens'>,
  outcome: { succeeded: 0 | 1; inputTokens: number; outputTokens: number },
) {
  const failed = 1 - outcome.succeeded;
  return sql`
    succeeded = succeeded + ${outcome.succeeded},
    failed = failed + ${failed},
    input_tokens = input_tokens + ${outcome.inputTokens},
    output_tokens = output_tokens + ${outcome.outputTokens},
    reserved_tokens = greatest(reserved_tokens - ${slot.reservedTokens}, 0),
    status = case
      when succeeded + failed + 1 < requested then 'running'
      when failed + ${failed} = 0 then 'done'
      when succeeded + ${outcome.succeeded} = 0 then 'failed'
      else 'partly_failed' end,
    started = coalesce(started, now()),
    finished = case when succeeded + failed + 1 >= requested then now() end`;
}

export interface StoredIdea {
  idea: GeneratedIdea;
  inputTokens: number;
  outputTokens: number;
  technique: string;
  promptVersion: string;
}

/**
 * Stores a slot's idea, marks the slot done and counts it on its generation, in one statement.
 * A slot that has finished meanwhile (an earlier run of the same job, or given up for lost)
 * stores and counts nothing; the idea's unique key (generation, slot) backs that up.
 * Returns the idea's id, or null when nothing was stored.
 */
export async function completeSlot(
  db: Db,
  slot: ClaimedSlot,
  result: StoredIdea,
): Promise<number | null> {
  const { idea } = result;
  const rows = rowsOf<{ id: number | null }>(
    await db.execute(sql`
      with done as (
        update generation_slots
        set status = 'done', error = null, input_tokens = ${result.inputTokens},
          output_tokens = ${result.outputTokens}, reserved_tokens = 0, finished = now()
        where generation_id = ${slot.generationId} and slot = ${slot.slot}
          and status in ('queued', 'running')
        returning generation_id, slot, provider, model, settings
      ), idea as (
        insert into ideas (brainstorm_id, title, summary, description, created_by, provider,
          model, technique, prompt_version, settings, input_tokens, output_tokens,
          generation_id, generation_slot)
        select g.brainstorm_id, ${idea.title}, ${idea.summary}, ${idea.description},
          g.created_by, done.provider, done.model, ${result.technique}, ${result.promptVersion},
          done.settings, ${result.inputTokens}, ${result.outputTokens}, done.generation_id,
          done.slot
        from done join generations g on g.id = done.generation_id
        returning id
      ), counted as (
        update generations set ${settle(slot, { succeeded: 1, ...result })}
        where id = ${slot.generationId} and exists (select 1 from done)
      )
      select id from idea`),
  );
  return rows[0]?.id ?? null;
}

/** Records a slot's final failure with its reason and the tokens its attempts used. */
export async function failSlot(
  db: Db,
  slot: ClaimedSlot,
  failure: { reason: string; inputTokens: number; outputTokens: number },
): Promise<void> {
  await db.execute(sql`
    with failed as (
      update generation_slots
      set status = 'failed', error = ${failure.reason}, input_tokens = ${failure.inputTokens},
        output_tokens = ${failure.outputTokens}, reserved_tokens = 0, finished = now()
      where generation_id = ${slot.generationId} and slot = ${slot.slot}
        and status in ('queued', 'running')
      returning slot
    )
    update generations set ${settle(slot, { succeeded: 0, ...failure })}
    where id = ${slot.generationId} and exists (select 1 from failed)`);
}

/** The slot as it is now (null when its generation was deleted). */
export async function findSlot(
  db: Db,
  generationId: number,
  slot: number,
): Promise<ClaimedSlot | null> {
  const [row] = await db
    .select()
    .from(generationSlots)
    .where(and(eq(generationSlots.generationId, generationId), eq(generationSlots.slot, slot)));
  return row ?? null;
}
