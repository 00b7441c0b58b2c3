import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export interface InsightFilters {
  brainstorm?: number | undefined;
  project?: number | undefined;
  since?: Date | undefined;
}

/** Which (provider, model, technique) a row of figures is. */
export interface ModelKey {
  provider: string;
  model: string | null;
  technique: string | null;
}

/** How many of a group's ideas someone kept, hid or voted down. */
export interface ReviewCounts {
  kept: number;
  hidden: number;
  downVoted: number;
}

/**
 * One (provider, model, technique)'s figures, as the statement sums them, the same for every
 * caller: the review counts are over the ideas outside blind review, and `blindIdeas` says how
 * many are under it (decision 026), whose reviews each caller sees only as far as they reviewed.
 */
export interface ModelFigures extends ModelKey, ReviewCounts {
  ideas: number;
  blindIdeas: number;
  nearDuplicates: number;
  failed: number;
  inputTokens: number;
  outputTokens: number;
}

const where = (conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`` : sql`where ${sql.join(present, sql` and `)}`;
};

/** The rows' brainstorm, project and creation time, for a table whose rows have both. */
function scope(f: InsightFilters, brainstormId: SQL, created: SQL) {
  return [
    f.brainstorm === undefined ? undefined : sql`${brainstormId} = ${f.brainstorm}`,
    f.project === undefined
      ? undefined
      : sql`${brainstormId} in (select id from brainstorms where project_id = ${f.project})`,
    f.since === undefined ? undefined : sql`${created} >= ${f.since.toISOString()}`,
  ];
}

/** An idea's annotations in one row (`fl`): whether anyone kept, hid or voted it down. */
const FLAGS = sql`bool_or(a.vote = 1 or a.is_bookmarked) as liked,
  bool_or(a.is_hidden) as hidden, bool_or(a.vote = -1) as down_voted`;

/** How many of the ideas that pass `counted` someone kept, hid or voted down. */
const reviewCounts = (counted: SQL) => sql`
  (count(*) filter (where ${counted} and (fl.liked or i.thumbtack_count > 0)))::int as kept,
  (count(*) filter (where ${counted} and fl.hidden))::int as hidden,
  (count(*) filter (where ${counted} and fl.down_voted))::int as "downVoted"`;

/**
 * Every generated idea's and every generation slot's figures, summed per (provider, model,
 * technique). The annotations are read once, grouped by idea (decision 031): who reviewed an
 * idea never leaves the statement, only how many ideas of the group someone kept, hid or voted
 * down. Tokens are the slots' (all their calls, failed ones too), and an idea's own only when it
 * has no slot (seeded or combined). Every slot of a generation ran with one technique: its ideas',
 * or for a generation that stored none its brainstorm's type as the generator runs it (one it
 * does not know, among `techniques`, runs as classic).
 */
export async function modelFigures(
  db: Db,
  f: InsightFilters,
  techniques: readonly string[],
): Promise<ModelFigures[]> {
  const known = sql.join(
    techniques.map((t) => sql`${t}`),
    sql`, `,
  );
  // Unfiltered, every annotation counts: no join needed to say which.
  const filtered = f.brainstorm !== undefined || f.project !== undefined || f.since !== undefined;
  const rows = rowsOf<ModelFigures>(
    await db.execute(sql`
      with flags as (
        select a.idea_id, ${FLAGS}
        from idea_annotations a
        ${filtered ? sql`join ideas fi on fi.id = a.idea_id ${where(scope(f, sql`fi.brainstorm_id`, sql`fi.created`))}` : sql``}
        group by a.idea_id
      ), from_ideas as (
        select i.provider, i.model, i.technique,
          count(*) as ideas,
          count(*) filter (where b.blind_review) as blind_ideas,
          ${reviewCounts(sql`not b.blind_review`)},
          count(*) filter (where i.duplicate_of is not null) as near_duplicates,
          0 as failed,
          coalesce(sum(i.input_tokens) filter (where i.generation_id is null), 0) as input_tokens,
          coalesce(sum(i.output_tokens) filter (where i.generation_id is null), 0) as output_tokens
        from ideas i join brainstorms b on b.id = i.brainstorm_id
          left join flags fl on fl.idea_id = i.id
        ${where([sql`i.provider is not null`, ...scope(f, sql`i.brainstorm_id`, sql`i.created`)])}
        group by i.provider, i.model, i.technique
      ), generation_techniques as materialized (
        -- Materialised: inlined, its subquery ran once per slot instead of once per generation.
        select g.id,
          coalesce(
            (select si.technique from ideas si
              where si.generation_id = g.id and si.technique is not null limit 1),
            case when b.type in (${known}) then b.type else 'classic' end
          ) as technique
        from generations g join brainstorms b on b.id = g.brainstorm_id
        ${where(scope(f, sql`g.brainstorm_id`, sql`g.created`))}
      ), from_slots as (
        select sl.provider, sl.model, gt.technique,
          0, 0, 0, 0, 0, 0,
          count(*) filter (where sl.status = 'failed'),
          coalesce(sum(sl.input_tokens), 0),
          coalesce(sum(sl.output_tokens), 0)
        from generation_slots sl join generation_techniques gt on gt.id = sl.generation_id
        group by 1, 2, 3
      )
      select provider, model, technique,
        sum(ideas)::int as "ideas", sum(blind_ideas)::int as "blindIdeas",
        sum(kept)::int as "kept", sum(hidden)::int as "hidden",
        sum("downVoted")::int as "downVoted", sum(near_duplicates)::int as "nearDuplicates",
        sum(failed)::int as "failed", sum(input_tokens)::float8 as "inputTokens",
        sum(output_tokens)::float8 as "outputTokens"
      from (select * from from_ideas union all select * from from_slots) as figures
      group by provider, model, technique
      order by provider, model nulls first, technique nulls first`),
  );
  return rows;
}

/**
 * The review counts of the ideas under blind review that the caller has reviewed, and how many
 * those are, per (provider, model, technique): what `modelFigures` leaves for each caller. Read
 * only where it left something, and only over those ideas, each one's annotations apart.
 */
export async function reviewedBlindFigures(
  db: Db,
  f: InsightFilters,
  callerId: number,
): Promise<(ModelKey & ReviewCounts & { ideas: number })[]> {
  return rowsOf<ModelKey & ReviewCounts & { ideas: number }>(
    await db.execute(sql`
      select i.provider, i.model, i.technique, count(*)::int as ideas,
        ${reviewCounts(sql`true`)}
      from ideas i join brainstorms b on b.id = i.brainstorm_id and b.blind_review
        join lateral (select ${FLAGS} from idea_annotations a where a.idea_id = i.id) fl on true
      ${where([
        sql`i.provider is not null`,
        sql`exists (select 1 from idea_annotations mine
          where mine.idea_id = i.id and mine.user_id = ${callerId})`,
        ...scope(f, sql`i.brainstorm_id`, sql`i.created`),
      ])}
      group by i.provider, i.model, i.technique`),
  );
}
