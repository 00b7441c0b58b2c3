import type { Database, Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import * as repo from './users.repository.js';

/** The channel migration 0019's triggers announce a changed user's id on ('*': all of them). */
const USERS_CHANNEL = 'ideaforge_users';
/** Enough for every member of a large team; beyond it the oldest entry makes room. */
const MAX_ENTRIES = 10_000;

export interface UserCache {
  /** The user's row as committed, from memory when nothing has changed it since it was read. */
  find(db: Db, id: number): Promise<UserRow | null>;
  stop(): Promise<void>;
}

/**
 * The signed-in users' rows, read once rather than on every request (decision 036). A change
 * anywhere (this process, another server, the command line, a restore) is announced by the
 * database at commit and forgets the user; a change through this process's repository forgets
 * it at once as well. While the announcements cannot be heard (the listening connection is lost)
 * nothing is kept, and what was kept is forgotten: every request reads the row again.
 */
export async function startUserCache(database: Database): Promise<UserCache> {
  const rows = new Map<number, UserRow>();
  let hearing = false;
  // Bumped by every change heard: a row read before one is not kept, as it may predate it.
  let changes = 0;

  const forget = (id: number) => {
    changes += 1;
    rows.delete(id);
  };
  const forgetAll = () => {
    changes += 1;
    rows.clear();
  };

  const stopForgetting = repo.onUserChanged(forget);
  const unlisten = await database.listen(USERS_CHANNEL, {
    onPayload: (payload) => {
      if (payload === '*') forgetAll();
      else forget(Number(payload));
    },
    onLost: () => {
      hearing = false;
      forgetAll();
    },
    onGap: () => {
      forgetAll();
      hearing = true;
    },
  });
  hearing = true;

  return {
    async find(db, id) {
      const kept = hearing ? rows.get(id) : undefined;
      if (kept) return kept;
      const before = changes;
      const row = await repo.findUserById(db, id);
      if (row && hearing && changes === before) {
        if (rows.size >= MAX_ENTRIES) rows.delete(rows.keys().next().value ?? 0);
        rows.set(id, row);
      }
      return row;
    },
    async stop() {
      hearing = false;
      stopForgetting();
      forgetAll();
      await unlisten();
    },
  };
}
