import { and, count, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  brainstorms,
  type BrainstormParameters,
  type BrainstormRow,
} from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { containsPattern, searchCondition } from '../../lib/search.js';

export const BRAINSTORM_ORDERING_FIELDS = [
  'id',
  'title',
  'type',
  'created',
  'modified',
  'ideas_count',
] as const;
export type BrainstormOrderingField = (typeof BRAINSTORM_ORDERING_FIELDS)[number];

export type BrainstormWithCount = BrainstormRow & { ideasCount: number };

export interface BrainstormFilters {
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
  project?: number | undefined;
  search?: string | undefined;
  title?: string | undefined;
  type?: string | undefined;
}

// Written out in full: inside a one-table select, drizzle leaves column names unqualified.
const ideasCount = sql<number>`(select count(*) from ${ideas} where ${ideas}.brainstorm_id = ${brainstorms}.id)::int`;

const problem = sql`${brainstorms.parameters} ->> 'problem'`;

const orderColumns = {
  id: brainstorms.id,
  title: sql`lower(${brainstorms.title})`,
  type: brainstorms.type,
  created: brainstorms.created,
  modified: brainstorms.modified,
  ideas_count: ideasCount,
};

function filterCondition(f: BrainstormFilters): SQL | undefined {
  return and(
    f.createdAfter && gte(brainstorms.created, f.createdAfter),
    f.createdBefore && lt(brainstorms.created, f.createdBefore),
    f.project !== undefined ? eq(brainstorms.projectId, f.project) : undefined,
    f.title ? ilike(brainstorms.title, containsPattern(f.title)) : undefined,
    f.type ? eq(brainstorms.type, f.type) : undefined,
    searchCondition(f.search, [brainstorms.title, brainstorms.description, problem]),
  );
}

/** One page of brainstorms with their idea counts: two statements whatever the page size. */
export async function listBrainstorms(
  db: Db,
  params: BrainstormFilters & {
    ordering: Ordering<BrainstormOrderingField>;
    limit: number;
    offset: number;
  },
): Promise<{ count: number; rows: BrainstormWithCount[] }> {
  const where = filterCondition(params);
  const [total] = await db.select({ value: count() }).from(brainstorms).where(where);
  const rows = await db
    .select({ ...selection, ideasCount })
    .from(brainstorms)
    .where(where)
    .orderBy(...orderBy(params.ordering, orderColumns, brainstorms.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

const selection = {
  id: brainstorms.id,
  title: brainstorms.title,
  description: brainstorms.description,
  type: brainstorms.type,
  parameters: brainstorms.parameters,
  projectId: brainstorms.projectId,
  createdBy: brainstorms.createdBy,
  created: brainstorms.created,
  modified: brainstorms.modified,
};

export async function findBrainstorm(db: Db, id: number): Promise<BrainstormWithCount | null> {
  const [row] = await db
    .select({ ...selection, ideasCount })
    .from(brainstorms)
    .where(eq(brainstorms.id, id));
  return row ?? null;
}

export type BrainstormValues = Pick<
  BrainstormRow,
  'title' | 'description' | 'type' | 'parameters' | 'projectId'
>;

export async function insertBrainstorm(
  db: Db,
  values: BrainstormValues & { createdBy: number },
): Promise<BrainstormWithCount> {
  const [row] = await db.insert(brainstorms).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return { ...row, ideasCount: 0 };
}

export interface BrainstormChanges {
  title?: string | undefined;
  description?: string | undefined;
  type?: string | undefined;
  parameters?: Omit<BrainstormParameters, 'type'> | undefined;
  projectId?: number | null | undefined;
}

/**
 * Writes only the named columns, in SQL, so concurrent changes of different fields never undo
 * each other. `parameters.type` always follows `type`, whichever of the two changes.
 */
export async function updateBrainstorm(db: Db, id: number, changes: BrainstormChanges) {
  const { parameters, ...columns } = changes;
  const { type } = columns;
  const typeNow = type === undefined ? brainstorms.type : sql`${type}::text`;
  const parametersNow =
    parameters === undefined
      ? brainstorms.parameters
      : sql`${JSON.stringify({ ...parameters, type: undefined })}::jsonb`;
  await db
    .update(brainstorms)
    .set({
      ...columns,
      ...(type !== undefined || parameters !== undefined
        ? { parameters: sql`${parametersNow} || jsonb_build_object('type', ${typeNow})` }
        : {}),
      modified: new Date(),
    })
    .where(eq(brainstorms.id, id));
}

/** Deletes a brainstorm; its ideas (and their annotations) go with it by cascade. */
export async function deleteBrainstorm(db: Db, id: number): Promise<void> {
  await db.delete(brainstorms).where(eq(brainstorms.id, id));
}
