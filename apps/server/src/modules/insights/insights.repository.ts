import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export interface InsightFilters {
  brainstorm?: number | undefined;
  project?: number | undefined;
  since?: Date | undefined;
}

/** One (provider, model, technique)'s figures, as the statement sums them. */
export interface ModelFigures {
  provider: string;
  model: string | null;
  technique: string | null;
  ideas: number;
  kept: number;
  hidden: number;
  downVoted: number;
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
        select a.idea_id,
          bool_or(a.vote = 1 or a.is_bookmarked) as liked,
          bool_or(a.is_hidden) as hidden,
          bool_or(a.vote = -1) as down_voted
        from idea_annotations a
        ${filtered ? sql`join ideas fi on fi.id = a.idea_id ${where(scope(f, sql`fi.brainstorm_id`, sql`fi.created`))}` : sql``}
        group by a.idea_id
      ), from_ideas as (
        select i.provider, i.model, i.technique,
          count(*) as ideas,
          count(*) filter (where fl.liked or i.thumbtack_count > 0) as kept,
          count(*) filter (where fl.hidden) as hidden,
          count(*) filter (where fl.down_voted) as down_voted,
          count(*) filter (where i.duplicate_of is not null) as near_duplicates,
          0 as failed,
          coalesce(sum(i.input_tokens) filter (where i.generation_id is null), 0) as input_tokens,
          coalesce(sum(i.output_tokens) filter (where i.generation_id is null), 0) as output_tokens
        from ideas i left join flags fl on fl.idea_id = i.id
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
          0, 0, 0, 0, 0,
          count(*) filter (where sl.status = 'failed'),
          coalesce(sum(sl.input_tokens), 0),
          coalesce(sum(sl.output_tokens), 0)
        from generation_slots sl join generation_techniques gt on gt.id = sl.generation_id
        group by 1, 2, 3
      )
      select provider, model, technique,
        sum(ideas)::int as "ideas", sum(kept)::int as "kept", sum(hidden)::int as "hidden",
        sum(down_voted)::int as "downVoted", sum(near_duplicates)::int as "nearDuplicates",
        sum(failed)::int as "failed", sum(input_tokens)::float8 as "inputTokens",
        sum(output_tokens)::float8 as "outputTokens"
      from (select * from from_ideas union all select * from from_slots) as figures
      group by provider, model, technique
      order by provider, model nulls first, technique nulls first`),
  );
  return rows;
}
