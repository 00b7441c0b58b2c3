import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  annotateDirectly,
  insertIdeas,
  makeBrainstorm,
  pageReader,
  type IdeaJson as Idea,
  type IdeaPage as Page,
} from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';
import { CSV_HEADER } from './idea-export.js';
import { selectIdeas, totalsOfPage } from './ideas.repository.js';

/*
 * Blind review (decision 026): in a blind brainstorm, a member sees an idea's votes, reaction
 * counts and comments only once they have annotated it.
 */

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let read: ReturnType<typeof pageReader>;
let alice: UserRow;
let bob: UserRow;
let blind: number;
let open: number;
/** In the blind brainstorm, oldest first: X (alice's vote, laugh, comment), Y (bob's -1), Z. */
let x: number;
/** In the open brainstorm, with alice's vote and comment. */
let w: number;

const HIDDEN = { votes: null, reaction_counts: null, comments_count: null, totals_hidden: true };

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  read = pageReader(t.app);
  alice = await makeUser(t.db, { first_name: 'Alice', last_name: 'A' });
  bob = await makeUser(t.db);
  const created = await call(alice, 'POST', '/api/brainstorms/', {
    title: 'Blind',
    blind_review: true,
    parameters: { problem: 'p' },
  });
  blind = created.json<{ id: number }>().id;
  open = (await makeBrainstorm(t.db, alice, 'Open')).id;
  const rows = await insertIdeas(t.db, blind, [{ title: 'X' }, { title: 'Y' }, { title: 'Z' }]);
  const [idX, idY] = rows.map((row) => row.id) as [number, number, number];
  x = idX;
  for (const [i, row] of rows.entries()) {
    await t.db.execute(
      sql`update ideas set created = ${`2026-02-0${i + 1}T10:00:00Z`}::timestamptz where id = ${row.id}`,
    );
  }
  w = (await insertIdeas(t.db, open, [{ title: 'W' }]))[0]?.id ?? 0;
  await annotateDirectly(t.db, alice, x, { vote: 1, reactions: ['laugh'], comments: ['First'] });
  await annotateDirectly(t.db, alice, w, { vote: 1, comments: ['Seen'] });
  await annotateDirectly(t.db, bob, idY, { vote: -1 });
});
afterAll(() => t.close());

const byTitle = (page: { results: Idea[] } | Idea[]) =>
  Object.fromEntries(('results' in page ? page.results : page).map((idea) => [idea.title, idea]));
const titles = (page: Page) => page.results.map((idea) => idea.title);

