import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  annotateDirectly,
  insertIdeas,
  makeBrainstorm,
  type IdeaJson,
} from '../../../test/idea-factories.js';
import { rowsOf } from '../../db/rows.js';
import { ideaComments } from '../../db/schema/annotations.js';
import type { UserRow } from '../../db/schema/users.js';
import { claimExportSlot, CSV_HEADER, MAX_EXPORTS_PER_USER } from './idea-export.js';
import { selectCommentCells, selectExportRows } from './ideas.repository.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let me: UserRow;
let other: UserRow;
let small: number;
let large: number;
let formula: number;
const LARGE = 1234;
/** The large brainstorm's ideas with a comment: spread over its batches. */
const largeCommented = new Set<number>();
const FORMULA_TITLE = '@Ideas, "and" more';

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  me = await makeUser(t.db);
  other = await makeUser(t.db);
  small = (await makeBrainstorm(t.db, other, 'Small')).id;
  large = (await makeBrainstorm(t.db, other, 'Large')).id;
  const [plain, risky] = await insertIdeas(t.db, small, [
    { title: 'Plain', summary: 'a, "quoted" summary', description: 'two\nlines' },
    {
      title: '=cmd|calc',
      summary: '-2+3',
      // Hidden in front, and full-width: a spreadsheet still reads a formula.
      description: '\u200B＝HYPERLINK("http://x","y")',
      provider: 'offline',
      model: 'echo-1',
    },
  ]);
  const mine = await annotateDirectly(t.db, me, plain?.id ?? 0, {
    vote: -1,
    isBookmarked: true,
    comments: ['Make it a workshop'],
  });
  const nameless = await makeUser(t.db, {
    email: 'quiet@example.com',
    first_name: '',
    last_name: '',
  });
  await annotateDirectly(t.db, nameless, plain?.id ?? 0, { comments: ['=SUM(A1)\nand more'] });
  // Oldest first, whoever wrote them: my second comment comes after theirs.
  await t.db.insert(ideaComments).values({ annotationId: mine.id, text: 'Or a walk' });
  await annotateDirectly(t.db, other, risky?.id ?? 0, { vote: 1, isHidden: true });
  const largeIdeas = await insertIdeas(
    t.db,
    large,
    Array.from({ length: LARGE }, (_, i) => ({ title: `Idea ${String(i % 17)}`, votes: 0 })),
  );
  for (const [i, idea] of largeIdeas.entries()) {
    if (i % 97 !== 3) continue;
    largeCommented.add(idea.id);
    await annotateDirectly(t.db, me, idea.id, { comments: [`Note on ${String(idea.id)}`] });
  }
  formula = (await makeBrainstorm(t.db, other, FORMULA_TITLE)).id;
  await insertIdeas(t.db, formula, [{ title: 'Under a formula' }]);
  // Many ties, and times a millisecond clock cannot tell apart: the keyset must keep them all.
  // Descriptions of 0 to 6,000 characters, about 3.7 MB in all: batches end where their text
  // reaches its budget, between ties too.
  await t.db.execute(
    sql`update ideas set created = '2026-01-01T00:00:00Z'::timestamptz + (id % 7) * interval '1 microsecond',
      description = repeat('x', (id % 5) * 1500) where brainstorm_id = ${large}`,
  );
});
afterAll(() => t.close());

