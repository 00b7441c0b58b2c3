import { and, asc, count, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import { projects, type ProjectRow } from '../../db/schema/projects.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { searchCondition } from '../../lib/search.js';

export const PROJECT_ORDERING_FIELDS = [
  'id',
  'name',
  'created',
  'modified',
  'last_activity',
  'brainstorms_count',
] as const;
export type ProjectOrderingField = (typeof PROJECT_ORDERING_FIELDS)[number];

export interface ProjectListParams {
  search?: string | undefined;
  archived?: boolean | undefined;
  ordering: Ordering<ProjectOrderingField>;
  limit: number;
  offset: number;
}

export type ProjectWithActivity = ProjectRow & { brainstormsCount: number; lastActivity: Date };

/**
 * Per project, read for the rows returned only: its brainstorms through their project index, and
 * each brainstorm's newest idea from the (brainstorm, created) index, one backward probe each.
 */
// Written with explicit names: a select from one table leaves its columns unqualified.
const project = sql`"projects"."id"`;
const brainstormsCount = sql<number>`(select count(*) from ${brainstorms} b
  where b.project_id = ${project})::int`;
const lastActivity = sql<Date>`greatest("projects"."modified", (
  select max(greatest(b.modified,
    (select max(i.created) from ${ideas} i where i.brainstorm_id = b.id)))
  from ${brainstorms} b where b.project_id = ${project}))`;

const withActivity = {
  ...getTableColumns(projects),
  brainstormsCount: brainstormsCount.as('brainstorms_count'),
  lastActivity: lastActivity.mapWith(projects.modified).as('last_activity'),
};

// The computed columns sort by their output names, so they are computed once per row.
const orderColumns = {
  id: projects.id,
  name: sql`lower(${projects.name})`,
  created: projects.created,
  modified: projects.modified,
  last_activity: sql`last_activity`,
  brainstorms_count: sql`brainstorms_count`,
};

export async function listProjects(db: Db, params: ProjectListParams) {
  const where = and(
    searchCondition(params.search, [projects.name, projects.description]),
    params.archived === undefined
      ? undefined
      : params.archived
        ? isNotNull(projects.archived)
        : isNull(projects.archived),
  );
  const [total] = await db.select({ value: count() }).from(projects).where(where);
  const rows: ProjectWithActivity[] = await db
    .select(withActivity)
    .from(projects)
    .where(where)
    .orderBy(...orderBy(params.ordering, orderColumns, projects.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function findProject(db: Db, id: number): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export async function findProjectWithActivity(
  db: Db,
  id: number,
): Promise<ProjectWithActivity | null> {
  const [row] = await db.select(withActivity).from(projects).where(eq(projects.id, id));
  return row ?? null;
}

/**
 * Locks the projects for the rest of the transaction, in id order so that two deletes moving
 * brainstorms into each other's project wait rather than deadlock. `share` keeps them from being
 * archived or deleted; `update` also from having brainstorms filed into them.
 */
export async function lockProjects(
  db: Db,
  ids: number[],
  mode: 'share' | 'update',
): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(inArray(projects.id, ids))
    .orderBy(asc(projects.id))
    .for(mode);
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
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ ...values, modified: new Date() })
    .where(eq(projects.id, id))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/** Archives (keeping the first moment when already archived) or restores. */
export async function setArchived(db: Db, id: number, archived: boolean): Promise<void> {
  await db
    .update(projects)
    .set({ archived: archived ? sql`coalesce(${projects.archived}, now())` : null })
    .where(eq(projects.id, id));
}

export async function moveBrainstorms(db: Db, from: number, to: number): Promise<void> {
  await db.update(brainstorms).set({ projectId: to }).where(eq(brainstorms.projectId, from));
}

export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}
