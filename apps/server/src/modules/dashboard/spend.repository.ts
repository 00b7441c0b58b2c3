import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export interface UsageRow {
  provider: string;
  model: string;
  mine: boolean;
  inputTokens: number;
  outputTokens: number;
}

/**
 * The tokens reported since `since` by generations (per slot, which names its model) and
 * sense-making runs, by provider, model and whether `userId` asked for them. Each side reads its
 * table's `created` index.
 */
export async function selectUsageSince(db: Db, since: Date, userId: number) {
  const rows = rowsOf<Omit<UsageRow, 'inputTokens' | 'outputTokens'> & Record<string, string>>(
    await db.execute(sql`select provider, model, created_by = ${userId} as mine,
        sum(input_tokens)::bigint::text as "inputTokens",
        sum(output_tokens)::bigint::text as "outputTokens"
      from (
        select s.provider, s.model, g.created_by, coalesce(s.input_tokens, 0) as input_tokens,
          coalesce(s.output_tokens, 0) as output_tokens
        from generations g join generation_slots s on s.generation_id = g.id
        where g.created >= ${since.toISOString()}
        union all
        select provider, model, created_by, input_tokens, output_tokens
        from analyses where created >= ${since.toISOString()}
      ) used
      group by 1, 2, 3
      order by provider, model`),
  );
  return rows.map((row): UsageRow => ({
    provider: row.provider,
    model: row.model,
    mine: row.mine,
    inputTokens: Number(row.inputTokens),
    outputTokens: Number(row.outputTokens),
  }));
}
