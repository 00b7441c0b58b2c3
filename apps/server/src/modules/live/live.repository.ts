import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ideaAnnotations } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';

/** What a new viewer's stream needs of a brainstorm, or undefined when it is not there. */
export interface ViewerStart {
  blindReview: boolean;
  /** The ideas of the brainstorm the viewer has an annotation on. */
  reviewed: number[];
}

export async function viewerStart(
  db: Db,
  brainstormId: number,
  userId: number,
): Promise<ViewerStart | undefined> {
  const [row] = rowsOf<ViewerStart>(
    await db.execute(sql`select ${brainstorms.blindReview} as "blindReview",
      array(select ${ideaAnnotations.ideaId} from ${ideaAnnotations}
        join ${ideas} on ${ideas.id} = ${ideaAnnotations.ideaId}
        where ${ideaAnnotations.userId} = ${userId} and ${ideas.brainstormId} = ${brainstormId}
      ) as reviewed
      from ${brainstorms} where ${brainstorms.id} = ${brainstormId}`),
  );
  return row;
}
