import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { assertCanModify } from '../../lib/access.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { pageWindow } from '../../lib/pagination.js';
import { ARCHIVED_PROJECT, lockForFiling, projectExists } from '../projects/projects.service.js';
import * as repo from './brainstorms.repository.js';
import type {
  BrainstormChanges,
  BrainstormCreateInput,
  BrainstormDto,
  BrainstormListQuery,
} from './brainstorms.schemas.js';

async function findOr404(db: Db, id: number) {
  const brainstorm = await repo.findBrainstorm(db, id);
  if (!brainstorm) throw notFound();
  return brainstorm;
}

async function assertProjectExists(db: Db, project: number | 'none' | null | undefined) {
  if (typeof project === 'number' && !(await projectExists(db, project))) {
    throw fieldError('project', `Invalid pk "${project}" - object does not exist.`);
  }
}

/** A page of brainstorms: how many match, and the page as JSON array text (decision 036). */
export async function listBrainstorms(
  db: Db,
  query: BrainstormListQuery,
): Promise<{ count: number; results: string }> {
  await assertProjectExists(db, query.project);
  return repo.listBrainstorms(db, {
    ...query,
    createdAfter: query.created_after,
    createdBefore: query.created_before,
    ...pageWindow(query),
  });
}

export async function getBrainstorm(db: Db, id: number): Promise<BrainstormDto> {
  const brainstorm = await repo.findBrainstormDto(db, id);
  if (!brainstorm) throw notFound();
  return brainstorm;
}

/**
 * Runs `write` with the brainstorm's new project locked against being archived or deleted
 * meanwhile (decision 029). An archived project takes no brainstorm, except the one already in it
 * (`current`, read under the lock), so that an edit of its other fields may send it back.
 */
async function filingInto<T>(
  db: Db,
  project: number | null | undefined,
  current: ((tx: Db) => Promise<number | null | undefined>) | null,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  if (project == null) return write(db);
  return db.transaction(async (tx) => {
    const { archived } = await lockForFiling(tx, project);
    if (archived && (current === null || (await current(tx)) !== project)) {
      throw fieldError('project', ARCHIVED_PROJECT);
    }
    return write(tx);
  });
}

export async function createBrainstorm(db: Db, actor: UserRow, input: BrainstormCreateInput) {
  return filingInto(db, input.project, null, (tx) =>
    repo.insertBrainstorm(tx, {
      title: input.title,
      description: input.description,
      type: input.type,
      parameters: { ...input.parameters, type: input.type },
      projectId: input.project,
      blindReview: input.blind_review,
      createdBy: actor.id,
    }),
  );
}

export async function updateBrainstorm(
  db: Db,
  actor: UserRow,
  id: number,
  changes: BrainstormChanges,
) {
  assertCanModify(actor, await findOr404(db, id));
  const current = async (tx: Db) => (await repo.lockBrainstorm(tx, id))?.projectId;
  await filingInto(db, changes.project, current, (tx) =>
    repo.updateBrainstorm(tx, id, {
      title: changes.title,
      description: changes.description,
      type: changes.type,
      parameters: changes.parameters,
      projectId: changes.project,
      blindReview: changes.blind_review,
    }),
  );
  return getBrainstorm(db, id);
}

export async function deleteBrainstorm(db: Db, actor: UserRow, id: number) {
  assertCanModify(actor, await findOr404(db, id));
  await repo.deleteBrainstorm(db, id);
}

/** The brainstorm, or null; other modules read brainstorms through this. */
export const findBrainstorm = repo.findBrainstorm;
