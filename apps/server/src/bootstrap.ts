import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { countUsers, createUser } from './modules/users/users.service.js';

/** Any constant shared by every process of a deployment; it names the first-admin lock. */
const FIRST_ADMIN_LOCK_KEY = 0x1dea_ad01;

/**
 * On the first start with no user at all, creates an admin with a random one-time password
 * (replaced at the first sign-in) and returns the sign-in details, to be shown once. No well-known default password exists. Instances
 * starting together on one empty PostgreSQL database take turns under a lock, so exactly one
 * of them creates the admin and prints the password.
 */
export async function createFirstAdmin(
  db: Db,
  email: string,
): Promise<{ email: string; password: string } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) return null;
    const password = randomBytes(12).toString('base64url');
    await createUser(
      tx,
      { email, password, first_name: 'Admin', last_name: '', is_staff: true },
      { oneTimePassword: true },
    );
    return { email, password };
  });
}
