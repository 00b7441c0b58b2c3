import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ideaComments, ideaReactions } from '../../db/schema/annotations.js';
import { isoText } from '../../db/json.js';

/** The columns of `idea_annotations` the JSON reads, of the table or an alias of it. */
type AnnotationColumns = Record<
  'id' | 'userId' | 'ideaId' | 'vote' | 'isBookmarked' | 'isHidden' | 'created' | 'modified',
  AnyPgColumn
>;

/**
 * The caller's annotation as the API shows it (`AnnotationDto`), built by the database from
 * `annotation`, a row of `idea_annotations` in scope of the statement (an alias of the table),
 * or null where it is null: for statements that pass their JSON through (decision 036). Its
 * reactions and its comments oldest first; the comments as a JSON-encoded list, written
 * compactly as `JSON.stringify` would.
 */
export function annotationJson(annotation: AnnotationColumns): SQL {
  const { id, userId, ideaId, vote, isBookmarked, isHidden, created, modified } = annotation;
  const r = ideaReactions;
  const c = ideaComments;
  return sql`case when ${id} is null then null else json_build_object(
    'id', ${id}, 'user', ${userId}, 'idea', ${ideaId}, 'vote', ${vote},
    'is_bookmarked', ${isBookmarked}, 'is_hidden', ${isHidden},
    'reactions', coalesce((select json_agg(json_build_object('id', ${r.id},
        'reaction_type', ${r.reactionType}, 'created', ${isoText(r.created)},
        'modified', ${isoText(r.modified)}) order by ${r.created}, ${r.id})
      from ${r} where ${r.annotationId} = ${id}), '[]'),
    'comments', '[' || coalesce((select string_agg(row_to_json(comment)::text, ','
        order by comment.created, comment.id)
      from (select ${c.id} as id, ${c.text} as text, ${isoText(c.created)} as created,
          ${isoText(c.modified)} as modified
        from ${c} where ${c.annotationId} = ${id}) comment), '') || ']',
    'created', ${isoText(created)}, 'modified', ${isoText(modified)}) end`;
}
