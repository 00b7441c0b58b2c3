import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/auth.js';

/**
 * Failed sign-ins are counted per email and per client address in fixed windows. A window
 * is short, so a real user locked out by someone guessing their password waits minutes at most.
 */
export const LOGIN_WINDOW_SECONDS = 5 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;
const window = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`);
const windowStartCutoff = sql`(now() - ${window})`;

/** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
export async function loginRetryAfter(db: Db, email: string, address: string): Promise<number> {
  const rows = await db
    .select({
      key: loginFailures.key,
      count: loginFailures.count,
      remaining: sql<number>`ceil(extract(epoch from (${loginFailures.windowStart} - ${windowStartCutoff})))::int`,
    })
    .from(loginFailures)
    .where(inArray(loginFailures.key, [emailKey(email), addressKey(address)]));
  let wait = 0;
  for (const row of rows) {
    const limit = row.key.startsWith('email:') ? MAX_FAILURES_PER_EMAIL : MAX_FAILURES_PER_ADDRESS;
    if (row.count >= limit && row.remaining > 0) wait = Math.max(wait, row.remaining);
  }
  return wait;
}

export async function recordLoginFailure(db: Db, email: string, address: string): Promise<void> {
  const expired = sql`${loginFailures.windowStart} < ${windowStartCutoff}`;
  await db
    .insert(loginFailures)
    .values(
      [emailKey(email), addressKey(address)].map((key) => ({
        key,
        count: 1,
        windowStart: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`,
      },
    });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, emailKey(email)));
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function pruneLoginFailures(db: Db): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowStart, sql`${windowStartCutoff} - ${window}`));
}
