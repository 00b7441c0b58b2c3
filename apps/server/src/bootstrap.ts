import { randomBytes } from 'node:crypto';
import type { Db } from './db/client.js';
import { countUsers, createUser } from './modules/users/users.service.js';

/**
 * On the first start with no user at all, creates an admin with a random password and returns
 * the sign-in details, to be shown once. No well-known default password exists.
 */
export async function createFirstAdmin(
  db: Db,
  email: string,
): Promise<{ email: string; password: string } | null> {
  if ((await countUsers(db)) > 0) return null;
  const password = randomBytes(12).toString('base64url');
  await createUser(db, {
    email,
    password,
    first_name: 'Admin',
    last_name: '',
    is_staff: true,
  });
  return { email, password };
}
