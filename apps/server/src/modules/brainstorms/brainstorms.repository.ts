import { and, count, eq, gte, ilike, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  brainstorms,
  type BrainstormParameters,
  type BrainstormRow,
} from '../../db/schema/brainstorms.js';
import type { BrainstormDto } from './brainstorms.schemas.js';
import { brainstormJson } from './brainstorm-json.js';
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

export interface BrainstormFilters {
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
  /** A project's brainstorms, or with 'none' the unfiled ones. */
  project?: number | 'none' | undefined;
  search?: string | undefined;
  title?: string | undefined;
  type?: string | undefined;
}

const problem = sql`${brainstorms.parameters} ->> 'problem'`;

const orderColumns = {
  id: brainstorms.id,
  title: sql`lower(${brainstorms.title})`,
  type: brainstorms.type,
  created: brainstorms.created,
  modified: brainstorms.modified,
  ideas_count: brainstorms.ideasCount,
};

function filterCondition(f: BrainstormFilters): SQL | undefined {
  return and(
    f.createdAfter && gte(brainstorms.created, f.createdAfter),
    f.createdBefore && lt(brainstorms.created, f.createdBefore),
    f.project === undefined
      ? undefined
      : f.project === 'none'
        ? isNull(brainstorms.projectId)
        : eq(brainstorms.projectId, f.project),
    f.title ? ilike(brainstorms.title, containsPattern(f.title)) : undefined,
    f.type ? eq(brainstorms.type, f.type) : undefined,
    searchCondition(f.search, [brainstorms.title, brainstorms.description, problem]),
  );
}

/**
 * One page of brainstorms with their idea counts and the total: one statement, the total as a
 * subquery run once. Only a page past the end, which has no row to carry it, counts again.
 */
/**
 * A page of brainstorms as the API shows them, as the JSON array text the database built
 * (decision 036), and how many match: one statement, two for a page past the end.
 */
export async function listBrainstorms(
  db: Db,
  params: BrainstormFilters & {
    ordering: Ordering<BrainstormOrderingField>;
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: string }> {
  const where = filterCondition(params);
  const total = db.select({ value: count() }).from(brainstorms).where(where);
  const rows = await db
    .select({ dto: sql<string>`${brainstormJson}::text`, total: sql<number>`(${total})::int` })
    .from(brainstorms)
    .where(where)
    .orderBy(...orderBy(params.ordering, orderColumns, brainstorms.id))
    .limit(params.limit)
    .offset(params.offset);
  const results = `[${rows.map((row) => row.dto).join(',')}]`;
  const first = rows[0];
  if (first) return { count: first.total, results };
  if (params.offset === 0) return { count: 0, results };
  const [counted] = await total;
  return { count: counted?.value ?? 0, results };
}

/** One brainstorm as the API shows it, or null. */
export async function findBrainstormDto(db: Db, id: number): Promise<BrainstormDto | null> {
  const [row] = await db
    .select({ dto: sql<BrainstormDto>`${brainstormJson}` })
    .from(brainstorms)
    .where(eq(brainstorms.id, id));
  return row?.dto ?? null;
}

export async function findBrainstorm(db: Db, id: number): Promise<BrainstormRow | null> {
  const [row] = await db.select().from(brainstorms).where(eq(brainstorms.id, id));
  return row ?? null;
}

/** The brainstorm, locked for update until the transaction ends; null when it is gone. */
export async function lockBrainstorm(db: Db, id: number): Promise<BrainstormRow | null> {
  const [row] = await db.select().from(brainstorms).where(eq(brainstorms.id, id)).for('update');
  return row ?? null;
}

export type BrainstormValues = Pick<
  BrainstormRow,
  'title' | 'description' | 'type' | 'parameters' | 'projectId' | 'blindReview'
>;

/** Inserts a brainstorm and answers it as the API shows it. */
export async function insertBrainstorm(
  db: Db,
  values: BrainstormValues & { createdBy: number },
): Promise<BrainstormDto> {
  const [row] = await db
    .insert(brainstorms)
    .values(values)
    .returning({ dto: sql<BrainstormDto>`${brainstormJson}` });
  if (!row) throw new Error('insert returned no row');
  return row.dto;
}

export interface BrainstormChanges {
  title?: string | undefined;
  description?: string | undefined;
  type?: string | undefined;
  parameters?: Omit<BrainstormParameters, 'type'> | undefined;
  projectId?: number | null | undefined;
  blindReview?: boolean | undefined;
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
