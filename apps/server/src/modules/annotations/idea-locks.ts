import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { ideaComments, ideaReactions } from '../../db/schema/annotations.js';
import { ideaAnnotations } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';

/**
 * Every write under an idea locks the idea's row first, within its one statement: the triggers
 * of migrations 0004 and 0011 update the idea after the write's own row, while deleting the idea
 * (or its brainstorm) locks the idea and then cascades to its annotations. Locked the other way
 * round, the two deadlocked. This query finds the annotations matching `where` (joined to the
 * child table when given) and locks their ideas; a write takes its rows from it, as a CTE, and
 * finds nothing once the idea has gone. A subquery's rows are locked before the write's own.
 *
 * A write that updates the idea more than once (deleting an annotation with its reactions and
 * comments) also makes PostgreSQL check the idea's foreign keys, which locks its brainstorm:
 * that write locks the brainstorm first (`brainstormFirst`), as deleting the brainstorm does.
 */
export function lockingIdeas(
  db: Db,
  where: SQL | undefined,
  { child, brainstormFirst = false }: LockingOptions = {},
) {
  const annotations = (from: Pick<Db, 'select'>, id: AnyPgColumn) => {
    const query = from
      .select({ id })
      .from(ideaAnnotations)
      .innerJoin(ideas, eq(ideas.id, ideaAnnotations.ideaId))
      .$dynamic();
    return child ? query.innerJoin(child, eq(child.annotationId, ideaAnnotations.id)) : query;
  };
  if (!brainstormFirst) {
    return annotations(db, ideaAnnotations.id).where(where).for('no key update', { of: ideas });
  }
  const brainstorm = db
    .$with('brainstorm')
    .as(
      annotations(db, brainstorms.id)
        .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
        .where(where)
        .for('key share', { of: brainstorms }),
    );
  const inBrainstorm = inArray(
    ideas.brainstormId,
    db.select({ id: brainstorm.id }).from(brainstorm),
  );
  return annotations(db.with(brainstorm), ideaAnnotations.id)
    .where(and(where, inBrainstorm))
    .for('no key update', { of: ideas });
}

interface LockingOptions {
  child?: typeof ideaReactions | typeof ideaComments | undefined;
  brainstormFirst?: boolean | undefined;
}

/** `lockingIdeas` as the CTE of a write and the condition that takes the write's rows from it. */
export function lockedAnnotations(
  db: Db,
  column: AnyPgColumn,
  where: SQL | undefined,
  options: LockingOptions = {},
) {
  const locked = db.$with('locked').as(lockingIdeas(db, where, options));
  return { locked, where: inArray(column, db.select({ id: locked.id }).from(locked)) };
}
