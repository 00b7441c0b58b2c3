import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/auth.js';
import { HttpError } from '../../lib/errors.js';

/**
 * Password guesses are counted per email and per client address in fixed windows. A window is
 * short, so a real user locked out by someone guessing their password waits minutes at most.
 *
 * An attempt is counted before the password is checked, in the same statement that reads the
 * count, so parallel guesses cannot all pass a check made before any of them was recorded. A
 * correct password then takes its attempt back.
 */
export const LOGIN_WINDOW_SECONDS = 5 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

const window = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`);
const windowStartCutoff = sql`(now() - ${window})`;

export interface PasswordAttempt {
  email: string;
  address: string;
}

/**
 * Records a password attempt for the email and the address, or answers 429 with
 * `Retry-After` when either has used up its window.
 */
export async function beginPasswordAttempt(db: Db, attempt: PasswordAttempt): Promise<void> {
  const expired = sql`${loginFailures.windowStart} < ${windowStartCutoff}`;
  const counters = await db
    .insert(loginFailures)
    .values(
      [emailKey(attempt.email), addressKey(attempt.address)].map((key) => ({
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
    })
    .returning({
      key: loginFailures.key,
      count: loginFailures.count,
      remaining: sql<number>`ceil(extract(epoch from (${loginFailures.windowStart} - ${windowStartCutoff})))::int`,
    });
  let wait = 0;
  for (const { key, count, remaining } of counters) {
    const limit = key.startsWith('email:') ? MAX_FAILURES_PER_EMAIL : MAX_FAILURES_PER_ADDRESS;
    if (count > limit) wait = Math.max(wait, remaining, 1);
  }
  if (wait > 0) {
    throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${wait} seconds.`, {
      'retry-after': String(wait),
    });
  }
}

/** The password was right: the email starts afresh and the address gets its attempt back. */
export async function passwordAttemptSucceeded(db: Db, attempt: PasswordAttempt): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, emailKey(attempt.email)));
  await db
    .update(loginFailures)
    .set({ count: sql`${loginFailures.count} - 1` })
    .where(and(eq(loginFailures.key, addressKey(attempt.address)), gt(loginFailures.count, 0)));
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function pruneLoginFailures(db: Db): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowStart, sql`${windowStartCutoff} - ${window}`));
}
