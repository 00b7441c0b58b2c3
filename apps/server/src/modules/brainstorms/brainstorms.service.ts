import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { UserRow } from '../../db/schema/users.js';
import { assertCanModify } from '../../lib/access.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted } from '../../lib/pagination.js';
import { projectExists } from '../projects/projects.service.js';
import { typeDisplayName } from './brainstorm-types.js';
import * as repo from './brainstorms.repository.js';
import type {
  BrainstormChanges,
  BrainstormCreateInput,
  BrainstormDto,
  BrainstormListQuery,
} from './brainstorms.schemas.js';

export function toBrainstormDto(row: BrainstormRow): BrainstormDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    type_display: typeDisplayName(row.type),
    parameters: row.parameters,
    project: row.projectId,
    created_by: row.createdBy,
    ideas_count: row.ideasCount,
    blind_review: row.blindReview,
    created: isoDate(row.created),
    modified: isoDate(row.modified),
  };
}

async function findOr404(db: Db, id: number) {
  const brainstorm = await repo.findBrainstorm(db, id);
  if (!brainstorm) throw notFound();
  return brainstorm;
}

async function assertProjectExists(db: Db, project: number | null | undefined) {
  if (project != null && !(await projectExists(db, project))) {
    throw fieldError('project', `Invalid pk "${project}" - object does not exist.`);
  }
}

export async function listBrainstorms(
  db: Db,
  query: BrainstormListQuery,
): Promise<Counted<BrainstormDto>> {
  await assertProjectExists(db, query.project);
  const { count, rows } = await repo.listBrainstorms(db, {
    ...query,
    createdAfter: query.created_after,
    createdBefore: query.created_before,
    ...pageWindow(query),
  });
  return { count, rows: rows.map(toBrainstormDto) };
}

export async function getBrainstorm(db: Db, id: number) {
  return toBrainstormDto(await findOr404(db, id));
}

export async function createBrainstorm(db: Db, actor: UserRow, input: BrainstormCreateInput) {
  await assertProjectExists(db, input.project);
  const row = await repo.insertBrainstorm(db, {
    title: input.title,
    description: input.description,
    type: input.type,
    parameters: { ...input.parameters, type: input.type },
    projectId: input.project,
    blindReview: input.blind_review,
    createdBy: actor.id,
  });
  return toBrainstormDto(row);
}

export async function updateBrainstorm(
  db: Db,
  actor: UserRow,
  id: number,
  changes: BrainstormChanges,
) {
  assertCanModify(actor, await findOr404(db, id));
  await assertProjectExists(db, changes.project);
  await repo.updateBrainstorm(db, id, {
    title: changes.title,
    description: changes.description,
    type: changes.type,
    parameters: changes.parameters,
    projectId: changes.project,
    blindReview: changes.blind_review,
  });
  return getBrainstorm(db, id);
}

export async function deleteBrainstorm(db: Db, actor: UserRow, id: number) {
  assertCanModify(actor, await findOr404(db, id));
  await repo.deleteBrainstorm(db, id);
}

/** The brainstorm, or null; other modules read brainstorms through this. */
export const findBrainstorm = repo.findBrainstorm;
