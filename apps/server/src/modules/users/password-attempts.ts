import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
 * correct password then takes its attempt back. A wrong one is also recorded as judged, so an
 * attempt over a limit can tell guesses already judged from attempts still in flight, and wait
 * for the latter rather than refuse a right password that merely came at the same moment.
 */
export const LOGIN_WINDOW_SECONDS = 5 * 60;
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const MAX_FAILURES_PER_EMAIL = 50;
/** How long an attempt over a limit waits at most for the attempts in flight to be judged. */
const MAX_WAIT_MS = 10_000;
const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 400;

export interface PasswordAttempt {
  email: string;
  address: string;
}

type Counter = 'pair' | 'address' | 'email';
const COUNTERS: Counter[] = ['pair', 'address', 'email'];

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
/** Each counter's wrong passwords are kept under its key with this prefix, in its window. */
const FAILED = 'failed:';
const failures = alias(loginFailures, 'failures');

const window = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`);
const windowStartCutoff = sql`(now() - ${window})`;

/** Counters past their limit, and how many seconds are left of the longest of their windows. */
interface Refusal {
  counters: Counter[];
  wait: number;
}

/**
 * Counts the attempt on each counter in one statement and answers which ones it took past their
 * limit (null when none). Rows are written in the order given, which every caller keeps the
 * same, so parallel statements cannot deadlock on them.
 */
async function count(
  db: Db,
  attempt: PasswordAttempt,
  counters: Counter[],
): Promise<Refusal | null> {
  const expired = sql`${loginFailures.windowStart} < ${windowStartCutoff}`;
  const byKey = new Map(counters.map((counter) => [KEYS[counter](attempt), counter]));
  const rows = await db
    .insert(loginFailures)
    .values([...byKey.keys()].map((key) => ({ key, count: 1, windowStart: sql`now()` })))
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
  const refusal: Refusal = { counters: [], wait: 0 };
  for (const { key, count, remaining } of rows) {
    const counter = byKey.get(key);
    if (!counter || count <= LIMITS[counter]) continue;
    refusal.counters.push(counter);
    refusal.wait = Math.max(refusal.wait, remaining, 1);
  }
  return refusal.counters.length > 0 ? refusal : null;
}

/** Takes an attempt back from counters, one statement each, so none waits on another. */
async function giveBack(db: Db, attempt: PasswordAttempt, counters: Counter[]): Promise<void> {
  for (const counter of counters) {
    await db
      .update(loginFailures)
      .set({ count: sql`${loginFailures.count} - 1` })
      .where(and(eq(loginFailures.key, KEYS[counter](attempt)), gt(loginFailures.count, 0)));
  }
}

/**
 * Counts the attempt, the pair and the address first and the email's ceiling after them. An
 * attempt a counter refuses is given back to every counter it was counted on: no password was
 * tried, and a count stays what its window let through.
 */
async function admit(db: Db, attempt: PasswordAttempt): Promise<Refusal | null> {
  const refused = await count(db, attempt, ['pair', 'address']);
  if (refused) {
    await giveBack(db, attempt, ['pair', 'address']);
    return refused;
  }
  const ceiling = await count(db, attempt, ['email']);
  if (ceiling) await giveBack(db, attempt, COUNTERS);
  return ceiling;
}

/** Whether wrong passwords already judged have used up one of the counters' window. */
async function usedUp(db: Db, attempt: PasswordAttempt, counters: Counter[]): Promise<boolean> {
  const rows = await db
    .select({ key: loginFailures.key, failures: failures.count })
    .from(loginFailures)
    .innerJoin(
      failures,
      and(
        eq(failures.key, sql`${FAILED} || ${loginFailures.key}`),
        eq(failures.windowStart, loginFailures.windowStart),
      ),
    )
    .where(
      and(
        inArray(
          loginFailures.key,
          counters.map((counter) => KEYS[counter](attempt)),
        ),
        gte(loginFailures.windowStart, windowStartCutoff),
      ),
    );
  const judged = new Map(rows.map(({ key, failures }) => [key, failures]));
  return counters.some((counter) => (judged.get(KEYS[counter](attempt)) ?? 0) >= LIMITS[counter]);
}

const tooMany = (wait: number) =>
  new HttpError(429, `Too many failed sign-in attempts. Try again in ${wait} seconds.`, {
    'retry-after': String(wait),
  });

/**
 * Records a password attempt, or answers 429 with `Retry-After` when wrong passwords have used
 * up a counter's window. An attempt over a limit while others are still being checked waits for
 * them (up to `MAX_WAIT_MS`, then 429): the right passwords among them give their attempts
 * back, the wrong ones use the window up. The email's ceiling counts only attempts that the
 * pair and the address let through, so one address hammering a colleague's email cannot use
 * the ceiling up.
 */
export async function beginPasswordAttempt(db: Db, attempt: PasswordAttempt): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const refused = await admit(db, attempt);
    if (!refused) return;
    if (Date.now() + pause > deadline || (await usedUp(db, attempt, refused.counters))) {
      throw tooMany(refused.wait);
    }
    await sleep(pause);
  }
}

/**
 * The password was wrong: the attempt stays counted, and is recorded as judged in the window of
 * each counter it was counted on. Rows are written in the order of their keys.
 */
export async function passwordAttemptFailed(db: Db, attempt: PasswordAttempt): Promise<void> {
  const keys = COUNTERS.map((counter) => KEYS[counter](attempt));
  await db.execute(sql`
    insert into ${loginFailures} (key, count, window_start)
    select ${FAILED} || key, 1, window_start from ${loginFailures}
    where ${inArray(loginFailures.key, keys)}
    order by key
    on conflict (key) do update set
      count = case when ${loginFailures.windowStart} = excluded.window_start
        then ${loginFailures.count} + 1 else 1 end,
      window_start = excluded.window_start`);
}

/**
 * The password was right: the pair starts afresh, and the address and the email get their
 * attempt back. The email's ceiling is not reset, so a colleague's sign-ins do not renew the
 * allowance of someone guessing from many addresses.
 */
export async function passwordAttemptSucceeded(db: Db, attempt: PasswordAttempt): Promise<void> {
  const pair = KEYS.pair(attempt);
  await db.delete(loginFailures).where(inArray(loginFailures.key, [pair, `${FAILED}${pair}`]));
  await giveBack(db, attempt, ['address', 'email']);
}

/**
 * No password was judged (the server failed while checking it): the attempt goes back to every
 * counter, as far as the database lets it, so the server's own failures never lock anyone out.
 */
export async function passwordAttemptUnjudged(db: Db, attempt: PasswordAttempt): Promise<void> {
  for (const counter of COUNTERS) {
    await giveBack(db, attempt, [counter]).catch(() => undefined);
  }
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function pruneLoginFailures(db: Db): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowStart, sql`${windowStartCutoff} - ${window}`));
}