describe('an idea the caller has not reviewed, in a blind brainstorm', () => {
  it('shows no totals in any list, marked as hidden rather than zero', async () => {
    const all = byTitle(await read(bob, `/api/ideas/?brainstorm=${blind}&with_annotations=true`));
    expect(all.X).toMatchObject({ ...HIDDEN, user_annotation: null });
    expect(all.Z).toMatchObject(HIDDEN);
    expect(all.Y).toMatchObject({ votes: -1, comments_count: 0, totals_hidden: false });
    expect(all.Y?.reaction_counts).toEqual({ laugh: 0, idea: 0, surprised: 0, thumbtack: 0 });

    const unreviewed = await read(bob, `/api/ideas/unreviewed/?brainstorm=${blind}`);
    expect(titles(unreviewed)).toEqual(['Z', 'X']);
    expect(unreviewed.results.every((idea) => idea.totals_hidden && idea.votes === null)).toBe(
      true,
    );
    const mine = await read(bob, `/api/ideas/reviewed/?brainstorm=${blind}`);
    expect(mine.results).toMatchObject([{ title: 'Y', votes: -1, totals_hidden: false }]);

    // Everything open to alice, who reviewed X; nothing changes in a brainstorm that is not blind.
    expect(byTitle(await read(alice, `/api/ideas/?brainstorm=${blind}`)).X).toMatchObject({
      votes: 1,
      reaction_counts: { laugh: 1 },
      comments_count: 1,
      totals_hidden: false,
    });
    expect(byTitle(await read(bob, `/api/ideas/?brainstorm=${open}`)).W).toMatchObject({
      votes: 1,
      comments_count: 1,
      totals_hidden: false,
    });
  });

  it('shows no totals from the idea endpoint nor from the writes that answer an idea', async () => {
    const one = await call(bob, 'GET', `/api/ideas/${x}/?with_annotations=true`);
    expect(one.json()).toMatchObject({ ...HIDDEN, title: 'X', user_annotation: null });
    expect((await call(alice, 'GET', `/api/ideas/${x}/`)).json()).toMatchObject({
      votes: 1,
      totals_hidden: false,
    });
    expect((await call(bob, 'GET', `/api/ideas/${w}/`)).json()).toMatchObject({
      votes: 1,
      totals_hidden: false,
    });

    const created = await call(bob, 'POST', '/api/ideas/', { brainstorm: blind, title: 'Mine' });
    expect(created.statusCode).toBe(201);
    const mineId = created.json<Idea>().id;
    expect(created.json()).toMatchObject(HIDDEN);
    const renamed = await call(bob, 'PATCH', `/api/ideas/${mineId}/`, { title: 'Mine, renamed' });
    expect(renamed.json()).toMatchObject({ ...HIDDEN, title: 'Mine, renamed' });
    const stacked = await call(bob, 'POST', `/api/ideas/${mineId}/mark-duplicate/`, { of: x });
    expect(stacked.json()).toMatchObject({ ...HIDDEN, duplicate_of: x });
    const unstacked = await call(bob, 'POST', `/api/ideas/${mineId}/not-duplicate/`);
    expect(unstacked.json()).toMatchObject({ ...HIDDEN, duplicate_of: null });
    expect((await call(bob, 'DELETE', `/api/ideas/${mineId}/`)).statusCode).toBe(204);
  });

  it('withholds its comments: an empty page, marked as hidden', async () => {
    const hidden = await call(bob, 'GET', `/api/ideas/${x}/comments/`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
      totals_hidden: true,
    });
    const seen = await call(alice, 'GET', `/api/ideas/${x}/comments/`);
    expect(seen.json()).toMatchObject({
      count: 1,
      totals_hidden: false,
      results: [{ text: 'First' }],
    });
    expect((await call(bob, 'GET', `/api/ideas/${w}/comments/`)).json()).toMatchObject({
      count: 1,
      totals_hidden: false,
    });
    expect((await call(bob, 'GET', '/api/ideas/999999/comments/')).statusCode).toBe(404);
  });

  it('does not sort by its votes: reviewed ideas by votes, the others after them, newest first', async () => {
    const order = async (user: UserRow, ordering: string) =>
      titles(await read(user, `/api/ideas/?brainstorm=${blind}&ordering=${ordering}`));
    // Without blind review, -votes would put X (1) first and Y (-1) last.
    expect(await order(bob, '-votes')).toEqual(['Y', 'Z', 'X']);
    expect(await order(bob, 'votes')).toEqual(['Y', 'Z', 'X']);
    expect(await order(bob, 'title,-votes')).toEqual(['X', 'Y', 'Z']);
    expect(await order(alice, '-votes')).toEqual(['X', 'Z', 'Y']);
    // Paged, the rows run on without a gap or a repeat.
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      const url = `/api/ideas/?brainstorm=${blind}&ordering=-votes&page_size=1&page=${page}`;
      paged.push(...titles(await read(bob, url)));
    }
    expect(paged).toEqual(['Y', 'Z', 'X']);
  });

  it('is never ordered by votes it withholds, even by a page that read the brainstorm as open', async () => {
    // What a page reads when blind review is turned on between its check and its statement.
    const filters = { callerId: bob.id, brainstorm: blind };
    const window = { ordering: [{ field: 'votes' as const, descending: true }], limit: 10 };
    expect(await totalsOfPage(t.db, filters, window.ordering)).toBe('maybe-hidden');
    expect(await selectIdeas(t.db, filters, { ...window, totals: 'shown' }, {})).toEqual([]);
    const open = await selectIdeas(t.db, filters, { ...window, totals: 'maybe-hidden' }, {});
    expect(open).toHaveLength(3);
  });

  it("is left out of the filters on others' reviews, which would tell about its totals", async () => {
    const reviewed = (user: UserRow, query: string) =>
      read(user, `/api/ideas/reviewed/?brainstorm=${blind}&${query}`);
    const any = await reviewed(bob, 'user_filter=any');
    expect([titles(any), any.filteredCount]).toEqual([['Y'], 1]);
    const none = await reviewed(bob, 'user_filter=none');
    expect([titles(none), none.filteredCount]).toEqual([[], 0]);
    const byAlice = await reviewed(bob, `user_filter=specific&user_id=${alice.id}`);
    expect([titles(byAlice), byAlice.filteredCount]).toEqual([[], 0]);
    const byMe = await reviewed(bob, `user_filter=specific&user_id=${bob.id}`);
    expect(titles(byMe)).toEqual(['Y']);
    // In a brainstorm that is not blind, they are as before.
    const open = await read(bob, `/api/ideas/reviewed/?user_filter=specific&user_id=${alice.id}`);
    expect(titles(open)).toEqual(['W']);
  });

  it('says hidden in the CSV export, and null with totals_hidden in the JSON export', async () => {
    const csv = await call(bob, 'GET', `/api/ideas/?brainstorm=${blind}&format=csv&ordering=id`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(CSV_HEADER.join(','));
    const cells: Record<string, Record<string, string | undefined> | undefined> = {};
    for (const line of lines) {
      const row = line.split(',');
      cells[row[2] ?? ''] = Object.fromEntries(CSV_HEADER.map((name, i) => [name, row[i]]));
    }
    const totals = ['votes', 'laugh', 'idea', 'surprised', 'thumbtack', 'comments'];
    for (const column of [...totals, 'comment texts']) {
      expect(cells.X?.[column], column).toBe('hidden');
      expect(cells.Z?.[column], column).toBe('hidden');
    }
    expect(totals.map((column) => cells.Y?.[column])).toEqual(['-1', '0', '0', '0', '0', '0']);
    expect(cells.Y?.['my vote']).toBe('-1');
    expect(cells.X?.['my vote']).toBe('0');

    const ofAlice = await call(
      alice,
      'GET',
      `/api/ideas/?brainstorm=${blind}&format=csv&ordering=id`,
    );
    expect(ofAlice.body).toContain('Alice A: First');
    expect(csv.body).not.toContain('First');

    const json = await call(bob, 'GET', `/api/ideas/?brainstorm=${blind}&format=json`);
    const ideas = byTitle(json.json<Idea[]>());
    expect(ideas.X).toMatchObject(HIDDEN);
    expect(ideas.Y).toMatchObject({ votes: -1, totals_hidden: false });
  });
});

