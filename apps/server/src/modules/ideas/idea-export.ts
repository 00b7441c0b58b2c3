import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLine, writtenCell, type WrittenCell } from '../../lib/csv.js';
import { HttpError } from '../../lib/errors.js';
import type { ExportRow } from './ideas.repository.js';
import type { ExportFormat } from './ideas.schemas.js';

export const CSV_HEADER = [
  'id',
  'brainstorm',
  'title',
  'summary',
  'description',
  'votes',
  'laugh',
  'idea',
  'surprised',
  'thumbtack',
  'comments',
  'my vote',
  'bookmarked',
  'hidden',
  'created',
  'provider',
  'model',
  'brainstorm title',
  'comment texts',
  'duplicate_of',
  'theme',
];

/**
 * An exported idea with what the CSV adds from elsewhere: its brainstorm's title, its comments,
 * its theme's name.
 */
export interface CsvRow extends ExportRow {
  brainstormTitle: string;
  /** "Author: text" for each comment, one to a line, oldest first; empty without comments. */
  commentTexts: string;
  /** The name of its theme; empty while it is unsorted. */
  themeName: string;
}

/** What a cell withheld from the caller says (blind review, decision 026): not 0, not empty. */
export const HIDDEN_CELL = 'hidden';

const total = (row: CsvRow, value: number | null) => (row.totalsHidden ? HIDDEN_CELL : value);

/**
 * "my vote" is the caller's vote, 1, -1 or 0: 0 where they have not voted, reviewed or not.
 * The columns added after the first release come last, so a reader of the old ones still finds
 * them where they were.
 */
const csvRow = (row: CsvRow, titleCell: WrittenCell) =>
  csvLine([
    row.id,
    row.brainstormId,
    row.title,
    row.summary,
    row.description,
    total(row, row.votes),
    total(row, row.laughCount),
    total(row, row.ideaCount),
    total(row, row.surprisedCount),
    total(row, row.thumbtackCount),
    total(row, row.commentsCount),
    row.myVote ?? 0,
    row.myBookmarked ?? false,
    row.myHidden ?? false,
    row.created,
    row.provider,
    row.model,
    titleCell,
    row.totalsHidden ? HIDDEN_CELL : row.commentTexts,
    row.duplicateOf,
    row.themeName,
  ]);

/**
 * About the text of one chunk of a download. The response takes the next chunk only once the
 * client has read the last, so a client that stops reading holds one chunk, not a batch.
 */
const CHUNK_CHARS = 64 * 1024;

/** The items of each batch as text, joined into chunks of about `CHUNK_CHARS`. */
async function* chunks<T>(batches: AsyncIterable<T[]>, text: (item: T) => string) {
  let chunk = '';
  for await (const items of batches) {
    for (const item of items) {
      chunk += text(item);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * The BOM and header first, so the download starts before the first batch is read. A
 * brainstorm's title is written as a cell once, for all its ideas.
 */
export async function* csvChunks(batches: AsyncIterable<CsvRow[]>) {
  yield CSV_BOM + csvLine(CSV_HEADER);
  const titleCells = new Map<string, WrittenCell>();
  yield* chunks(batches, (row) => {
    let titleCell = titleCells.get(row.brainstormTitle);
    if (titleCell === undefined) {
      titleCell = writtenCell(row.brainstormTitle);
      titleCells.set(row.brainstormTitle, titleCell);
    }
    return csvRow(row, titleCell);
  });
}

/** A JSON array of the ideas, each the JSON text the database built (decision 036). */
export async function* jsonChunks(batches: AsyncIterable<string[]>) {
  let separator = '';
  yield '[';
  yield* chunks(batches, (idea) => {
    const text = separator + idea;
    separator = ',';
    return text;
  });
  yield ']';
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The most downloads one user may have streaming at once, in one server process. */
export const MAX_EXPORTS_PER_USER = 2;

const exportsUnderWay = new Map<number, number>();

/**
 * Takes one of the user's export slots, or refuses with 429: an export streams the whole
 * matching set (100,000 ideas in two seconds), a statement for each batch, so one user opening
 * dozens at once would starve everyone else of the database. Returns the function that gives
 * the slot back; calling it more than once gives it back once.
 */
export function claimExportSlot(userId: number): () => void {
  const count = exportsUnderWay.get(userId) ?? 0;
  if (count >= MAX_EXPORTS_PER_USER) {
    throw new HttpError(
      429,
      `You already have ${String(MAX_EXPORTS_PER_USER)} downloads under way; wait for one to finish.`,
      { 'retry-after': '5' },
    );
  }
  exportsUnderWay.set(userId, count + 1);
  let claimed = true;
  return () => {
    if (!claimed) return;
    claimed = false;
    const left = (exportsUnderWay.get(userId) ?? 1) - 1;
    if (left > 0) exportsUnderWay.set(userId, left);
    else exportsUnderWay.delete(userId);
  };
}

/**
 * Streams an export as a download; the web client picks its own file name. `done` runs once the
 * stream is over: read to the end, failed, or abandoned by the client.
 */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  chunks: AsyncIterable<string>,
  done: () => void,
) {
  // The response is over when it was sent whole ('finish') or cut short ('close').
  for (const event of ['finish', 'close']) reply.raw.once(event, done);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="ideas-export.${format}"`)
    .send(Readable.from(chunks, { objectMode: false }));
}
