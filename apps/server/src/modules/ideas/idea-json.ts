import { sql, type SQL } from 'drizzle-orm';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import { HOLE, isoText, renderedAround } from '../../db/json.js';
import { annotationJson } from '../annotations/annotation-json.js';
import { mine, totalsHidden, unlessHidden } from './idea-filters.js';

const i = ideas;

/** How many users gave each reaction, or null where the totals are withheld. */
const reactionCounts = sql`case when ${totalsHidden} then null else json_build_object(
  'laugh', ${i.laughCount}, 'idea', ${i.ideaCount}, 'surprised', ${i.surprisedCount},
  'thumbtack', ${i.thumbtackCount}) end`;

/**
 * Where a generated idea came from; null for one written by hand. Its JSON columns are read
 * field by field: like the schema's serializer, only the documented fields are written. `HOLE`
 * is whether its steering is withheld from the caller (steering-view.ts): then `steered_by` is
 * null, as when nothing steered it.
 */
const provenance = sql`case when ${i.provider} is null then null else json_build_object(
  'provider', ${i.provider}, 'model', ${i.model}, 'technique', ${i.technique},
  'prompt_version', ${i.promptVersion},
  'settings', case when ${i.settings} is null then null else jsonb_strip_nulls(jsonb_build_object(
    'temperature', ${i.settings} -> 'temperature', 'max_tokens', ${i.settings} -> 'max_tokens')) end,
  'input_tokens', ${i.inputTokens}, 'output_tokens', ${i.outputTokens},
  'generation', ${i.generationId}, 'inspired_by', ${i.inspiredBy},
  'steered_by', case when ${i.steeredBy} is null or ${HOLE} then null else json_build_object(
    'liked', ${i.steeredBy} -> 'liked', 'rejected', ${i.steeredBy} -> 'rejected') end,
  'steering_hidden', ${HOLE}) end`;

/** The idea's JSON, with or without the caller's annotation (see `ideaJson`). */
function buildIdeaJson(withAnnotation: boolean): SQL {
  const idea = sql`json_build_object(
    'id', ${i.id}, 'title', ${i.title}, 'summary', ${i.summary},
    'description', ${i.description}, 'brainstorm', ${i.brainstormId},
    'brainstorm_detail', json_build_object('id', ${brainstorms.id},
      'title', ${brainstorms.title}, 'type', ${brainstorms.type}),
    'created', ${isoText(i.created)}, 'modified', ${isoText(i.modified)},
    'created_by', ${i.createdBy}, 'provenance', ${provenance},
    'votes', ${unlessHidden(i.votes)}, 'reaction_counts', ${reactionCounts},
    'comments_count', ${unlessHidden(i.commentsCount)}, 'totals_hidden', ${totalsHidden},
    'duplicate_of', ${i.duplicateOf}, 'duplicate_score', ${i.duplicateScore},
    'stacked_by', ${i.stackedBy}, 'stacked_by_model', ${i.stackedByModel},
    'stack_reason', ${i.stackReason}, 'duplicates_count', ${i.duplicatesCount},
    'theme', ${i.themeId}, 'combined_from', ${i.combinedFrom}`;
  if (!withAnnotation) return sql`${idea})`;
  // Built once, given twice: the spec's client reads `annotation`, the API documents both.
  return sql`(select ${idea}, 'user_annotation', a, 'annotation', a)
    from (select ${annotationJson(mine)} as a) as annotation)`;
}

const IDEA_JSON = {
  bare: renderedAround(buildIdeaJson(false)),
  annotated: renderedAround(buildIdeaJson(true)),
};

/**
 * An idea as the API shows it (`IdeaDto`, ideas.schemas.ts), built by the database: the one
 * place the DTO is written (decision 036). It reads `ideas`, its `brainstorms` row and the
 * caller's annotation `mine` (for blind review, and with `withAnnotation` the annotation
 * itself), all of which the statement must have in scope; `steeringWithheld` is
 * `ideaSteeringWithheld` for the caller.
 */
export const ideaJson = ({
  withAnnotation,
  steeringWithheld,
}: {
  withAnnotation: boolean;
  steeringWithheld: SQL<boolean>;
}): SQL => (withAnnotation ? IDEA_JSON.annotated : IDEA_JSON.bare)(steeringWithheld);