describe('reviewing the idea', () => {
  it('shows its totals and comments at once, to the reviewer only', async () => {
    const carol = await makeUser(t.db);
    const bookmark = await call(bob, 'POST', `/api/ideas/${x}/annotate/`, { is_bookmarked: true });
    expect(bookmark.statusCode).toBe(200);
    expect((await call(bob, 'GET', `/api/ideas/${x}/`)).json()).toMatchObject({
      votes: 1,
      reaction_counts: { laugh: 1 },
      comments_count: 1,
      totals_hidden: false,
    });
    expect((await call(bob, 'GET', `/api/ideas/${x}/comments/`)).json()).toMatchObject({
      count: 1,
      totals_hidden: false,
    });
    expect(titles(await read(bob, `/api/ideas/?brainstorm=${blind}&ordering=-votes`))).toEqual([
      'X',
      'Y',
      'Z',
    ]);
    expect((await call(carol, 'GET', `/api/ideas/${x}/`)).json()).toMatchObject(HIDDEN);
  });

  it('is not needed once blind review is turned off', async () => {
    const carol = await makeUser(t.db);
    await call(alice, 'PATCH', `/api/brainstorms/${blind}/`, { blind_review: false });
    expect((await call(carol, 'GET', `/api/ideas/${x}/`)).json()).toMatchObject({
      votes: 1,
      totals_hidden: false,
    });
    await call(alice, 'PATCH', `/api/brainstorms/${blind}/`, { blind_review: true });
    expect((await call(carol, 'GET', `/api/ideas/${x}/`)).json()).toMatchObject(HIDDEN);
  });
});

describe('a large blind brainstorm', () => {
  it('exports in the order the list pages in, across batches read by keyset', async () => {
    const big = (await makeBrainstorm(t.db, alice, 'Big')).id;
    await t.db.execute(sql`update brainstorms set blind_review = true where id = ${big}`);
    const rows = await insertIdeas(
      t.db,
      big,
      Array.from({ length: 130 }, (_, i) => ({ title: `Idea ${String(i).padStart(3, '0')}` })),
    );
    for (const [i, row] of rows.entries()) {
      if (i % 3 === 0) await annotateDirectly(t.db, bob, row.id, { vote: i % 2 ? 1 : -1 });
      if (i % 5 === 0) await annotateDirectly(t.db, alice, row.id, { vote: 1 });
    }
    for (const ordering of ['-votes', 'votes', '-votes,title', 'title,votes']) {
      const paged: number[] = [];
      for (const page of [1, 2]) {
        const url = `/api/ideas/?brainstorm=${big}&ordering=${ordering}&page_size=100&page=${page}`;
        paged.push(...(await read(bob, url)).results.map((idea) => idea.id));
      }
      const url = `/api/ideas/?brainstorm=${big}&ordering=${ordering}&format=json`;
      const exported = (await call(bob, 'GET', url)).json<Idea[]>();
      expect(
        exported.map((idea) => idea.id),
        ordering,
      ).toEqual(paged);
      expect(new Set(paged).size).toBe(130);
      const csv = await call(bob, 'GET', url.replace('format=json', 'format=csv'));
      const csvIds = csv.body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => Number(line.split(',')[0]));
      expect(csvIds, ordering).toEqual(paged);
      if (ordering.startsWith('title')) continue;
      // Reviewed ideas first, the rest after them.
      const hidden = exported.map((idea) => idea.totals_hidden);
      expect(hidden.indexOf(true), ordering).toBe(hidden.lastIndexOf(false) + 1);
    }
  });
});
