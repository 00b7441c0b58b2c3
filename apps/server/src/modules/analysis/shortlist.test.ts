import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { annotateDirectly, insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas, themes } from '../../db/schema/ideas.js';
import { analyses } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import { readCsvText } from '../../lib/csv.js';
import * as repository from './analysis.repository.js';

/*
 * A ranking's shortlist, handed on (issue 39): JSON, CSV and Markdown from one finished ranking,
 * with votes withheld under blind review as the page withholds them.
 */

let t: TestApp;
let owner: UserRow;
let teammate: UserRow;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://ideas.example.org' });
  owner = await makeUser(t.db);
  teammate = await makeUser(t.db);
});
afterAll(() => t.close());

/** A brainstorm with three ideas ranked 2, 3, 1, the first sorted into a theme; its ranking. */
async function ranked(status: 'done' | 'running' = 'done') {
  const brainstorm = await makeBrainstorm(t.db, owner, 'Library | evenings');
  const [theme] = await t.db
    .insert(themes)
    .values({ brainstormId: brainstorm.id, name: 'Quiet [rooms]' })
    .returning();
  const stored = await insertIdeas(t.db, brainstorm.id, [
    { title: 'Reading nook', summary: 'Beanbags,\nlamps', votes: 3, themeId: theme?.id ?? null },
    { title: '=Silent disco', summary: 'Headphones | dancing', votes: 5 },
    { title: 'Board games', summary: 'Fridays', votes: 1 },
  ]);
  const [nook, disco, games] = stored.map((idea) => idea.id) as [number, number, number];
  const run = await repository.insertAnalysis(t.db, {
    brainstormId: brainstorm.id,
    kind: 'rank',
    createdBy: owner.id,
    provider: 'openai_compatible',
    model: 'fake-model',
    method: 'model',
    params: { ideas: [nook, disco, games] },
    callsPlanned: 3,
    reservedTokens: 0,
  });
  await t.db
    .update(analyses)
    .set({
      status,
      finished: status === 'done' ? new Date('2026-11-29T10:00:00Z') : null,
      result: {
        kind: 'rank',
        ranking: {
          ideas: [
            { idea: disco, rating: 1031.6, wins: 2, losses: 0 },
            { idea: games, rating: 1000.2, wins: 1, losses: 1 },
            { idea: nook, rating: 968.2, wins: 0, losses: 2 },
          ],
        },
      },
    })
    .where(eq(analyses.id, run.id));
  return { brainstorm: brainstorm.id, run: run.id, nook, disco, games };
}

const shortlistOf = (user: UserRow | null, run: number, format = 'json') =>
  apiAs(t.app)(user, 'GET', `/api/analyses/${run}/shortlist/?format=${format}`);

describe("a ranking's shortlist", () => {
  it('lists the ranked ideas best first, with summary, rating, votes, theme and link', async () => {
    const { brainstorm, run, nook, disco, games } = await ranked();
    const response = await shortlistOf(teammate, run);
    expect(response.statusCode, response.body).toBe(200);
    const link = (id: number) => `https://ideas.example.org/brainstorms/${brainstorm}/ideas/${id}`;
    expect(response.json()).toEqual({
      analysis: run,
      brainstorm: {
        id: brainstorm,
        title: 'Library | evenings',
        url: `https://ideas.example.org/brainstorms/${brainstorm}`,
      },
      finished: '2026-11-29T10:00:00.000Z',
      ideas: [
        {
          rank: 1,
          idea: disco,
          title: '=Silent disco',
          summary: 'Headphones | dancing',
          rating: 1032,
          votes: 5,
          theme: null,
          url: link(disco),
        },
        {
          rank: 2,
          idea: games,
          title: 'Board games',
          summary: 'Fridays',
          rating: 1000,
          votes: 1,
          theme: null,
          url: link(games),
        },
        {
          rank: 3,
          idea: nook,
          title: 'Reading nook',
          summary: 'Beanbags,\nlamps',
          rating: 968,
          votes: 3,
          theme: 'Quiet [rooms]',
          url: link(nook),
        },
      ],
    });
  });

  it('downloads as CSV that a spreadsheet reads as text, and pastes as a Markdown table', async () => {
    const { run, nook } = await ranked();
    const csv = await shortlistOf(owner, run, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="shortlist-${run}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Rank,Title,Summary,Rating,Votes,Theme,Link');
    // A title a spreadsheet would run as a formula is written as text.
    expect(lines[1]?.startsWith("1,'=Silent disco,Headphones | dancing,1032,5,,https://")).toBe(
      true,
    );
    expect(readCsvText("'=Silent disco")).toBe('=Silent disco');
    expect(csv.body).toContain('3,Reading nook,"Beanbags,\nlamps",968,3,Quiet [rooms],');

    const markdown = await shortlistOf(owner, run, 'markdown');
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const table = markdown.body.split('\n');
    expect(table[0]).toMatch(
      /^## Shortlist: \[Library \\\| evenings\]\(https:\/\/ideas\.example\.org\/brainstorms\/\d+\)$/,
    );
    expect(table.slice(2, 4)).toEqual([
      '| Rank | Idea | Summary | Rating | Votes | Theme |',
      '| ---: | --- | --- | ---: | ---: | --- |',
    ]);
    expect(table[4]).toMatch(
      /^\| 1 \| \[=Silent disco\]\(https:\/\/\S+\) \| Headphones \\\| dancing \| 1032 \| 5 \| {2}\|$/,
    );
    expect(table[6]).toContain(`/ideas/${nook}) | Beanbags, lamps | 968 | 3 | Quiet \\[rooms\\] |`);
  });

  it('withholds votes under blind review from whoever has not reviewed the idea', async () => {
    const { brainstorm, run, nook } = await ranked();
    await t.db.update(brainstorms).set({ blindReview: true }).where(eq(brainstorms.id, brainstorm));
    await annotateDirectly(t.db, teammate, nook, { vote: 1 });
    const { ideas: listed } = (await shortlistOf(teammate, run)).json<{
      ideas: { idea: number; votes: number | null }[];
    }>();
    // Its vote counts in the total it then sees.
    expect(listed.map((entry) => entry.votes)).toEqual([null, null, 4]);
    expect((await shortlistOf(teammate, run, 'markdown')).body).toContain('| 1032 | – |');
  });

  it('names a deleted idea, and refuses a step that is not a finished ranking', async () => {
    const { run, games } = await ranked();
    await t.db.delete(ideas).where(eq(ideas.id, games));
    const listed = (await shortlistOf(owner, run)).json<{ ideas: { title: string }[] }>().ideas;
    expect(listed.map((entry) => entry.title)).toEqual(['=Silent disco', '', 'Reading nook']);
    expect((await shortlistOf(owner, run, 'markdown')).body).toContain('| 2 | (deleted) |');

    const running = await ranked('running');
    const refused = await shortlistOf(owner, running.run);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Only a finished ranking has a shortlist.' });
    expect((await shortlistOf(owner, 999_999)).statusCode).toBe(404);
    const bad = await shortlistOf(owner, run, 'xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ format: ["Must be one of 'json', 'csv', 'markdown'."] });
    expect((await shortlistOf(null, run)).statusCode).toBe(401);
  });
});