/** An RFC 4180 reader for CRLF-terminated records; throws on anything else. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  const token = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n)/y;
  while (token.lastIndex < text.length) {
    const match = token.exec(text);
    if (!match) throw new Error(`malformed CSV at ${token.lastIndex}`);
    row.push(match[1] === undefined ? (match[2] ?? '') : match[1].replaceAll('""', '"'));
    if (match[3] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('format=csv', () => {
  it('answers a download with a BOM, a header and one neutralised row per idea', async () => {
    const response = await call(
      me,
      'GET',
      `/api/ideas/?brainstorm=${small}&format=csv&ordering=id`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ideas-export.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, plain, risky, ...rest] = parseCsv(response.body.slice(1));
    expect(header).toEqual(CSV_HEADER);
    expect(rest).toEqual([]);
    const cells = (row: string[] | undefined) =>
      Object.fromEntries(CSV_HEADER.map((name, i) => [name, row?.[i]]));
    expect(cells(plain)).toMatchObject({
      brainstorm: String(small),
      title: 'Plain',
      summary: 'a, "quoted" summary',
      description: 'two\nlines',
      votes: '-1',
      'my vote': '-1',
      bookmarked: 'true',
      hidden: 'false',
      provider: '',
      comments: '3',
      'brainstorm title': 'Small',
      // Everyone's comments, oldest first, each under its author's name.
      'comment texts': `${me.firstName} ${me.lastName}: Make it a workshop\nquiet: =SUM(A1)\nand more\n${me.firstName} ${me.lastName}: Or a walk`,
    });
    // Another user's hidden flag never shows; an idea I have not voted on has 0 for my vote.
    expect(cells(risky)).toMatchObject({
      title: "'=cmd|calc",
      summary: "'-2+3",
      description: '\'\u200B＝HYPERLINK("http://x","y")',
      votes: '1',
      'my vote': '0',
      hidden: 'false',
      provider: 'offline',
      model: 'echo-1',
      'brainstorm title': 'Small',
      'comment texts': '',
      theme: '',
    });
  });

  it('ends the header with the columns added later, after the first release', () => {
    expect(CSV_HEADER.slice(-6)).toEqual([
      'provider',
      'model',
      'brainstorm title',
      'comment texts',
      'duplicate_of',
      'theme',
    ]);
  });

  it("writes every idea's brainstorm title and comments across brainstorms and batches", async () => {
    const response = await call(me, 'GET', '/api/ideas/?format=csv&ordering=id');
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(CSV_HEADER);
    const column = (name: string) => CSV_HEADER.indexOf(name);
    const titles = new Map(
      rowsOf<{ id: number; title: string }>(
        await t.db.execute(sql`select id, title from brainstorms`),
      ).map((row) => [String(row.id), row.title]),
    );
    const byBrainstorm = new Map<string, number>();
    for (const row of rows) {
      const brainstorm = row[column('brainstorm')] ?? '';
      byBrainstorm.set(brainstorm, (byBrainstorm.get(brainstorm) ?? 0) + 1);
      const title = titles.get(brainstorm) ?? '';
      // A title a spreadsheet would take for a formula is neutralised like any text.
      const expected = brainstorm === String(formula) ? `'${title}` : title;
      expect(row[column('brainstorm title')], row[0]).toBe(expected);
    }
    expect(byBrainstorm.get(String(large))).toBe(LARGE);
    expect(byBrainstorm.get(String(formula))).toBe(1);
    expect(titles.get(String(formula))).toBe(FORMULA_TITLE);
    // The large brainstorm's export takes several batches; its ideas' comments are where they
    // belong in every one of them, and the others' cells are empty.
    const name = `${me.firstName} ${me.lastName}`;
    const largeRows = rows.filter((row) => row[column('brainstorm')] === String(large));
    expect(largeCommented.size).toBeGreaterThan(10);
    for (const row of largeRows) {
      const id = Number(row[0]);
      expect(row[column('comment texts')], String(id)).toBe(
        largeCommented.has(id) ? `${name}: Note on ${String(id)}` : '',
      );
    }
  });

  it('counts the comments in a batch: ideas with many whole, in order, in batches of about 1 MB', async () => {
    const talkative = (await makeBrainstorm(t.db, other, 'Talkative')).id;
    const IDEAS = 400;
    // The first 100 ideas are short and quiet, so batches grow to their most rows; then each
    // idea has four comments of 2,000 characters, two bytes each: 4.8 MB of comments in all, so
    // the comments of one statement's ideas far exceed a batch's budget.
    await insertIdeas(
      t.db,
      talkative,
      Array.from({ length: IDEAS }, (_, i) => ({ title: `Talk ${String(i)}` })),
    );
    await t.db.execute(sql`
      with talked as (
        select id from ideas where brainstorm_id = ${talkative} order by id offset 100
      ), annotated as (
        insert into idea_annotations (user_id, idea_id)
        select u, talked.id from talked, unnest(array[${me.id}::int, ${other.id}::int]) u
        returning id, user_id, idea_id
      )
      insert into idea_comments (annotation_id, text, created)
      select annotated.id, annotated.idea_id || '.' || n || ' ' || repeat('é', 1990),
        now() + n * interval '1 second' + (annotated.user_id = ${other.id})::int * interval '1 ms'
      from annotated, generate_series(1, 2) n`);
    const response = await call(
      me,
      'GET',
      `/api/ideas/?brainstorm=${talkative}&format=csv&ordering=id`,
    );
    const rows = parseCsv(response.body.slice(1)).slice(1);
    const ids = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from ideas where brainstorm_id = ${talkative} order by id`),
    ).map((row) => row.id);
    expect(rows.map((row) => Number(row[0]))).toEqual(ids);
    const cell = CSV_HEADER.indexOf('comment texts');
    const first = `${me.firstName} ${me.lastName}`;
    const second = `${other.firstName} ${other.lastName}`;
    for (const [i, row] of rows.entries()) {
      const id = String(ids[i]);
      const comment = (author: string, n: number) =>
        `${author}: ${id}.${String(n)} ${'é'.repeat(1990)}`;
      expect(row[cell], id).toBe(
        i < 100
          ? ''
          : [comment(first, 1), comment(second, 1), comment(first, 2), comment(second, 2)].join(
              '\n',
            ),
      );
    }
  });

  it('reads the comments of ideas in their order, cut after the idea whose comments reach the budget', async () => {
    const ids = rowsOf<{ id: number }>(
      await t.db.execute(sql`select i.id from ideas i join brainstorms b on b.id = i.brainstorm_id
        where b.title = 'Talkative' and i.comments_count > 0 order by i.id desc limit 10`),
    ).map((row) => row.id);
    const all = await selectCommentCells(t.db, ids, 1024 * 1024);
    expect(all.map((cell) => cell.ideaId)).toEqual(ids);
    for (const cell of all) expect(cell.bytes).toBe(Buffer.byteLength(cell.texts));
    const budget = (all[0]?.bytes ?? 0) + (all[1]?.bytes ?? 0) + 1;
    const cut = await selectCommentCells(t.db, ids, budget);
    expect(cut.map((cell) => cell.ideaId)).toEqual(ids.slice(0, 3));
  });

  it('writes 0 for my vote whether or not I reviewed the idea without voting', async () => {
    const brainstorm = await makeBrainstorm(t.db, me, 'Votes');
    const [reacted, untouched] = await insertIdeas(t.db, brainstorm.id, [
      { title: 'Reacted to' },
      { title: 'Untouched' },
    ]);
    await annotateDirectly(t.db, me, reacted?.id ?? 0, { reactions: ['laugh'] });
    const response = await call(
      me,
      'GET',
      `/api/ideas/?brainstorm=${brainstorm.id}&format=csv&ordering=id`,
    );
    const [header, ...rows] = parseCsv(response.body.slice(1));
    const myVote = header?.indexOf('my vote') ?? -1;
    expect(rows.map((row) => [Number(row[0]), row[myVote]])).toEqual([
      [reacted?.id, '0'],
      [untouched?.id, '0'],
    ]);
  });

  it('exports the whole matching set, beyond one page and across batches, in order', async () => {
    for (const ordering of ['-created', 'created', 'title,-votes', 'id']) {
      const url = `/api/ideas/?brainstorm=${large}&format=csv&ordering=${ordering}`;
      const response = await call(me, 'GET', url);
      const ids = parseCsv(response.body.slice(1))
        .slice(1)
        .map((row) => Number(row[0]));
      expect(ids, ordering).toHaveLength(LARGE);
      expect(new Set(ids).size).toBe(LARGE);
      expect(ids, ordering).toEqual(await largeIds(ordering));
    }
  });

  it('reads batches that end where their text reaches its budget, however many rows fit the limit', async () => {
    const budget = 20_000;
    const rows = await selectExportRows(
      t.db,
      { callerId: me.id, brainstorm: large },
      { ordering: [{ field: 'title', descending: false }], limit: 2_000, textBudget: budget },
    );
    const bytes = rows.map((row) => Buffer.byteLength(row.title + row.summary + row.description));
    expect(rows.map((row) => row.textBytes)).toEqual(bytes);
    const total = bytes.reduce((sum, n) => sum + n, 0);
    // The last row is the one that reaches the budget.
    expect(total).toBeGreaterThanOrEqual(budget);
    expect(total - (bytes.at(-1) ?? 0)).toBeLessThan(budget);
  });

  it('applies the same filters as the list, and refuses bad ones before streaming', async () => {
    const saved = await call(me, 'GET', '/api/ideas/reviewed/?is_bookmarked=true&format=csv');
    const rows = parseCsv(saved.body.slice(1));
    expect(rows.map((row) => row[2])).toEqual(['title', 'Plain']);
    const unreviewed = await call(
      other,
      'GET',
      `/api/ideas/unreviewed/?brainstorm=${small}&format=csv`,
    );
    expect(parseCsv(unreviewed.body.slice(1)).map((row) => row[2])).toEqual(['title', 'Plain']);
    const bad = await call(me, 'GET', '/api/ideas/reviewed/?user_filter=specific&format=csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('user_id');
    expect((await call(me, 'GET', '/api/ideas/?brainstorm=999999&format=csv')).statusCode).toBe(
      400,
    );
    expect((await call(null, 'GET', '/api/ideas/?format=csv')).statusCode).toBe(401);
  });
});

describe('format=json', () => {
  it('answers the whole set as a JSON array of ideas, with annotations when asked', async () => {
    const response = await call(
      me,
      'GET',
      `/api/ideas/?brainstorm=${small}&format=json&ordering=id&with_annotations=true`,
    );
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ideas-export.json"',
    );
    const ideas = response.json<IdeaJson[]>();
    expect(ideas.map((idea) => idea.title)).toEqual(['Plain', '=cmd|calc']);
    expect(ideas[0]?.user_annotation).toMatchObject({ vote: -1, is_bookmarked: true });
    expect(ideas[1]?.user_annotation).toBeNull();
    for (const ordering of ['-created', 'title,-votes']) {
      const url = `/api/ideas/?brainstorm=${large}&format=json&ordering=${ordering}`;
      const all = (await call(me, 'GET', url)).json<IdeaJson[]>();
      expect(all.map((idea) => idea.id)).toEqual(await largeIds(ordering));
    }
    const none = await call(
      me,
      'GET',
      '/api/ideas/reviewed/?user_filter=none&search=zzz&format=json',
    );
    expect(none.json()).toEqual([]);
  });
});

/** The large brainstorm's ideas in the ordering, as the database sorts them. */
async function largeIds(ordering: string) {
  const expected: unknown = await t.db.execute(
    sql.raw(`select id from ideas where brainstorm_id = ${large} order by ${sqlOrder(ordering)}`),
  );
  return (expected as { rows: { id: number }[] }).rows.map((row) => row.id);
}

