import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  sql,
  type AnyColumn,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { brainstorms, type BrainstormParameters } from '../../db/schema/brainstorms.js';
import {
  generations,
  generationSlots,
  type GenerationRow,
  type GenerationSlotRow,
  type GenerationSteering,
} from '../../db/schema/generations.js';
import { ideas } from '../../db/schema/ideas.js';
import { analyses } from '../../db/schema/sense-making.js';
import type { DuplicateThresholds } from '../../config.js';
import { compareEarly, compareSince } from '../ideas/early-comparison.js';
import { inWriteTurn, leastAlike, lockBrainstorm } from '../ideas/near-duplicates.js';
import { firstUnreviewed, steeringWithheld } from '../ideas/steering-view.js';
import type { GeneratedIdea, PromptSteering, SteeringIdea } from '../providers/generated-idea.js';

export type NewSlot = Omit<
  typeof generationSlots.$inferInsert,
  'generationId' | 'status' | 'attempts' | 'error' | 'started' | 'finished'
>;

export async function insertGeneration(
  db: Db,
  values: {
    brainstormId: number;
    createdBy: number;
    slots: NewSlot[];
    steering?: GenerationSteering | null;
    /** Candidates each slot asks for (the payload's variety). */
    candidates?: number;
  },
): Promise<GenerationRow> {
  const reserved = values.slots.reduce((sum, s) => sum + (s.reservedTokens ?? 0), 0);
  const [generation] = await db
    .insert(generations)
    .values({
      brainstormId: values.brainstormId,
      createdBy: values.createdBy,
      requested: values.slots.length,
      reservedTokens: reserved,
      steering: values.steering ?? null,
      candidates: values.candidates ?? 1,
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
  /** Whether what steered it is withheld from the reader (blind review, steering-view.ts). */
  steeringHidden: boolean;
}

type ReadGeneration = GenerationRow & { steeringHidden: boolean };

async function withSlots(db: Db, rows: ReadGeneration[]): Promise<GenerationWithSlots[]> {
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

/** A generation's columns, and whether what steered it is withheld from the reader. */
const readGeneration = (readerId: number, brainstormId: number | AnyColumn) => ({
  ...getTableColumns(generations),
  steeringHidden: steeringWithheld(
    sql`(select ${brainstorms.blindReview} from ${brainstorms} where ${brainstorms.id} = ${brainstormId})`,
    firstUnreviewed(readerId, brainstormId),
    sql`${generations.created}`,
  ),
});

export async function findGeneration(
  db: Db,
  id: number,
  readerId: number,
): Promise<GenerationWithSlots | null> {
  const rows = await db
    .select(readGeneration(readerId, generations.brainstormId))
    .from(generations)
    .where(eq(generations.id, id));
  const [found] = await withSlots(db, rows);
  return found ?? null;
}

export async function listGenerations(
  db: Db,
  brainstormId: number,
  readerId: number,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: GenerationWithSlots[] }> {
  const where = eq(generations.brainstormId, brainstormId);
  const [total] = await db.select({ n: count() }).from(generations).where(where);
  // The brainstorm as a parameter: its first unreviewed idea is read once, not per generation.
  const rows = await db
    .select(readGeneration(readerId, brainstormId))
    .from(generations)
    .where(where)
    .orderBy(desc(generations.created), desc(generations.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.n ?? 0, rows: await withSlots(db, rows) };
}

/**
 * The tokens generations and sense-making runs created since a moment have used, still hold in
 * reserve or in flight, and may have used in calls cut off before reporting it (of one user, or
 * of everyone): for the daily budgets, which both count against (decision 027).
 */
export async function tokensSince(db: Db, since: Date, userId?: number): Promise<number> {
  const by = (column: AnyColumn) => (userId === undefined ? sql`` : sql`and ${column} = ${userId}`);
  const from = since.toISOString();
  const [row] = rowsOf<{ tokens: string }>(
    await db.execute(sql`select (
      (select coalesce(sum(${generations.inputTokens} + ${generations.outputTokens}
          + ${generations.reservedTokens} + ${generations.unreportedTokens}), 0)
        from ${generations} where ${generations.created} >= ${from} ${by(generations.createdBy)})
      + (select coalesce(sum(${analyses.inputTokens} + ${analyses.outputTokens}
          + ${analyses.reservedTokens} + ${analyses.inFlightTokens}
          + ${analyses.unreportedTokens}), 0)
        from ${analyses} where ${analyses.created} >= ${from} ${by(analyses.createdBy)})
    )::bigint::text as tokens`),
  );
  return Number(row?.tokens ?? 0);
}

/** The newest titles of a brainstorm's ideas, for a prompt to avoid. */
export async function newestTitles(db: Db, brainstormId: number, limit: number) {
  const rows = await db
    .select({ title: ideas.title })
    .from(ideas)
    .where(eq(ideas.brainstormId, brainstormId))
    .orderBy(desc(ideas.created), desc(ideas.id))
    .limit(limit);
  return rows.map((row) => row.title);
}

/** A reviewed idea that steers a generation: which, and the text its prompt quotes. */
export interface SteeringChoice extends SteeringIdea {
  id: number;
}

/**
 * The team's signal in a brainstorm (decision 025): the ideas it liked (up-voted, pinned, or
 * bookmarked by at least two people), most liked first, and the ideas it rejected (down-voted,
 * or hidden by at least two people), most rejected first; newest first among equals, whatever
 * their age. Stacked ideas, and ideas both liked and rejected, steer nothing.
 * Bookmarks and hidden flags are private: only a count of two or more counts, in the choice and
 * in the order, so no one person's flag can change what this answers.
 */
export async function steeringIdeas(
  db: Db,
  brainstormId: number,
  limit: number,
  { exclude, reviewedBy }: { exclude?: number; reviewedBy?: number } = {},
): Promise<{ liked: SteeringChoice[]; rejected: SteeringChoice[] }> {
  const rows = rowsOf<SteeringChoice & { side: 'liked' | 'rejected' }>(
    await db.execute(sql`
      with flags as (
        select a.idea_id,
          count(*) filter (where a.is_bookmarked)::int as bookmarks,
          count(*) filter (where a.is_hidden)::int as hidden
        from idea_annotations a join ideas i on i.id = a.idea_id
        where i.brainstorm_id = ${brainstormId} and (a.is_bookmarked or a.is_hidden)
        group by a.idea_id
      ), reviewed as (
        select i.id, i.title, i.summary, i.created, i.votes, i.thumbtack_count,
          case when f.bookmarks >= 2 then f.bookmarks else 0 end as bookmarks,
          case when f.hidden >= 2 then f.hidden else 0 end as hidden
        from ideas i left join flags f on f.idea_id = i.id
        where i.brainstorm_id = ${brainstormId} and i.duplicate_of is null
          and i.id <> ${exclude ?? 0}
          and (i.votes <> 0 or i.thumbtack_count > 0 or f.idea_id is not null)
          ${
            reviewedBy === undefined
              ? sql``
              : sql`and exists (select 1 from idea_annotations mine
                  where mine.idea_id = i.id and mine.user_id = ${reviewedBy})`
          }
      ), marked as (
        select *, (votes > 0 or thumbtack_count > 0 or bookmarks > 0) as liked,
          (votes < 0 or hidden > 0) as rejected
        from reviewed
      ), ranked as (
        select id, title, summary, 'liked' as side,
          row_number() over (order by votes + thumbtack_count + bookmarks desc,
            created desc, id desc) as rank
        from marked where liked and not rejected
        union all
        select id, title, summary, 'rejected' as side,
          row_number() over (order by hidden - votes desc, created desc, id desc) as rank
        from marked where rejected and not liked
      )
      select id, title, summary, side from ranked where rank <= ${limit}
      order by side, rank`),
  );
  const pick = (side: 'liked' | 'rejected') =>
    rows.filter((r) => r.side === side).map(({ id, title, summary }) => ({ id, title, summary }));
  return { liked: pick('liked'), rejected: pick('rejected') };
}

/** An idea a 'More like this' or 'Flip it' starts from, with its brainstorm's type. */
export async function inspiringIdea(db: Db, id: number) {
  const [row] = rowsOf<{
    id: number;
    brainstormId: number;
    type: string;
    title: string;
    summary: string;
    description: string;
  }>(
    await db.execute(sql`
      select i.id, i.brainstorm_id as "brainstormId", b.type, i.title, i.summary, i.description
      from ideas i join brainstorms b on b.id = i.brainstorm_id
      where i.id = ${id}`),
  );
  return row ?? null;
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
  /** Who asked for the generation: whose daily budget its calls count against. */
  requestedBy: number;
}

/**
 * Locks for a statement that changes a slot (`with ${lockSlot(...)}, ...`): its generation's
 * row, then the slot's, which `p` holds as it was before the statement (none once the slot has
 * finished or its generation is gone). A statement that adds an idea also updates the
 * brainstorm's count, so it locks the brainstorm first. Deleting a brainstorm locks it, then its
 * generations, then their slots: taken in the same order, neither waits for the other in a
 * cycle (a deadlock).
 */
const lockSlot = (generationId: number, slot: number, { brainstorm = false } = {}) => {
  const brainstormLock = brainstorm
    ? sql`brainstorm_lock as (
        select id from brainstorms
        where id = (select brainstorm_id from generations where id = ${generationId})
        for no key update),`
    : sql``;
  const afterBrainstorm = brainstorm ? sql`and exists (select 1 from brainstorm_lock)` : sql``;
  return sql`${brainstormLock}
    generation_lock as (
      select id from generations where id = ${generationId} ${afterBrainstorm}
      for no key update),
    p as (
      select generation_id, slot, reserved_tokens, in_flight from generation_slots
      where generation_id = ${generationId} and slot = ${slot} and status in ('queued', 'running')
        and exists (select 1 from generation_lock)
      for update)`;
};

/** What a call cut off in flight may have cost: all it reserved (`p` is from `lockSlot`). */
const CUT_OFF = sql.raw('case when p.in_flight then p.reserved_tokens else 0 end');

/**
 * Marks a slot as running for one more provider call (and its generation as running), unless
 * it has finished or its generation is gone: then null, and there is nothing left to do.
 * A call still in flight was cut off (its worker died, or its answer was lost): what it
 * reserved is counted as used, since the provider may well have charged it.
 * One statement, because every slot of a generation makes this call at the same moment.
 */
export async function claimSlot(
  db: Db,
  generationId: number,
  slot: number,
): Promise<ClaimedSlot | null> {
  const result = await db.execute(sql`
    with ${lockSlot(generationId, slot)},
    claimed as (
      update generation_slots s
      set status = 'running', attempts = attempts + 1, started = coalesce(started, now()),
        in_flight = false,
        unreported_tokens = s.unreported_tokens + ${CUT_OFF},
        reserved_tokens = p.reserved_tokens - ${CUT_OFF}
      from p where s.generation_id = p.generation_id and s.slot = p.slot
      returning s.generation_id, s.slot, s.provider, s.model, s.settings, s.angle, s.attempts,
        s.reserved_tokens, ${CUT_OFF} as cut_off
    ), generation as (
      update generations g
      set status = case when g.status = 'queued' then 'running' else g.status end,
        started = coalesce(g.started, now()),
        unreported_tokens = g.unreported_tokens + claimed.cut_off,
        reserved_tokens = greatest(g.reserved_tokens - claimed.cut_off, 0)
      from claimed
      where g.id = claimed.generation_id and (g.status = 'queued' or claimed.cut_off > 0)
    )
    select generation_id as "generationId", slot, provider, model, settings, angle, attempts,
      reserved_tokens as "reservedTokens",
      (select created_by from generations where id = claimed.generation_id) as "requestedBy"
    from claimed`);
  return rowsOf<ClaimedSlot>(result)[0] ?? null;
}

/**
 * Sets what the call about to be made may cost, `tokens`, as the slot's reservation (and its
 * generation's), and marks the call in flight. False when the slot has finished meanwhile.
 */
export async function startCall(db: Db, slot: ClaimedSlot, tokens: number): Promise<boolean> {
  const rows = rowsOf<{ ok: number }>(
    await db.execute(sql`
      with ${lockSlot(slot.generationId, slot.slot)},
      started as (
        update generation_slots s set in_flight = true, reserved_tokens = ${tokens}
        from p where s.generation_id = p.generation_id and s.slot = p.slot
        returning ${tokens}::int - p.reserved_tokens as more
      ), generation as (
        update generations g set reserved_tokens = greatest(g.reserved_tokens + started.more, 0)
        from started where g.id = ${slot.generationId} and started.more <> 0
      )
      select 1 as ok from started`),
  );
  return rows.length > 0;
}

/**
 * How a failed call is paid for: with the usage it reported; with all it reserved, when it may
 * have been charged without saying (it timed out, its connection broke); or not at all, when
 * the provider refused it outright, which leaves the reservation to the next call.
 */
export type FailedCallCost =
  | { kind: 'reported'; inputTokens: number; outputTokens: number }
  | { kind: 'unknown' }
  | { kind: 'none' };

/** Records a failed call that is to be made again: its cost, and that it is no longer in flight. */
export async function settleFailedCall(db: Db, slot: ClaimedSlot, cost: FailedCallCost) {
  const input = cost.kind === 'reported' ? cost.inputTokens : 0;
  const output = cost.kind === 'reported' ? cost.outputTokens : 0;
  const released = cost.kind === 'none' ? sql.raw('0') : sql.raw('p.reserved_tokens');
  const unreported = cost.kind === 'unknown' ? sql.raw('p.reserved_tokens') : sql.raw('0');
  await db.execute(sql`
    with ${lockSlot(slot.generationId, slot.slot)},
    settled as (
      update generation_slots s
      set in_flight = false, input_tokens = coalesce(s.input_tokens, 0) + ${input},
        output_tokens = coalesce(s.output_tokens, 0) + ${output},
        unreported_tokens = s.unreported_tokens + ${unreported},
        reserved_tokens = p.reserved_tokens - ${released}
      from p where s.generation_id = p.generation_id and s.slot = p.slot
      returning ${released} as released, ${unreported} as unreported
    )
    update generations g
    set input_tokens = g.input_tokens + ${input}, output_tokens = g.output_tokens + ${output},
      unreported_tokens = g.unreported_tokens + settled.unreported,
      reserved_tokens = greatest(g.reserved_tokens - settled.released, 0)
    from settled where g.id = ${slot.generationId}`);
}

/**
 * A finished generation's ideas that stand alone, as a repeats check names them (`RepeatsCheckJob`),
 * with its brainstorm and who asked; null when it stored none.
 */
export async function standingIdeasOf(db: Db, generationId: number) {
  const rows = await db
    .select({
      id: ideas.id,
      brainstormId: generations.brainstormId,
      createdBy: generations.createdBy,
    })
    .from(ideas)
    .innerJoin(generations, eq(generations.id, ideas.generationId))
    .where(and(eq(ideas.generationId, generationId), isNull(ideas.duplicateOf)))
    .orderBy(asc(ideas.id));
  const [first] = rows;
  if (!first) return null;
  return {
    brainstormId: first.brainstormId,
    requestedBy: first.createdBy,
    ideas: rows.map((row) => row.id),
  };
}

/** The slots a worker has claimed and not finished, with their provider: their jobs are active. */
export async function runningSlots(db: Db) {
  return db
    .select({
      generationId: generationSlots.generationId,
      slot: generationSlots.slot,
      provider: generationSlots.provider,
    })
    .from(generationSlots)
    .where(eq(generationSlots.status, 'running'));
}

export interface SlotContext {
  type: string;
  title: string;
  parameters: BrainstormParameters;
  /** The newest titles already in the brainstorm, for the model to avoid. */
  avoidTitles: string[];
  /** The steering ideas as they read now; those deleted meanwhile have dropped out. */
  steering: PromptSteering | null;
  /** How many candidates each slot asks for. */
  candidates: number;
}

/**
 * The brainstorm a generation fills, with the newest titles already in it and the current text
 * of the ideas that steer it: one statement.
 */
export async function slotContext(
  db: Db,
  generationId: number,
  avoidLimit: number,
): Promise<SlotContext | null> {
  const quoted = (side: 'liked' | 'rejected') => sql`coalesce((
      select json_agg(json_build_object('title', i.title, 'summary', i.summary) order by s.n)
      from jsonb_array_elements_text(g.steering -> ${side}) with ordinality s(id, n)
      join ideas i on i.id = s.id::int), '[]'::json)`;
  const result = await db.execute(sql`
    select b.type, b.title, b.parameters, g.candidates,
      array(select i.title from ideas i where i.brainstorm_id = b.id
            order by i.created desc, i.id desc limit ${avoidLimit}) as "avoidTitles",
      g.steering is not null as steered,
      ${quoted('liked')} as liked,
      ${quoted('rejected')} as rejected,
      (select json_build_object('title', i.title, 'summary', i.summary,
          'description', i.description,
          'direction', coalesce(g.steering ->> 'direction', 'develop'))
        from ideas i where i.id = (g.steering ->> 'inspiredBy')::int) as inspiration
    from generations g join brainstorms b on b.id = g.brainstorm_id
    where g.id = ${generationId}`);
  const [row] = rowsOf<
    Omit<SlotContext, 'steering'> & {
      steered: boolean;
      liked: SteeringIdea[];
      rejected: SteeringIdea[];
      inspiration: NonNullable<PromptSteering['inspiration']> | null;
    }
  >(result);
  if (!row) return null;
  const { steered, liked, rejected, inspiration, ...context } = row;
  return {
    ...context,
    steering: steered ? { liked, rejected, ...(inspiration && { inspiration }) } : null,
  };
}

/**
 * How a finished slot changes its generation: the counters, the tokens of its last call, the
 * status, and the slot's reservation given back (`f` is the finished slot's row, with
 * `released` and `cut_off`).
 */
function settle(outcome: { succeeded: 0 | 1; inputTokens: number; outputTokens: number }) {
  const failed = 1 - outcome.succeeded;
  return sql`
    succeeded = g.succeeded + ${outcome.succeeded},
    failed = g.failed + ${failed},
    input_tokens = g.input_tokens + ${outcome.inputTokens},
    output_tokens = g.output_tokens + ${outcome.outputTokens},
    unreported_tokens = g.unreported_tokens + f.cut_off,
    reserved_tokens = greatest(g.reserved_tokens - f.released, 0),
    status = case
      when g.succeeded + g.failed + 1 < g.requested then 'running'
      when g.failed + ${failed} = 0 then 'done'
      when g.succeeded + ${outcome.succeeded} = 0 then 'failed'
      else 'partly_failed' end,
    started = coalesce(g.started, now()),
    finished = case when g.succeeded + g.failed + 1 >= g.requested then now() end`;
}

/** One answer of a call, with its embedding when the provider made one. */
export interface Candidate {
  idea: GeneratedIdea;
  embedding?: { model: string; vector: number[] } | undefined;
}

export interface StoredIdea {
  /** What the call gave: one idea, or several of which the least like the brainstorm's is kept. */
  candidates: Candidate[];
  /** What the call that gave the idea used; earlier calls were counted as they failed. */
  inputTokens: number;
  outputTokens: number;
  technique: string;
  promptVersion: string;
}

/**
 * Stores a slot's idea, marks the slot done and counts it on its generation. A slot that has
 * finished meanwhile (an earlier run of the same job, or given up for lost) stores and counts
 * nothing; the idea's unique key (generation, slot) backs that up. A generated idea has no
 * author: who asked for it is the generation's `created_by`.
 *
 * Of the candidates, the one least like the brainstorm's ideas is kept, and stacked under its
 * original when it nearly repeats one (decision 025). The candidates are compared with the
 * brainstorm first, then again under its lock with the ideas stored meanwhile, and the lock is
 * held until the idea is stored (decision 039): a parallel slot storing at the same moment
 * waits, and then sees this idea, so two slots returning one idea store one original.
 * Give it the database, not a transaction: the comparison runs outside any, and the write waits
 * for its turn under the brainstorm (`inWriteTurn`) without holding a connection.
 * `whenFinished` runs in the same transaction when this finished the generation (its last slot
 * settled). Returns the idea's id, or null when nothing was stored, and whether it finished.
 */
export async function completeSlot(
  db: Db,
  slot: ClaimedSlot,
  result: StoredIdea,
  thresholds: DuplicateThresholds,
  whenFinished?: (tx: Db) => Promise<void>,
): Promise<{ id: number | null; finished: boolean }> {
  const [target] = rowsOf<{ brainstormId: number }>(
    await db.execute(sql`select brainstorm_id as "brainstormId" from generations
      where id = ${slot.generationId}`),
  );
  if (!target) return { id: null, finished: false };
  const candidates = result.candidates.map(({ idea, embedding }) => ({ ...idea, embedding }));
  // Compared before the lock, and under it with the ideas stored meanwhile (decision 039).
  // Several candidates are chosen among by their scores, which must then be exact.
  const early = await compareEarly(db, target.brainstormId, candidates, thresholds, {
    exactness: candidates.length > 1 ? 'all' : 'stacking',
  });
  return inWriteTurn(db, target.brainstormId, () =>
    db.transaction(async (tx) => {
      if (!(await lockBrainstorm(tx, target.brainstormId))) return { id: null, finished: false };
      const matches = await compareSince(tx, target.brainstormId, candidates, early, thresholds);
      const kept = leastAlike(matches);
      const candidate = result.candidates[kept.candidate];
      if (!candidate) throw new Error('the kept candidate is not among the candidates');
      const { idea } = candidate;
      const original = kept.duplicate ? kept.original : null;
      const score = kept.duplicate ? kept.score : null;
      const rows = rowsOf<{ id: number | null; finished: boolean }>(
        await tx.execute(sql`
        with ${lockSlot(slot.generationId, slot.slot, { brainstorm: true })},
        f as (
          update generation_slots s
          set status = 'done', error = null,
            input_tokens = coalesce(s.input_tokens, 0) + ${result.inputTokens},
            output_tokens = coalesce(s.output_tokens, 0) + ${result.outputTokens},
            reserved_tokens = 0, in_flight = false, finished = now()
          from p where s.generation_id = p.generation_id and s.slot = p.slot
          returning s.generation_id, s.slot, s.provider, s.model, s.settings,
            p.reserved_tokens as released, 0 as cut_off
        ), idea as (
          insert into ideas (brainstorm_id, title, summary, description, created_by, provider,
            model, technique, prompt_version, settings, input_tokens, output_tokens,
            generation_id, generation_slot, duplicate_of, duplicate_score, inspired_by,
            steered_by)
          select g.brainstorm_id, ${idea.title}, ${idea.summary}, ${idea.description},
            null, f.provider, f.model, ${result.technique}, ${result.promptVersion},
            f.settings, ${result.inputTokens}, ${result.outputTokens}, f.generation_id, f.slot,
            ${original}, ${score},
            -- The brainstorm's lock keeps the idea from going before this idea is stored.
            (select id from ideas where id = (g.steering ->> 'inspiredBy')::int),
            case when g.steering is not null then jsonb_build_object(
              'liked', g.steering -> 'liked', 'rejected', g.steering -> 'rejected') end
          from f join generations g on g.id = f.generation_id
          returning id
        ), counted as (
          update generations g set ${settle({ succeeded: 1, ...result })},
            stacked = g.stacked + ${original === null ? 0 : 1}
          from f where g.id = f.generation_id
          returning g.finished is not null as finished
        )
        select idea.id, counted.finished from idea, counted`),
      );
      const id = rows[0]?.id ?? null;
      const finished = rows[0]?.finished ?? false;
      if (id !== null && candidate.embedding) {
        await tx.execute(sql`insert into idea_embeddings (idea_id, model, embedding)
        values (${id}, ${candidate.embedding.model},
          ${`{${candidate.embedding.vector.join(',')}}`}::real[])`);
      }
      if (finished && whenFinished) await whenFinished(tx);
      return { id, finished };
    }),
  );
}

/**
 * Records a slot's final failure with its reason and the tokens of its last call (a call still
 * in flight counts all it reserved, as when a slot is claimed again). True when this finished
 * the generation (its last slot settled).
 */
export async function failSlot(
  db: Db,
  slot: Pick<ClaimedSlot, 'generationId' | 'slot'>,
  failure: { reason: string; inputTokens: number; outputTokens: number },
): Promise<boolean> {
  const rows = rowsOf<{ finished: boolean }>(
    await db.execute(sql`
    with ${lockSlot(slot.generationId, slot.slot)},
    f as (
      update generation_slots s
      set status = 'failed', error = ${failure.reason},
        input_tokens = coalesce(s.input_tokens, 0) + ${failure.inputTokens},
        output_tokens = coalesce(s.output_tokens, 0) + ${failure.outputTokens},
        unreported_tokens = s.unreported_tokens + ${CUT_OFF},
        reserved_tokens = 0, in_flight = false, finished = now()
      from p where s.generation_id = p.generation_id and s.slot = p.slot
      returning s.generation_id, p.reserved_tokens as released, ${CUT_OFF} as cut_off
    )
    update generations g set ${settle({ succeeded: 0, ...failure })}
    from f where g.id = f.generation_id
    returning g.finished is not null as finished`),
  );
  return rows[0]?.finished ?? false;
}
