import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/auth.js';
import { HttpError } from '../../lib/errors.js';

/**
 * Password guesses are counted in fixed windows per (email, client address) pair, per client
 * address, and per email across all addresses (decision 003). The pair's limit is the tight
 * one, so someone guessing a colleague's password locks out only their own address; the
 * email's ceiling is far higher and only stops guessing spread over many addresses.
 *
 * An attempt is counted before the password is checked, in the same statement that reads the
 * count, so parallel guesses cannot all pass a check made before any of them was recorded. A
 * correct password then takes its attempt back.
 */
export const LOGIN_WINDOW_SECONDS = 5 * 60;
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const MAX_FAILURES_PER_EMAIL = 50;

export interface PasswordAttempt {
  email: string;
  address: string;
}

type Counter = 'pair' | 'address' | 'email';

const LIMITS: Record<Counter, number> = {
  pair: MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
  address: MAX_FAILURES_PER_ADDRESS,
  email: MAX_FAILURES_PER_EMAIL,
};

/** An address never contains '|', so the first one ends it. */
const KEYS: Record<Counter, (attempt: PasswordAttempt) => string> = {
  pair: ({ email, address }) => `pair:${address}|${email.toLowerCase()}`,
  address: ({ address }) => `ip:${address}`,
  email: ({ email }) => `email:${email.toLowerCase()}`,
};

const window = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`);
const windowStartCutoff = sql`(now() - ${window})`;

/**
 * Counts the attempt on each counter in one statement and answers how many seconds to wait
 * when one of them is past its limit (0 when none is). Rows are written in the order given,
 * which every caller keeps the same, so parallel statements cannot deadlock on them.
 */
async function count(db: Db, attempt: PasswordAttempt, counters: Counter[]): Promise<number> {
  const expired = sql`${loginFailures.windowStart} < ${windowStartCutoff}`;
  const limits = new Map(counters.map((counter) => [KEYS[counter](attempt), LIMITS[counter]]));
  const rows = await db
    .insert(loginFailures)
    .values([...limits.keys()].map((key) => ({ key, count: 1, windowStart: sql`now()` })))
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
  for (const { key, count, remaining } of rows) {
    if (count > (limits.get(key) ?? 0)) wait = Math.max(wait, remaining, 1);
  }
  return wait;
}

/** Takes an attempt back from a counter; one statement per counter, so none waits on another. */
async function giveBack(db: Db, attempt: PasswordAttempt, counter: Counter): Promise<void> {
  await db
    .update(loginFailures)
    .set({ count: sql`${loginFailures.count} - 1` })
    .where(and(eq(loginFailures.key, KEYS[counter](attempt)), gt(loginFailures.count, 0)));
}

const tooMany = (wait: number) =>
  new HttpError(429, `Too many failed sign-in attempts. Try again in ${wait} seconds.`, {
    'retry-after': String(wait),
  });

/**
 * Records a password attempt, or answers 429 with `Retry-After` when a counter has used up its
 * window. The email's ceiling counts only attempts that the pair and the address let through,
 * so one address hammering a colleague's email cannot use the ceiling up; an attempt the
 * ceiling refuses is given back to the pair and the address, since no password was tried.
 */
export async function beginPasswordAttempt(db: Db, attempt: PasswordAttempt): Promise<void> {
  const wait = await count(db, attempt, ['pair', 'address']);
  if (wait > 0) throw tooMany(wait);
  const ceilingWait = await count(db, attempt, ['email']);
  if (ceilingWait > 0) {
    await giveBack(db, attempt, 'pair');
    await giveBack(db, attempt, 'address');
    throw tooMany(ceilingWait);
  }
}

/**
 * The password was right: the pair starts afresh, and the address and the email get their
 * attempt back. The email's ceiling is not reset, so a colleague's sign-ins do not renew the
 * allowance of someone guessing from many addresses.
 */
export async function passwordAttemptSucceeded(db: Db, attempt: PasswordAttempt): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, KEYS.pair(attempt)));
  await giveBack(db, attempt, 'address');
  await giveBack(db, attempt, 'email');
}

/**
 * No password was judged (the server failed while checking it): the attempt goes back to every
 * counter, as far as the database lets it, so the server's own failures never lock anyone out.
 */
export async function passwordAttemptUnjudged(db: Db, attempt: PasswordAttempt): Promise<void> {
  for (const counter of ['pair', 'address', 'email'] as const) {
    await giveBack(db, attempt, counter).catch(() => undefined);
  }
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function pruneLoginFailures(db: Db): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowStart, sql`${windowStartCutoff} - ${window}`));
}
