import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { UserRow } from '../../db/schema/users.js';
import { appLinks } from '../../lib/app-links.js';
import { csvLine, CSV_BOM } from '../../lib/csv.js';
import { HttpError, notFound } from '../../lib/errors.js';
import * as repository from './analysis.repository.js';

/*
 * A ranking's result as it leaves the app (issue 39): the ranked shortlist, best first, with
 * each idea's summary, rating, vote total and theme and a link to it, as JSON, CSV or Markdown.
 */

export const SHORTLIST_FORMATS = ['json', 'csv', 'markdown'] as const;
export type ShortlistFormat = (typeof SHORTLIST_FORMATS)[number];

export const shortlistQuery = z.object({
  format: z
    .enum(SHORTLIST_FORMATS, { error: "Must be one of 'json', 'csv', 'markdown'." })
    .default('json')
    .describe('json (the default), csv (a download) or markdown (a table to paste).'),
});

export const shortlistSchema = z
  .object({
    analysis: z.number().int(),
    brainstorm: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
    finished: z.string().nullable(),
    ideas: z
      .array(
        z.object({
          rank: z.number().int(),
          idea: z.number().int(),
          title: z.string().describe('Empty once the idea was deleted.'),
          summary: z.string(),
          rating: z.number().int().describe('The Elo-style rating, rounded.'),
          votes: z
            .number()
            .int()
            .nullable()
            .describe(
              "The team's vote total; null under blind review until the caller reviewed it.",
            ),
          theme: z.string().nullable(),
          url: z.string().describe("The idea's page: absolute when PUBLIC_URL is set."),
        }),
      )
      .describe('Best rated first.'),
  })
  .meta({ id: 'Shortlist' });

export interface ShortlistEntry {
  rank: number;
  idea: number;
  /** Empty once the idea was deleted. */
  title: string;
  summary: string;
  rating: number;
  /** Null under blind review until the caller has reviewed the idea, as on the page. */
  votes: number | null;
  theme: string | null;
  url: string;
}

export interface Shortlist {
  analysis: number;
  brainstorm: { id: number; title: string; url: string };
  finished: string | null;
  ideas: ShortlistEntry[];
}

interface IdeaRow {
  id: number;
  title: string;
  summary: string;
  theme: string | null;
}

/** A finished ranking's shortlist as the caller may see it; 404 or 409 for anything else. */
export async function shortlist(
  db: Db,
  user: UserRow,
  analysisId: number,
  publicUrl: string | undefined,
): Promise<Shortlist> {
  const run = await repository.findAnalysis(db, analysisId);
  if (!run) throw notFound();
  if (run.result?.kind !== 'rank' || run.status !== 'done') {
    throw new HttpError(409, 'Only a finished ranking has a shortlist.');
  }
  const view = await repository.rankingView(db, user.id, run.brainstormId, run.result.ranking);
  const ids = view.ideas.map((entry) => entry.idea);
  const rows = rowsOf<IdeaRow & { brainstorm: string }>(
    await db.execute(sql`select i.id, i.title, i.summary, t.name as theme, b.title as brainstorm
      from brainstorms b
      left join ideas i on i.brainstorm_id = b.id and i.id = any(${sql.param(ids)}::int[])
      left join themes t on t.id = i.theme_id
      where b.id = ${run.brainstormId}`),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const link = appLinks(publicUrl);
  return {
    analysis: run.id,
    brainstorm: {
      id: run.brainstormId,
      title: rows[0]?.brainstorm ?? '',
      url: link.brainstorm(run.brainstormId),
    },
    finished: run.finished ? run.finished.toISOString() : null,
    ideas: view.ideas.map((entry, index) => {
      const row = byId.get(entry.idea);
      return {
        rank: index + 1,
        idea: entry.idea,
        title: entry.title,
        summary: row?.summary ?? '',
        rating: Math.round(entry.rating),
        votes: entry.votes,
        theme: row?.theme ?? null,
        url: link.idea(run.brainstormId, entry.idea),
      };
    }),
  };
}

const COLUMNS = ['Rank', 'Title', 'Summary', 'Rating', 'Votes', 'Theme', 'Link'];

/** The shortlist as CSV, with a byte-order mark for spreadsheets, as the idea export has. */
export function shortlistCsv(list: Shortlist): string {
  const lines = list.ideas.map((entry) =>
    csvLine([
      entry.rank,
      entry.title,
      entry.summary,
      entry.rating,
      entry.votes,
      entry.theme,
      entry.url,
    ]),
  );
  return CSV_BOM + csvLine(COLUMNS) + lines.join('');
}

/** Text as one Markdown table cell: no line breaks, and its pipes and brackets kept as text. */
const cell = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\|[\]])/g, '\\$1');

/** The shortlist as a Markdown table under a heading, to paste into a tracker or a chat. */
export function shortlistMarkdown(list: Shortlist): string {
  const rows = list.ideas.map((entry) =>
    [
      String(entry.rank),
      entry.title === '' ? '(deleted)' : `[${cell(entry.title)}](${entry.url})`,
      cell(entry.summary),
      String(entry.rating),
      entry.votes === null ? '–' : String(entry.votes),
      cell(entry.theme ?? ''),
    ].join(' | '),
  );
  return [
    `## Shortlist: [${cell(list.brainstorm.title)}](${list.brainstorm.url})`,
    '',
    '| Rank | Idea | Summary | Rating | Votes | Theme |',
    '| ---: | --- | --- | ---: | ---: | --- |',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n');
}
