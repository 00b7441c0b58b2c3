import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/auth.js';
import { tooManyRequests } from '../../lib/errors.js';

/**
 * Failed personal-token lookups per client address, in the sign-in counters' table and windows
 * (decision 003) under their own key, so its pruning covers them too. A token is judged by its
 * lookup, and a success must cost neither a write nor a look at the counter: only a failed
 * lookup reads the count, and raises it unless the address is refused (decision 032).
 */
export const TOKEN_WINDOW_SECONDS = 5 * 60;
export const MAX_TOKEN_FAILURES_PER_ADDRESS = 20;

const key = (address: string) => `token:${address}`;
const window = sql.raw(`interval '${TOKEN_WINDOW_SECONDS} seconds'`);
const windowStartCutoff = sql`(now() - ${window})`;

/** Answers 429 with `Retry-After` when the address has used up its failures for the window. */
export async function assertTokenGuessesLeft(db: Db, address: string): Promise<void> {
  const [row] = await db
    .select({
      remaining: sql<number>`ceil(extract(epoch from (${loginFailures.windowStart} - ${windowStartCutoff})))::int`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, key(address)),
        gte(loginFailures.count, MAX_TOKEN_FAILURES_PER_ADDRESS),
        sql`${loginFailures.windowStart} >= ${windowStartCutoff}`,
      ),
    );
  if (row) {
    throw tooManyRequests(
      `Too many invalid tokens. Try again in ${Math.max(1, row.remaining)} seconds.`,
      row.remaining,
    );
  }
}

/** Counts a failed lookup, starting a new window when the last one has ended. */
export async function recordTokenFailure(db: Db, address: string): Promise<void> {
  const expired = sql`${loginFailures.windowStart} < ${windowStartCutoff}`;
  await db
    .insert(loginFailures)
    .values({ key: key(address), count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`,
      },
    });
}
