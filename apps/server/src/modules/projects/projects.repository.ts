import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, type ProjectRow } from '../../db/schema/projects.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { searchCondition } from '../../lib/search.js';

export const PROJECT_ORDERING_FIELDS = ['id', 'name', 'created', 'modified'] as const;
export type ProjectOrderingField = (typeof PROJECT_ORDERING_FIELDS)[number];

export interface ProjectListParams {
  search?: string | undefined;
  ordering: Ordering<ProjectOrderingField>;
  limit: number;
  offset: number;
}

export async function listProjects(db: Db, params: ProjectListParams) {
  const where = searchCondition(params.search, [projects.name, projects.description]);
  const [total] = await db.select({ value: count() }).from(projects).where(where);
  const rows = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(...orderBy(params.ordering, projects, projects.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function findProject(db: Db, id: number): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export async function insertProject(
  db: Db,
  values: { name: string; description: string; createdBy: number },
): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProject(
  db: Db,
  id: number,
  values: Partial<{ name: string; description: string }>,
): Promise<ProjectRow | null> {
  const [row] = await db
    .update(projects)
    .set({ ...values, modified: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row ?? null;
}

export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}
