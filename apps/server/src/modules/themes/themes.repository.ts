import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ideas, themes, type ThemeRow } from '../../db/schema/ideas.js';

/** A theme with how many ideas it holds, stacked near-duplicates left out. */
export type ThemeWithCount = ThemeRow & { ideasCount: number };

// Spelled out: in a select from one table, drizzle names columns without their table, which
// inside this subquery would mean the idea's own id.
const ideasCount = sql<number>`(select count(*)::int from ideas as member
  where member.theme_id = ${themes}.id and member.duplicate_of is null)`;

const withCount = { ...getTableColumns(themes), ideasCount };

/** A brainstorm's themes, by position then id. */
export function listThemes(db: Db, brainstormId: number): Promise<ThemeWithCount[]> {
  return db
    .select(withCount)
    .from(themes)
    .where(eq(themes.brainstormId, brainstormId))
    .orderBy(asc(themes.position), asc(themes.id));
}

export async function findTheme(db: Db, id: number): Promise<ThemeWithCount | null> {
  const [row] = await db.select(withCount).from(themes).where(eq(themes.id, id));
  return row ?? null;
}

/** How many themes a brainstorm has, and the position after its last. */
export async function themeTally(db: Db, brainstormId: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      nextPosition: sql<number>`coalesce(max(${themes.position}) + 1, 0)::int`,
    })
    .from(themes)
    .where(eq(themes.brainstormId, brainstormId));
  return row ?? { count: 0, nextPosition: 0 };
}

/** A theme of the brainstorm with this name, case aside, other than `except`; null if none. */
export async function themeNamed(
  db: Db,
  brainstormId: number,
  name: string,
  except?: number,
): Promise<ThemeRow | null> {
  const [row] = await db
    .select()
    .from(themes)
    .where(
      and(
        eq(themes.brainstormId, brainstormId),
        sql`lower(${themes.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${themes.id} <> ${except}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertTheme(
  db: Db,
  values: {
    brainstormId: number;
    name: string;
    description: string;
    position: number;
    createdBy: number;
  },
): Promise<ThemeRow> {
  const [row] = await db.insert(themes).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Writes only the columns given, so that two people changing different ones both keep theirs. */
export async function updateTheme(
  db: Db,
  id: number,
  values: Partial<{ name: string; description: string; position: number }>,
) {
  await db
    .update(themes)
    .set({ ...values, modified: sql`now()` })
    .where(eq(themes.id, id));
}

/** Makes room after `position`: every later theme of the brainstorm moves down one. */
export async function shiftThemesAfter(db: Db, brainstormId: number, position: number) {
  await db
    .update(themes)
    .set({ position: sql`${themes.position} + 1` })
    .where(and(eq(themes.brainstormId, brainstormId), sql`${themes.position} > ${position}`));
}

/** Deletes a theme; its ideas are left unsorted by the key's `on delete set null`. */
export async function deleteTheme(db: Db, id: number) {
  await db.delete(themes).where(eq(themes.id, id));
}

export async function deleteThemesOf(db: Db, brainstormId: number) {
  await db.delete(themes).where(eq(themes.brainstormId, brainstormId));
}

/** The given ideas of the brainstorm and the ideas stacked under them. */
const withStacked = (brainstormId: number, ids: number[]): SQL =>
  sql`${ideas.brainstormId} = ${brainstormId} and (${ideas.id} = any(${sql.param(ids)}::int[])
    or ${ideas.duplicateOf} = any(${sql.param(ids)}::int[]))`;

/**
 * Puts the given ideas of the brainstorm, with the near-duplicates stacked under them (they are
 * the same idea), into a theme, or leaves them unsorted with null. Returns the ids it changed.
 */
export async function setIdeasTheme(
  db: Db,
  brainstormId: number,
  ids: number[],
  themeId: number | null,
): Promise<number[]> {
  const rows = await db
    .update(ideas)
    .set({ themeId })
    .where(withStacked(brainstormId, ids))
    .returning({ id: ideas.id });
  return rows.map((row) => row.id);
}

/** Moves every idea of one theme into another of the same brainstorm. */
export async function moveThemeIdeas(db: Db, from: number, into: number) {
  await db.update(ideas).set({ themeId: into }).where(eq(ideas.themeId, from));
}

/** Which of the given ideas are in the theme now. */
export async function ideasInTheme(db: Db, themeId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.themeId, themeId), sql`${ideas.id} = any(${sql.param(ids)}::int[])`));
  return new Set(rows.map((row) => row.id));
}

/** The newest unsorted ideas a suggestion is looked for. */
export const SUGGESTED_IDEAS = 200;
/** The least similarity for which a theme is suggested. */
export const SUGGESTION_THRESHOLD = 0.2;

/**
 * For each of the brainstorm's newest unsorted ideas not stacked under another, the theme whose
 * ideas it is most like: the greatest pg_trgm similarity of `title || ' ' || summary` with any
 * of the theme's ideas, the measure the near-duplicate detector uses (decision 025). Only
 * themes it is at least `SUGGESTION_THRESHOLD` alike to; the most alike first.
 */
export async function suggestThemes(db: Db, brainstormId: number) {
  return rowsOf<{ idea: number; theme: number; score: number }>(
    await db.execute(sql`
      select u.id as idea, best.theme, best.score
      from (
        select id, title, summary from ideas
        where brainstorm_id = ${brainstormId} and theme_id is null and duplicate_of is null
        order by created desc, id desc
        limit ${SUGGESTED_IDEAS}
      ) as u
      cross join lateral (
        select m.theme_id as theme,
          max(similarity(m.title || ' ' || m.summary, u.title || ' ' || u.summary)) as score
        from ideas m
        where m.brainstorm_id = ${brainstormId} and m.theme_id is not null
        group by m.theme_id
        order by score desc, m.theme_id
        limit 1
      ) as best
      where best.score >= ${SUGGESTION_THRESHOLD}
      order by best.score desc, u.id`),
  );
}
