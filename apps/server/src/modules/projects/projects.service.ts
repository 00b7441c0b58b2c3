import type { Db } from '../../db/client.js';
import type { ProjectRow } from '../../db/schema/projects.js';
import type { UserRow } from '../../db/schema/users.js';
import { assertCanModify } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted } from '../../lib/pagination.js';
import * as repo from './projects.repository.js';
import type { ProjectChanges, ProjectDto, ProjectListQuery } from './projects.schemas.js';

const toProjectDto = (row: ProjectRow): ProjectDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_by: row.createdBy,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
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
  return toProjectDto(await findOr404(db, id));
}

export async function createProject(
  db: Db,
  actor: UserRow,
  input: { name: string; description: string },
) {
  return toProjectDto(await repo.insertProject(db, { ...input, createdBy: actor.id }));
}

export async function updateProject(db: Db, actor: UserRow, id: number, changes: ProjectChanges) {
  assertCanModify(actor, await findOr404(db, id));
  const updated = await repo.updateProject(db, id, changes);
  if (!updated) throw notFound();
  return toProjectDto(updated);
}

export async function deleteProject(db: Db, actor: UserRow, id: number) {
  assertCanModify(actor, await findOr404(db, id));
  await repo.deleteProject(db, id);
}

/** True when the project exists; other modules check references through this. */
export async function projectExists(db: Db, id: number): Promise<boolean> {
  return (await repo.findProject(db, id)) !== null;
}
