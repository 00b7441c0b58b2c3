import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { MAX_PAGE_SIZE } from '../lib/pagination.js';
import * as users from '../modules/users/users.service.js';
import { withUserDatabase } from './command-line.js';

/** Every user, oldest first, a page at a time. */
async function* everyUser(db: Db) {
  const ordering = [{ field: 'id' as const, descending: false }];
  for (let page = 1; ; page += 1) {
    const { count, rows } = await users.listUsers(
      db,
      { page, page_size: MAX_PAGE_SIZE, ordering },
      null,
    );
    yield* rows;
    if (page * MAX_PAGE_SIZE >= count) return;
  }
}

export function userList(config: Config) {
  return withUserDatabase(config, async ({ db }) => {
    for await (const u of everyUser(db)) {
      const flags = [
        u.is_staff ? 'admin' : '',
        u.is_active ? '' : 'inactive',
        u.password_must_change ? 'one-time password' : '',
      ].filter(Boolean);
      console.log(`${u.id}\t${u.email}\t${u.name}\t${flags.join(',')}`);
    }
  });
}
