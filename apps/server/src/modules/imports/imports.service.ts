import type { DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { notFound, ValidationError, type FieldErrors } from '../../lib/errors.js';
import { textProblem } from '../../plugins/input-guard.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { ideaCreateBody } from '../ideas/ideas.schemas.js';
import { createIdeas, wouldStackUnder, type IdeaText } from '../ideas/ideas.service.js';
import { readFile, type FileRow } from './import-files.js';
import {
  IMPORTED_FIELDS,
  type ImportInput,
  type ImportPreviewDto,
  type ImportResultDto,
  type ImportRowDto,
} from './imports.schemas.js';

/** The same rules as an idea written by hand: one schema for both. */
const ideaText = ideaCreateBody.omit({ brainstorm: true });

/** A row checked: its text when it may be stored, else what is wrong with it. */
interface CheckedRow {
  row: number;
  shown: IdeaText;
  text: IdeaText | null;
  errors: FieldErrors;
}

const NOT_AN_OBJECT =
  'Each idea must be an object with a title, and a summary and description if any.';

const asShown = (value: unknown) => (typeof value === 'string' ? value : '');

/** Text PostgreSQL cannot store is refused per row, as the input guard refuses it per field. */
function unstorable(fields: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of IMPORTED_FIELDS) {
    const value = fields[field];
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) errors[field] = [problem];
  }
  return errors;
}

function checkRow({ row, fields }: FileRow): CheckedRow {
  const shown = {
    title: asShown(fields?.title),
    summary: asShown(fields?.summary),
    description: asShown(fields?.description),
  };
  if (!fields) return { row, shown, text: null, errors: { non_field_errors: [NOT_AN_OBJECT] } };
  const errors = unstorable(fields);
  if (Object.keys(errors).length > 0) return { row, shown, text: null, errors };
  const parsed = ideaText.safeParse(fields);
  if (parsed.success) return { row, shown: parsed.data, text: parsed.data, errors };
  for (const issue of parsed.error.issues) {
    (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  }
  return { row, shown, text: null, errors };
}

/** Reads and checks a file for a brainstorm that must exist; a file unread as a whole is a 400. */
async function checkedFile(db: Db, brainstormId: number, input: ImportInput) {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  return readFile(input.format, input.content).map(checkRow);
}

/** Titles compared as a reader would: case, widths and runs of spaces aside. */
const sameTitleKey = (title: string) => title.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/**
 * What the import would stack, as warnings: a row that nearly repeats an idea already in the
 * brainstorm, or has the title of an earlier row. Near-duplicates among the file's own rows
 * are stacked too but warned about only when their titles match (decision 035).
 */
async function warnings(
  db: Db,
  brainstormId: number,
  rows: CheckedRow[],
  thresholds: DuplicateThresholds,
): Promise<Map<CheckedRow, string[]>> {
  const valid = rows.filter((r) => r.text !== null);
  const stacks = await wouldStackUnder(
    db,
    brainstormId,
    valid.map((r) => r.shown),
    thresholds,
  );
  const found = new Map<CheckedRow, string[]>();
  const firstWithTitle = new Map<string, number>();
  for (const [i, row] of valid.entries()) {
    const messages: string[] = [];
    const original = stacks[i];
    if (original) {
      messages.push(
        `Nearly repeats "${original.title}", already in this brainstorm: it will be stacked under it.`,
      );
    }
    const key = sameTitleKey(row.shown.title);
    const earlier = firstWithTitle.get(key);
    if (earlier === undefined) firstWithTitle.set(key, row.row);
    else if (!original) messages.push(`Same title as row ${earlier}: it will be stacked under it.`);
    if (messages.length > 0) found.set(row, messages);
  }
  return found;
}

/** Every row of the file as it would be imported, with its errors and warnings; stores nothing. */
export async function previewImport(
  db: Db,
  brainstormId: number,
  input: ImportInput,
  thresholds: DuplicateThresholds,
): Promise<ImportPreviewDto> {
  const rows = await checkedFile(db, brainstormId, input);
  const warned = await warnings(db, brainstormId, rows, thresholds);
  const shown = rows.map((row): ImportRowDto => ({
    row: row.row,
    ...row.shown,
    errors: row.errors,
    warnings: warned.get(row) ?? [],
  }));
  const invalid = rows.filter((row) => row.text === null).length;
  return {
    rows: shown,
    totals: { rows: rows.length, valid: rows.length - invalid, invalid, warned: warned.size },
  };
}

/**
 * Stores every row of the file as an idea written by the caller, in one transaction; when any
 * row has an error, stores nothing and answers each row's errors as `rows.<row>.<field>`.
 */
export async function importFile(
  db: Db,
  user: UserRow,
  brainstormId: number,
  input: ImportInput,
  thresholds: DuplicateThresholds,
): Promise<ImportResultDto> {
  const rows = await checkedFile(db, brainstormId, input);
  const errors = Object.fromEntries(
    rows.flatMap((row) =>
      Object.entries(row.errors).map(([field, messages]) => [`rows.${row.row}.${field}`, messages]),
    ),
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const texts = rows.flatMap((row) => (row.text ? [row.text] : []));
  const { ids, stacked } = await createIdeas(db, user, brainstormId, texts, thresholds);
  return { imported: ids.length, stacked, ids };
}
