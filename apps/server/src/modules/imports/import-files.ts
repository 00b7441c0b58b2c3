import { CsvError, parse } from 'csv-parse/sync';
import { readCsvText } from '../../lib/csv.js';
import { fieldError } from '../../lib/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/json-nesting.js';
import { IMPORT_LIMITS, IMPORTED_FIELDS, type ImportFormat } from './imports.schemas.js';

/** One idea as a file gives it, before validation: its fields are whatever the file held. */
export interface FileRow {
  /** Where it is: the CSV line it starts on, or its place in the JSON array (from 1). */
  row: number;
  /** Null for a JSON item that is not an object. */
  fields: Record<string, unknown> | null;
}

const fileError = (message: string) => fieldError('content', message);

/** The rows of a file; a file that cannot be read as a whole is a 400 on `content`. */
export function readFile(format: ImportFormat, content: string): FileRow[] {
  const rows = format === 'csv' ? readCsv(content) : readJson(content);
  if (rows.length === 0) throw fileError('The file holds no ideas.');
  return rows;
}

const tooMany = (count: string) =>
  fileError(
    `The file holds ${count} ideas; at most ${IMPORT_LIMITS.rows} can be imported at once.`,
  );

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * CSV as Ideaforge exports it, or as a spreadsheet saves it: a header naming the columns (in any
 * case), then one idea a line. Only title, summary and description are read, and the `'` the
 * export puts before a formula is taken off again. Lines whose cells are all empty are skipped.
 * Reading stops at the first idea past the limit: 250,000 short lines held the event loop for
 * seconds before they were counted, so the answer says "more than" rather than how many.
 */
function readCsv(content: string): FileRow[] {
  let positions: Map<string, number> | undefined;
  const rows: FileRow[] = [];
  parseCsv(content, ({ record, info }) => {
    if (!positions) {
      positions = columnPositions(record.map((name) => name.trim().toLowerCase()));
      return;
    }
    if (record.every((cell) => cell.trim() === '')) return;
    if (rows.length === IMPORT_LIMITS.rows) throw tooMany(`more than ${IMPORT_LIMITS.rows}`);
    rows.push({
      // csv-parse counts the line a record ends on; the user looks for the one it starts on.
      row: info.lines - lineBreaksIn(record),
      fields: Object.fromEntries(
        [...positions].map(([field, at]) => [field, readCsvText(record[at] ?? '')]),
      ),
    });
  });
  if (!positions) throw fileError('The file is empty.');
  return rows;
}

const lineBreaksIn = (record: string[]) => record.join('').split('\n').length - 1;

/**
 * Hands each record, with the line it ends on, to `take`, which may stop the parser by throwing.
 * Line breaks are made LF first: csv-parse counts a CRLF inside a quoted cell as two lines,
 * which would put every later line number off.
 */
function parseCsv(content: string, take: (record: CsvRecord) => void): void {
  try {
    parse(content.replaceAll('\r\n', '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // With `info`, each record comes as { record, info }, which the typings do not say.
      on_record: (record: unknown) => {
        take(record as CsvRecord);
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw fileError(`The CSV cannot be read: ${error.message}.`);
    throw error;
  }
}

/** Where each imported column is; other columns (votes, comments…) are left alone. */
function columnPositions(columns: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const field of IMPORTED_FIELDS) {
    const at = columns.indexOf(field);
    if (at === -1) continue;
    if (columns.lastIndexOf(field) !== at) {
      throw fileError(`The column "${field}" appears more than once in the first line.`);
    }
    positions.set(field, at);
  }
  if (!positions.has('title')) {
    throw fileError(
      'The first line must name the columns, and one of them must be "title" ' +
        '(summary and description are read too).',
    );
  }
  return positions;
}

/** An array of ideas, or an object with one under `ideas`; each idea an object. */
function readJson(content: string): FileRow[] {
  if (nestsDeeperThan(content, MAX_JSON_DEPTH)) {
    throw fileError(
      `JSON parse error - Arrays and objects may be nested at most ${MAX_JSON_DEPTH} deep.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    throw fileError(`JSON parse error - ${(error as Error).message}`);
  }
  const items = Array.isArray(value) ? value : ideasOf(value);
  if (!items) {
    throw fileError('The JSON must be an array of ideas, or an object with an "ideas" array.');
  }
  if (items.length > IMPORT_LIMITS.rows) throw tooMany(String(items.length));
  return items.map((item, index) => ({ row: index + 1, fields: jsonFields(item) }));
}

const ideasOf = (value: unknown): unknown[] | null =>
  typeof value === 'object' &&
  value !== null &&
  Object.hasOwn(value, 'ideas') &&
  Array.isArray((value as { ideas: unknown }).ideas)
    ? (value as { ideas: unknown[] }).ideas
    : null;

/** The imported fields an item has; null when it is not an object. */
function jsonFields(item: unknown): Record<string, unknown> | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  return Object.fromEntries(
    IMPORTED_FIELDS.filter((field) => Object.hasOwn(item, field)).map((field) => [
      field,
      (item as Record<string, unknown>)[field],
    ]),
  );
}
