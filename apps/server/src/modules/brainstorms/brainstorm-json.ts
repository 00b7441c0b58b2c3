import { sql, type SQL } from 'drizzle-orm';
import { isoText, literal, renderedOnce } from '../../db/json.js';
import { brainstorms as b } from '../../db/schema/brainstorms.js';
import { BRAINSTORM_TYPES } from './brainstorm-types.js';

/** Each type's display name by its value, for the database to look up. */
const DISPLAY_NAMES = JSON.stringify(
  Object.fromEntries(BRAINSTORM_TYPES.map((type) => [type.value, type.display_name])),
);

/**
 * A brainstorm as the API shows it (`BrainstormDto`, brainstorms.schemas.ts), built by the
 * database from the `brainstorms` row in scope: the one place the DTO is written (decision 036).
 * A type it does not know shows its value as its name. Like the schema's serializer, it writes
 * only the documented fields, whatever else a JSON column may hold.
 */
export const brainstormJson: SQL = renderedOnce(sql`json_build_object(
  'id', ${b.id}, 'title', ${b.title}, 'description', ${b.description}, 'type', ${b.type},
  'type_display', coalesce(${literal(DISPLAY_NAMES)}::jsonb ->> ${b.type}, ${b.type}),
  'parameters', json_build_object(
    'problem', coalesce(${b.parameters} -> 'problem', '""'),
    'themes', coalesce(${b.parameters} -> 'themes', '[]'),
    'type', coalesce(${b.parameters} -> 'type', to_jsonb(${b.type}))),
  'project', ${b.projectId}, 'created_by', ${b.createdBy},
  'ideas_count', ${b.ideasCount}, 'blind_review', ${b.blindReview},
  'created', ${isoText(b.created)}, 'modified', ${isoText(b.modified)})`);
