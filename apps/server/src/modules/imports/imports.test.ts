import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import { makeBrainstorm, type IdeaJson } from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';
import type { ImportPreviewDto, ImportResultDto } from './imports.schemas.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let owner: UserRow;
let other: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  owner = await makeUser(t.db);
  other = await makeUser(t.db);
});
afterAll(() => t.close());

const newBrainstorm = async () => (await makeBrainstorm(t.db, owner, 'Meetings')).id;

const preview = (user: UserRow | null, id: number, format: string, content: string) =>
  call(user, 'POST', `/api/brainstorms/${id}/import/preview/`, { format, content });

const importFile = (user: UserRow | null, id: number, format: string, content: string) =>
  call(user, 'POST', `/api/brainstorms/${id}/import/`, { format, content });

/** Every idea of the brainstorm, stacked ones too, oldest first. */
async function ideasOf(id: number): Promise<IdeaJson[]> {
  const response = await call(
    owner,
    'GET',
    `/api/ideas/?brainstorm=${id}&include_duplicates=true&ordering=created&page_size=100`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ results: IdeaJson[] }>().results;
}

const titlesOf = async (id: number) => (await ideasOf(id)).map((idea) => idea.title);

async function exportCsv(id: number): Promise<string> {
  const response = await call(
    owner,
    'GET',
    `/api/ideas/?brainstorm=${id}&format=csv&ordering=created`,
  );
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** A file that cannot be read as a whole: 400 on content, and nothing stored. */
async function expectRefusedFile(format: string, content: string, message: RegExp | string) {
  const id = await newBrainstorm();
  for (const send of [preview, importFile]) {
    const response = await send(owner, id, format, content);
    expect(response.statusCode, response.body).toBe(400);
    const [said] = response.json<{ content: string[] }>().content;
    expect(said).toMatch(message);
  }
  expect(await ideasOf(id)).toEqual([]);
}

const GOOD_CSV =
  '\uFEFFTitle,SUMMARY,Description,votes,comment texts\r\n' +
  'Standing meetings only,Nobody sits,"Chairs leave the room,\r\nfor good",7,"Ann: yes"\r\n' +
  ',,,,\r\n' +
  '  Agenda or no meeting  ,No agenda: declined,,0,\r\n';

describe('POST /api/brainstorms/{id}/import/preview/', () => {
  it('shows every row with its errors and stores nothing', async () => {
    const id = await newBrainstorm();
    const csv = 'title,summary\nStanding meetings only,Nobody sits\n,No title here\n';
    const response = await preview(owner, id, 'csv', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportPreviewDto>()).toEqual({
      rows: [
        {
          row: 2,
          title: 'Standing meetings only',
          summary: 'Nobody sits',
          description: '',
          errors: {},
          warnings: [],
        },
        {
          row: 3,
          title: '',
          summary: 'No title here',
          description: '',
          errors: { title: ['This field may not be blank.'] },
          warnings: [],
        },
      ],
      totals: { rows: 2, valid: 1, invalid: 1, warned: 0 },
    });
    expect(await ideasOf(id)).toEqual([]);
  });

  it('numbers a CSV row by the line it starts on, past quoted line breaks and blank lines', async () => {
    const id = await newBrainstorm();
    const response = await preview(owner, id, 'csv', GOOD_CSV);
    const { rows, totals } = response.json<ImportPreviewDto>();
    expect(rows.map((row) => [row.row, row.title, row.description])).toEqual([
      [2, 'Standing meetings only', 'Chairs leave the room,\nfor good'],
      [5, 'Agenda or no meeting', ''],
    ]);
    expect(totals).toEqual({ rows: 2, valid: 2, invalid: 0, warned: 0 });
  });

  it('warns of the near-duplicates the import will stack, in the brainstorm and in the file', async () => {
    const id = await newBrainstorm();
    expect(
      (await importFile(owner, id, 'json', '[{"title":"Standing meetings only"}]')).statusCode,
    ).toBe(201);
    const file = JSON.stringify([
      { title: 'Standing meetings, only' },
      { title: 'Written updates first' },
      { title: 'written  UPDATES first' },
    ]);
    const { rows, totals } = (await preview(owner, id, 'json', file)).json<ImportPreviewDto>();
    expect(rows.map((row) => row.warnings)).toEqual([
      [
        'Nearly repeats "Standing meetings only", already in this brainstorm: it will be stacked under it.',
      ],
      [],
      ['Same title as row 2: it will be stacked under it.'],
    ]);
    expect(totals.warned).toBe(2);
    const stored = (await importFile(owner, id, 'json', file)).json<ImportResultDto>();
    expect(stored).toMatchObject({ imported: 3, stacked: 2 });
  });

  it('takes JSON as an array or under "ideas", leaving other keys alone', async () => {
    const id = await newBrainstorm();
    const ideas = [{ id: 9, title: 'Meeting cost counter', votes: 3, summary: 'Hourly cost' }];
    for (const content of [JSON.stringify(ideas), JSON.stringify({ ideas, count: 1 })]) {
      const { rows } = (await preview(owner, id, 'json', content)).json<ImportPreviewDto>();
      expect(rows).toEqual([
        {
          row: 1,
          title: 'Meeting cost counter',
          summary: 'Hourly cost',
          description: '',
          errors: {},
          warnings: [],
        },
      ]);
    }
  });

  it('names the rows that break the rules of an idea written by hand', async () => {
    const id = await newBrainstorm();
    const file = JSON.stringify([
      { title: 'x'.repeat(301) },
      { title: 'Fine', summary: 's'.repeat(2001), description: 'd'.repeat(10_001) },
      { title: 5 },
      'just text',
      { title: 'Null\u0000byte' },
      { summary: 'No title' },
    ]);
    const { rows, totals } = (await preview(owner, id, 'json', file)).json<ImportPreviewDto>();
    expect(rows.map((row) => Object.keys(row.errors))).toEqual([
      ['title'],
      ['summary', 'description'],
      ['title'],
      ['non_field_errors'],
      ['title'],
      ['title'],
    ]);
    expect(rows[4]?.errors).toEqual({ title: ['Null characters are not allowed.'] });
    expect(rows[5]?.errors).toEqual({ title: ['This field is required.'] });
    expect(totals).toEqual({ rows: 6, valid: 0, invalid: 6, warned: 0 });
  });
});

describe('POST /api/brainstorms/{id}/import/', () => {
  it('stores a CSV in the file order as ideas written by the caller, other columns ignored', async () => {
    const id = await newBrainstorm();
    const response = await importFile(other, id, 'csv', GOOD_CSV);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<ImportResultDto>();
    expect(result).toMatchObject({ imported: 2, stacked: 0 });
    const ideas = await ideasOf(id);
    expect(ideas.map((idea) => idea.id)).toEqual(result.ids);
    expect(ideas[0]).toMatchObject({
      title: 'Standing meetings only',
      summary: 'Nobody sits',
      description: 'Chairs leave the room,\nfor good',
      created_by: other.id,
      provenance: null,
      votes: 0,
      comments_count: 0,
    });
    expect(ideas[1]).toMatchObject({
      title: 'Agenda or no meeting',
      summary: 'No agenda: declined',
    });
  });

  it('stores nothing when one row has an error, and names it', async () => {
    const id = await newBrainstorm();
    const csv = 'title,summary\nStanding meetings only,ok\nAgenda first,ok\n,missing\n';
    const response = await importFile(owner, id, 'csv', csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'rows.4.title': ['This field may not be blank.'] });
    expect(await ideasOf(id)).toEqual([]);
  });

  it('round-trips an export: the same titles, which stay inert on the way out again', async () => {
    const hostile = ["=cmd|' /C calc'!A0", '+1', '-2', '@SUM(1)', "'=1", "'tis", '\u200B=1+1'];
    const from = await newBrainstorm();
    const file = JSON.stringify(
      hostile.map((title, i) => ({ title, summary: `=HYPERLINK("x") ${i}`, description: '-d' })),
    );
    expect((await importFile(owner, from, 'json', file)).statusCode).toBe(201);
    const exported = await exportCsv(from);
    expect(exported).toContain(`,'=cmd|' /C calc'!A0,`);
    const into = await newBrainstorm();
    const response = await importFile(owner, into, 'csv', exported);
    expect(response.statusCode, response.body).toBe(201);
    const [before, after] = [await ideasOf(from), await ideasOf(into)];
    const texts = (ideas: IdeaJson[]) =>
      ideas.map(({ title, summary, description }) => ({ title, summary, description }));
    expect(texts(after)).toEqual(texts(before));
    expect(await exportCsv(into)).toContain(`,'=cmd|' /C calc'!A0,`);
  });

  it('stores formula cells of a hand-made CSV as text, and exports them neutralised', async () => {
    const id = await newBrainstorm();
    const csv = 'title\n"=cmd|\' /C calc\'!A0"\n+1\n-2\n@SUM(1)\n';
    expect((await importFile(owner, id, 'csv', csv)).statusCode).toBe(201);
    expect(await titlesOf(id)).toEqual(["=cmd|' /C calc'!A0", '+1', '-2', '@SUM(1)']);
    const lines = (await exportCsv(id)).split('\r\n').slice(1, 5);
    expect(lines.map((line) => line.split(',')[2])).toEqual([
      "'=cmd|' /C calc'!A0",
      "'+1",
      "'-2",
      "'@SUM(1)",
    ]);
  });

  it('stores HTML and script as text', async () => {
    const id = await newBrainstorm();
    const title = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const response = await importFile(
      owner,
      id,
      'json',
      JSON.stringify([{ title, summary: '<b>' }]),
    );
    expect(response.statusCode).toBe(201);
    expect(await ideasOf(id)).toMatchObject([{ title, summary: '<b>' }]);
  });

  it('lets anyone signed in import into any brainstorm, as by hand; not anonymously', async () => {
    const id = await newBrainstorm();
    expect((await importFile(null, id, 'csv', 'title\nA\n')).statusCode).toBe(401);
    expect((await preview(null, id, 'csv', 'title\nA\n')).statusCode).toBe(401);
    expect((await importFile(other, id, 'csv', 'title\nQuiet rooms\n')).statusCode).toBe(201);
    expect((await preview(other, id, 'csv', 'title\nQuiet rooms\n')).statusCode).toBe(200);
    expect((await importFile(owner, 2_000_000, 'csv', 'title\nA\n')).statusCode).toBe(404);
    expect((await preview(owner, 2_000_000, 'csv', 'title\nA\n')).statusCode).toBe(404);
  });

  it('takes a write token, and refuses a read token even a preview, which is the import begun', async () => {
    const id = await newBrainstorm();
    const tokenOf = async (scope: string) => {
      const made = await call(other, 'POST', '/api/tokens/', { name: `Import ${scope}`, scope });
      expect(made.statusCode, made.body).toBe(201);
      return { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    };
    const send = async (path: string, headers: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/brainstorms/${id}/${path}`,
          headers,
          payload: { format: 'csv', content: 'title\nQuiet rooms\n' },
        })
      ).statusCode;
    const read = await tokenOf('read');
    expect([await send('import/preview/', read), await send('import/', read)]).toEqual([403, 403]);
    const write = await tokenOf('write');
    expect([await send('import/preview/', write), await send('import/', write)]).toEqual([
      200, 201,
    ]);
    expect(await titlesOf(id)).toEqual(['Quiet rooms']);
  });

  it('imports into a brainstorm of an archived project, where ideas may be written by hand too', async () => {
    const project = (await call(owner, 'POST', '/api/projects/', { name: 'Old' })).json<{
      id: number;
    }>().id;
    const brainstorm = await call(owner, 'POST', '/api/brainstorms/', {
      parameters: { problem: 'Meetings' },
      project,
    });
    const id = brainstorm.json<{ id: number }>().id;
    expect((await call(owner, 'POST', `/api/projects/${project}/archive/`)).statusCode).toBe(200);
    const byHand = await call(other, 'POST', '/api/ideas/', { brainstorm: id, title: 'Fewer' });
    expect(byHand.statusCode).toBe(201);
    expect((await importFile(other, id, 'csv', 'title\nShorter\n')).statusCode).toBe(201);
  });
});

describe('files that cannot be read as a whole', () => {
  it('refuses malformed CSV with its line', () =>
    expectRefusedFile('csv', 'title\nfine\n"bad"quote\n', /^The CSV cannot be read: .*line 3/));

  it('refuses malformed JSON', () =>
    expectRefusedFile('json', '[{"title": "x"', /^JSON parse error - /));

  it('refuses JSON that is not a list of ideas', () =>
    expectRefusedFile(
      'json',
      '{"title": "x"}',
      'The JSON must be an array of ideas, or an object with an "ideas" array.',
    ));

  it('refuses JSON nested deeper than any idea needs', () =>
    expectRefusedFile('json', `${'['.repeat(40)}${']'.repeat(40)}`, /nested at most 32 deep/));

  it('refuses a CSV without a title column', () =>
    expectRefusedFile('csv', 'name,summary\nA,b\n', /must be "title"/));

  it('refuses a CSV with two title columns', () =>
    expectRefusedFile(
      'csv',
      'title,Title\nA,B\n',
      'The column "title" appears more than once in the first line.',
    ));

  it('refuses files without ideas', async () => {
    await expectRefusedFile('csv', '', 'The file is empty.');
    await expectRefusedFile('csv', 'title,summary\r\n', 'The file holds no ideas.');
    await expectRefusedFile('json', '[]', 'The file holds no ideas.');
  });

  it('refuses more than 200 ideas', async () => {
    const titles = Array.from({ length: 201 }, (_, i) => `Idea number ${i}`);
    await expectRefusedFile(
      'csv',
      `title\n${titles.join('\n')}`,
      'The file holds more than 200 ideas; at most 200 can be imported at once.',
    );
    await expectRefusedFile(
      'json',
      JSON.stringify(titles.map((title) => ({ title }))),
      'The file holds 201 ideas; at most 200 can be imported at once.',
    );
  });

  it('stops reading a CSV at its 201st idea, never reaching what follows', () =>
    expectRefusedFile(
      'csv',
      `title\n${Array.from({ length: 201 }, (_, i) => `Idea ${i}`).join('\n')}\n"bad"quote\n`,
      'The file holds more than 200 ideas; at most 200 can be imported at once.',
    ));

  it('refuses 250,000 one-character lines without holding up other requests', async () => {
    const lines = `title\n${'a\n'.repeat(250_000)}`;
    expect(Buffer.byteLength(lines)).toBeLessThanOrEqual(512 * 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      await expectRefusedFile('csv', lines, /^The file holds more than 200 ideas;/);
    } finally {
      delay.disable();
    }
    // Reading every line held the event loop for 1.5 s and more; the first 201 take nothing.
    expect(delay.max / 1e6).toBeLessThan(500);
  });

  it('refuses a file over 512 KB, counted in UTF-8 bytes', async () => {
    await expectRefusedFile('csv', `title\n${'a'.repeat(512 * 1024)}`, /larger than 512 KB/);
    await expectRefusedFile('csv', `title\n${'é'.repeat(300 * 1024)}`, /larger than 512 KB/);
  });

  it('answers 413 to a body over the API limit of 1 MB', async () => {
    const id = await newBrainstorm();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/brainstorms/${id}/import/`,
      headers: await authHeaders(t.app, owner),
      payload: { format: 'csv', content: `title\n${'a'.repeat(1024 * 1024)}` },
    });
    expect(response.statusCode).toBe(413);
    expect(await ideasOf(id)).toEqual([]);
  });

  it('refuses an unknown format on its field', async () => {
    const id = await newBrainstorm();
    const response = await importFile(owner, id, 'xlsx', 'title\nA\n');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<object>())).toEqual(['format']);
  });
});
