import type { Db } from '../../db/client.js';
import type { ProjectRow } from '../../db/schema/projects.js';
import type { UserRow } from '../../db/schema/users.js';
import { assertCanModify } from '../../lib/access.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted } from '../../lib/pagination.js';
import * as repo from './projects.repository.js';
import type {
  ProjectChanges,
  ProjectDeleteQuery,
  ProjectDto,
  ProjectListQuery,
} from './projects.schemas.js';

export const ARCHIVED_PROJECT = 'This project is archived. Restore it first.';

const missing = (field: string, id: number) =>
  fieldError(field, `Invalid pk "${id}" - object does not exist.`);

const toProjectDto = (row: repo.ProjectWithActivity): ProjectDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_by: row.createdBy,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
  archived: row.archived && isoDate(row.archived),
  brainstorms_count: row.brainstormsCount,
  last_activity: isoDate(row.lastActivity),
});

async function findOr404(db: Db, id: number): Promise<ProjectRow> {
  const project = await repo.findProject(db, id);
  if (!project) throw notFound();
  return project;
}

export async function listProjects(db: Db, query: ProjectListQuery): Promise<Counted<ProjectDto>> {
  const { count, rows } = await repo.listProjects(db, { ...query, ...pageWindow(query) });
  return { count, rows: rows.map(toProjectDto) };
}

export async function getProject(db: Db, id: number) {
  const row = await repo.findProjectWithActivity(db, id);
  if (!row) throw notFound();
  return toProjectDto(row);
}

export async function createProject(
  db: Db,
  actor: UserRow,
  input: { name: string; description: string },
) {
  const row = await repo.insertProject(db, { ...input, createdBy: actor.id });
  return getProject(db, row.id);
}

export async function updateProject(db: Db, actor: UserRow, id: number, changes: ProjectChanges) {
  assertCanModify(actor, await findOr404(db, id));
  if (!(await repo.updateProject(db, id, changes))) throw notFound();
  return getProject(db, id);
}

/** Archives or restores; either is idempotent, and an archive keeps its first moment. */
export async function setArchived(db: Db, actor: UserRow, id: number, archived: boolean) {
  assertCanModify(actor, await findOr404(db, id));
  await repo.setArchived(db, id, archived);
  return getProject(db, id);
}

/**
 * Deletes the project, its brainstorms staying unfiled or moving to `move_to`. Both projects are
 * locked first, so a brainstorm being filed into either (which locks it, see `lockForFiling`)
 * waits, and then lands in a project that still exists or is refused.
 */
export async function deleteProject(
  db: Db,
  actor: UserRow,
  id: number,
  { move_to: moveTo }: ProjectDeleteQuery,
) {
  await db.transaction(async (tx) => {
    const locked = await repo.lockProjects(
      tx,
      moveTo === undefined ? [id] : [id, moveTo],
      'update',
    );
    const project = locked.find((p) => p.id === id);
    if (!project) throw notFound();
    assertCanModify(actor, project);
    if (moveTo !== undefined) {
      if (moveTo === id) throw fieldError('move_to', 'Choose another project than this one.');
      const target = locked.find((p) => p.id === moveTo);
      if (!target) throw missing('move_to', moveTo);
      if (target.archived) throw fieldError('move_to', ARCHIVED_PROJECT);
      await repo.moveBrainstorms(tx, id, moveTo);
    }
    await repo.deleteProject(tx, id);
  });
}

/** True when the project exists; other modules check references through this. */
export async function projectExists(db: Db, id: number): Promise<boolean> {
  return (await repo.findProject(db, id)) !== null;
}

/**
 * For filing a brainstorm into the project, inside the caller's transaction: locks it against
 * being archived or deleted until that ends, and answers whether it is archived. A missing
 * project is the `project` field's error.
 */
export async function lockForFiling(tx: Db, id: number): Promise<{ archived: boolean }> {
  const [project] = await repo.lockProjects(tx, [id], 'share');
  if (!project) throw missing('project', id);
  return { archived: project.archived !== null };
}