function sqlOrder(ordering: string): string {
  const column = (field: string) => (field === 'title' ? 'lower(title)' : field);
  const terms = ordering.split(',').map((term) => {
    const descending = term.startsWith('-');
    return { sql: `${column(term.replace('-', ''))} ${descending ? 'desc' : 'asc'}`, descending };
  });
  return [...terms.map((t) => t.sql), `id ${terms.at(-1)?.descending ? 'desc' : 'asc'}`].join(', ');
}

describe('downloads under way', () => {
  const download = (user: UserRow) =>
    call(user, 'GET', `/api/ideas/?brainstorm=${small}&format=csv`);

  it(`are at most ${String(MAX_EXPORTS_PER_USER)} per user; the next is refused until one ends`, async () => {
    // Two downloads of mine still streaming, as a slow client's would be.
    const running = Array.from({ length: MAX_EXPORTS_PER_USER }, () => claimExportSlot(me.id));
    const refused = await download(me);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      detail: `You already have ${String(MAX_EXPORTS_PER_USER)} downloads under way; wait for one to finish.`,
    });
    // Someone else's downloads are not mine.
    expect((await download(other)).statusCode).toBe(200);

    running[0]?.();
    running[0]?.(); // Giving a slot back twice frees it once.
    expect((await download(me)).statusCode).toBe(200);
    // That download ended and gave its slot back (once its stream has closed, a moment after
    // the last byte): one free slot, not two.
    const again = await vi.waitFor(() => claimExportSlot(me.id));
    expect((await download(me)).statusCode).toBe(429);
    again();
    running[1]?.();
  });

  it('gives the slot back when a download is refused for a bad filter', async () => {
    for (let i = 0; i <= MAX_EXPORTS_PER_USER; i++) {
      const bad = await call(me, 'GET', '/api/ideas/?brainstorm=999999&format=csv');
      expect(bad.statusCode).toBe(400);
    }
    expect((await download(me)).statusCode).toBe(200);
  });
});
