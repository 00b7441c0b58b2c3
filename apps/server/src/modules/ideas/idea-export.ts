import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import type { ExportRow } from './ideas.repository.js';
import type { ExportFormat, IdeaDto } from './ideas.schemas.js';

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
];

/** "my vote" is empty where the caller has not reviewed the idea. */
const csvRow = (row: ExportRow) =>
  csvLine([
    row.id,
    row.brainstormId,
    row.title,
    row.summary,
    row.description,
    row.votes,
    row.laughCount,
    row.ideaCount,
    row.surprisedCount,
    row.thumbtackCount,
    row.commentsCount,
    row.myVote,
    row.myBookmarked ?? false,
    row.myHidden ?? false,
    row.created,
    row.provider,
    row.model,
  ]);

export async function* csvChunks(batches: AsyncIterable<ExportRow[]>) {
  yield CSV_BOM + csvLine(CSV_HEADER);
  for await (const rows of batches) yield rows.map(csvRow).join('');
}

export async function* jsonChunks(batches: AsyncIterable<IdeaDto[]>) {
  let separator = '';
  yield '[';
  for await (const ideas of batches) {
    yield separator + ideas.map((idea) => JSON.stringify(idea)).join(',');
    separator = ',';
  }
  yield ']';
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Streams an export as a download; the web client picks its own file name. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  chunks: AsyncIterable<string>,
) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="ideas-export.${format}"`)
    .send(Readable.from(chunks, { objectMode: false }));
}
