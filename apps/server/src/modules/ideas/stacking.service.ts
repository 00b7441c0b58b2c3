import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { getIdea } from './ideas.service.js';
import { brainstormOfIdea, lockIdeas, stackUnder, unstack } from './near-duplicates.js';

/*
 * People decide about near-duplicates (decision 025): any signed-in member may take an idea out
 * of a stack or stack it by hand, and who did is recorded. Both lock the brainstorm and then the
 * ideas, so two people changing one stack at the same moment take turns and leave one stack.
 */

/**
 * Takes a stacked idea out from under its original, for good. An idea that is not stacked (a
 * second click, a teammate's) is answered as it is.
 */
export async function notDuplicate(db: Db, user: UserRow, id: number) {
  const brainstormId = await brainstormOfIdea(db, id);
  if (brainstormId === null) throw notFound();
  await db.transaction(async (tx) => {
    const idea = (await lockIdeas(tx, brainstormId, [id])).get(id);
    if (!idea) throw notFound();
    await unstack(tx, idea, user.id);
  });
  return getIdea(db, user, id);
}

/**
 * Stacks an idea under `of` by hand: under `of`'s original when `of` is itself stacked, or under
 * `of` when that original is this idea (the two change places). What was stacked under the idea
 * moves with it.
 */
export async function markDuplicate(db: Db, user: UserRow, id: number, of: number) {
  if (of === id) throw fieldError('of', 'An idea cannot repeat itself: choose another idea.');
  const brainstormId = await brainstormOfIdea(db, id);
  if (brainstormId === null) throw notFound();
  await db.transaction(async (tx) => {
    const locked = await lockIdeas(tx, brainstormId, [id, of]);
    const idea = locked.get(id);
    if (!idea) throw notFound();
    const other = locked.get(of);
    if (!other) throw fieldError('of', `Invalid pk "${of}" - object does not exist.`);
    if (other.brainstormId !== idea.brainstormId) {
      throw fieldError('of', 'Choose an idea of the same brainstorm.');
    }
    const root = other.duplicateOf === null || other.duplicateOf === id ? of : other.duplicateOf;
    await stackUnder(tx, idea, root, user.id);
  });
  return getIdea(db, user, id);
}
