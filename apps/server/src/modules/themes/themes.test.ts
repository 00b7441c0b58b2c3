import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAnalysisThrough } from '../../../test/analysis-helpers.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { useFakeLlmApp } from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { DISTINCT_IDEAS } from '../../../test/operation-fixtures.js';
import { insertDoneThemes } from '../../../test/theme-fixtures.js';
import { rowsOf } from '../../db/rows.js';
import { ideas, themes } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { IdeaDto } from '../ideas/ideas.schemas.js';
import type { ThemeDto, ThemeSuggestionDto } from './themes.schemas.js';

/*
 * A brainstorm's themes (decision 027): applied from a proposal or written by hand, then renamed,
 * merged, split and deleted by any member, with ideas moved between them.
 */

const suite = useFakeLlmApp();
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  call = apiAs(suite.t.app);
  alice = await makeUser(suite.t.db);
  bob = await makeUser(suite.t.db);
});

/** A brainstorm of Alice's with six ideas unlike each other, oldest first. */
async function brainstormWithIdeas() {
  const brainstorm = await makeBrainstorm(suite.t.db, alice, 'Meetings');
  const rows = await insertIdeas(suite.t.db, brainstorm.id, DISTINCT_IDEAS);
  return { brainstorm: brainstorm.id, ideas: rows.map((row) => row.id) };
}

async function create(user: UserRow, brainstorm: number, body: object): Promise<ThemeDto> {
  const response = await call(user, 'POST', `/api/brainstorms/${brainstorm}/themes/`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ThemeDto>();
}

async function themesOf(brainstorm: number): Promise<ThemeDto[]> {
  const response = await call(bob, 'GET', `/api/brainstorms/${brainstorm}/themes/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ThemeDto[]>();
}

async function move(user: UserRow, idea: number, theme: number | null) {
  return call(user, 'PUT', `/api/ideas/${idea}/theme/`, { theme });
}

async function themeIdOf(idea: number): Promise<number | null> {
  const [row] = await suite.t.db
    .select({ themeId: ideas.themeId })
    .from(ideas)
    .where(eq(ideas.id, idea));
  return row?.themeId ?? null;
}

describe('writing themes', () => {
  it('places each new theme last, for any member, and lists them by position', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    const first = await create(alice, brainstorm, { name: '  Quick wins ', description: 'Cheap' });
    expect(first).toMatchObject({
      brainstorm,
      name: 'Quick wins',
      description: 'Cheap',
      position: 0,
      ideas_count: 0,
      created_by: alice.id,
    });
    const second = await create(bob, brainstorm, { name: 'Big bets' });
    expect(second).toMatchObject({ position: 1, description: '', created_by: bob.id });
    expect((await themesOf(brainstorm)).map((t) => t.name)).toEqual(['Quick wins', 'Big bets']);
  });

  it('refuses a blank name, a name the brainstorm has (case aside), and the 31st theme', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    const url = `/api/brainstorms/${brainstorm}/themes/`;
    const blank = await call(alice, 'POST', url, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    await create(alice, brainstorm, { name: 'Quick wins' });
    const again = await call(bob, 'POST', url, { name: 'QUICK WINS' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      name: ['This brainstorm already has a theme named "QUICK WINS".'],
    });
    for (let i = 1; i < 30; i++) await create(alice, brainstorm, { name: `Theme ${i}` });
    const tooMany = await call(alice, 'POST', url, { name: 'One more' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ name: ['A brainstorm has at most 30 themes.'] });
  });

  it('answers 404 for a brainstorm that does not exist and 401 without a sign-in', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    expect((await call(alice, 'GET', '/api/brainstorms/999999/themes/')).statusCode).toBe(404);
    const missing = await call(alice, 'POST', '/api/brainstorms/999999/themes/', { name: 'A' });
    expect(missing.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/brainstorms/${brainstorm}/themes/`],
      ['POST', `/api/brainstorms/${brainstorm}/themes/`],
      ['GET', `/api/brainstorms/${brainstorm}/theme-suggestions/`],
      ['PATCH', '/api/themes/1/'],
      ['DELETE', '/api/themes/1/'],
      ['POST', '/api/themes/1/merge/'],
      ['POST', '/api/themes/1/split/'],
      ['PUT', '/api/ideas/1/theme/'],
      ['POST', '/api/analyses/1/apply/'],
    ] as const) {
      expect((await call(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('renames, describes and moves a theme, writing only what is sent', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    const theme = await create(alice, brainstorm, { name: 'Quick wins', description: 'Cheap' });
    await create(alice, brainstorm, { name: 'Big bets' });
    const renamed = await call(bob, 'PATCH', `/api/themes/${theme.id}/`, { name: 'Small steps' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Small steps', description: 'Cheap' });
    const moved = await call(bob, 'PATCH', `/api/themes/${theme.id}/`, { position: 5 });
    expect(moved.json()).toMatchObject({ name: 'Small steps', position: 5 });
    expect((await themesOf(brainstorm)).map((t) => t.name)).toEqual(['Big bets', 'Small steps']);
    // Its own name, in another case, is no clash; another theme's is.
    const recased = await call(bob, 'PATCH', `/api/themes/${theme.id}/`, { name: 'SMALL STEPS' });
    expect(recased.statusCode).toBe(200);
    const clash = await call(bob, 'PATCH', `/api/themes/${theme.id}/`, { name: 'big bets' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({
      name: ['This brainstorm already has a theme named "big bets".'],
    });
    const missing = await call(bob, 'PATCH', '/api/themes/999999/', { name: 'X' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a theme and leaves its ideas unsorted', async () => {
    const {
      brainstorm,
      ideas: [idea = 0],
    } = await brainstormWithIdeas();
    const theme = await create(alice, brainstorm, { name: 'Quick wins' });
    expect((await move(bob, idea, theme.id)).statusCode).toBe(200);
    expect((await call(bob, 'DELETE', `/api/themes/${theme.id}/`)).statusCode).toBe(204);
    expect(await themeIdOf(idea)).toBeNull();
    expect(await themesOf(brainstorm)).toEqual([]);
    expect((await call(bob, 'DELETE', `/api/themes/${theme.id}/`)).statusCode).toBe(404);
  });
});

describe('moving ideas', () => {
  it('puts an idea into a theme and out again, answering the idea', async () => {
    const {
      brainstorm,
      ideas: [idea = 0],
    } = await brainstormWithIdeas();
    const theme = await create(alice, brainstorm, { name: 'Quick wins' });
    const moved = await move(bob, idea, theme.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<IdeaDto>()).toMatchObject({ id: idea, theme: theme.id });
    expect((await themesOf(brainstorm))[0]?.ideas_count).toBe(1);
    const out = await move(bob, idea, null);
    expect(out.json<IdeaDto>().theme).toBeNull();
    expect((await themesOf(brainstorm))[0]?.ideas_count).toBe(0);
  });

  it('moves the near-duplicates stacked under an idea with it, and counts the original once', async () => {
    const {
      brainstorm,
      ideas: [original = 0],
    } = await brainstormWithIdeas();
    const [stacked] = await insertIdeas(suite.t.db, brainstorm, [
      { title: 'Standing meetings, only', duplicateOf: original },
    ]);
    const theme = await create(alice, brainstorm, { name: 'Quick wins' });
    expect((await move(bob, original, theme.id)).statusCode).toBe(200);
    expect(await themeIdOf(stacked?.id ?? 0)).toBe(theme.id);
    expect((await themesOf(brainstorm))[0]?.ideas_count).toBe(1);
  });

  it('refuses a theme of another brainstorm or none, and an idea that does not exist', async () => {
    const {
      ideas: [idea = 0],
    } = await brainstormWithIdeas();
    const elsewhere = await brainstormWithIdeas();
    const foreign = await create(alice, elsewhere.brainstorm, { name: 'Elsewhere' });
    for (const theme of [foreign.id, 999999]) {
      const refused = await move(bob, idea, theme);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ theme: [`Invalid pk "${theme}" - object does not exist.`] });
    }
    expect(await themeIdOf(idea)).toBeNull();
    expect((await move(bob, 999999, null)).statusCode).toBe(404);
  });
});

describe('merging and splitting', () => {
  it("merges a theme's ideas into another and deletes it", async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [a = 0, b = 0, c = 0] = list;
    const source = await create(alice, brainstorm, { name: 'Source' });
    const target = await create(alice, brainstorm, { name: 'Target' });
    await move(bob, a, source.id);
    await move(bob, b, source.id);
    await move(bob, c, target.id);
    const merged = await call(bob, 'POST', `/api/themes/${source.id}/merge/`, { into: target.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ id: target.id, name: 'Target', ideas_count: 3 });
    expect((await themesOf(brainstorm)).map((t) => t.id)).toEqual([target.id]);
    expect(await themeIdOf(a)).toBe(target.id);
  });

  it('refuses to merge a theme into itself, into another brainstorm or into nothing', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    const elsewhere = await brainstormWithIdeas();
    const theme = await create(alice, brainstorm, { name: 'Source' });
    const foreign = await create(alice, elsewhere.brainstorm, { name: 'Foreign' });
    const url = `/api/themes/${theme.id}/merge/`;
    const cases: [number, string][] = [
      [theme.id, 'A theme cannot be merged into itself.'],
      [foreign.id, 'Choose a theme of the same brainstorm.'],
      [999999, 'Invalid pk "999999" - object does not exist.'],
    ];
    for (const [into, message] of cases) {
      const refused = await call(bob, 'POST', url, { into });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ into: [message] });
    }
    expect(await themesOf(brainstorm)).toHaveLength(1);
    const missing = await call(bob, 'POST', '/api/themes/999999/merge/', { into: theme.id });
    expect(missing.statusCode).toBe(404);
  });

  it('splits ideas off into a new theme right after the source', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [a = 0, b = 0, c = 0] = list;
    const [stacked] = await insertIdeas(suite.t.db, brainstorm, [
      { title: 'Agenda, or no meeting', duplicateOf: b },
    ]);
    const source = await create(alice, brainstorm, { name: 'Source' });
    const after = await create(alice, brainstorm, { name: 'After' });
    for (const idea of [a, b, c]) await move(alice, idea, source.id);
    const split = await call(bob, 'POST', `/api/themes/${source.id}/split/`, {
      name: 'Split off',
      description: 'The agenda ones',
      ideas: [b, c],
    });
    expect(split.statusCode, split.body).toBe(201);
    const created = split.json<ThemeDto>();
    expect(created).toMatchObject({
      name: 'Split off',
      description: 'The agenda ones',
      ideas_count: 2,
      created_by: bob.id,
    });
    const listed = await themesOf(brainstorm);
    expect(listed.map((t) => [t.name, t.ideas_count])).toEqual([
      ['Source', 1],
      ['Split off', 2],
      ['After', 0],
    ]);
    expect(listed.map((t) => t.position)).toEqual([0, 1, after.position + 1]);
    expect(await themeIdOf(stacked?.id ?? 0)).toBe(created.id);
  });

  it('refuses ideas that are not in the theme, and a name the brainstorm has', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [a = 0, b = 0] = list;
    const source = await create(alice, brainstorm, { name: 'Source' });
    await move(alice, a, source.id);
    const url = `/api/themes/${source.id}/split/`;
    const stranger = await call(bob, 'POST', url, { name: 'New', ideas: [a, b] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ ideas: [`Idea ${b} is not in this theme.`] });
    const clash = await call(bob, 'POST', url, { name: 'source', ideas: [a] });
    expect(clash.json()).toEqual({ name: ['This brainstorm already has a theme named "source".'] });
    const none = await call(bob, 'POST', url, { name: 'New', ideas: [] });
    expect(none.statusCode).toBe(400);
    expect(await themesOf(brainstorm)).toHaveLength(1);
    expect(await themeIdOf(a)).toBe(source.id);
  });
});

/** A proposal over a brainstorm's six ideas: two themes, two ideas unsorted. */
function proposalOver(list: number[]) {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = list;
  return {
    themes: [
      { name: 'Shorter meetings', description: 'Less time in them', ideas: [a, b] },
      { name: 'Fewer meetings', description: 'Less of them', ideas: [c, d] },
    ],
    unsorted: [e, f],
  };
}

describe('applying a proposal', () => {
  it("replaces the brainstorm's themes with the proposal's, its ideas sorted into them", async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [a = 0, , c = 0, , e = 0] = list;
    const [stacked] = await insertIdeas(suite.t.db, brainstorm, [
      { title: 'Standing meetings, only', duplicateOf: a },
    ]);
    const old = await create(alice, brainstorm, { name: 'Old' });
    await move(alice, e, old.id);
    const run = await insertDoneThemes(suite.t.db, brainstorm, alice.id, proposalOver(list));
    const applied = await call(bob, 'POST', `/api/analyses/${run}/apply/`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ThemeDto[]>().map((t) => [t.name, t.position, t.ideas_count])).toEqual([
      ['Shorter meetings', 0, 2],
      ['Fewer meetings', 1, 2],
    ]);
    const [shorter, fewer] = applied.json<ThemeDto[]>();
    expect(shorter?.created_by).toBe(bob.id);
    expect(await themeIdOf(stacked?.id ?? 0)).toBe(shorter?.id);
    expect(await themeIdOf(c)).toBe(fewer?.id);
    expect(await themeIdOf(e)).toBeNull();
    const shown = await call(alice, 'GET', `/api/analyses/${run}/`);
    expect(shown.json()).toMatchObject({ applied_by: bob.id });
    expect(shown.json<{ applied: string | null }>().applied).not.toBeNull();
  });

  it('applies once: the second time answers 409', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const run = await insertDoneThemes(suite.t.db, brainstorm, alice.id, proposalOver(list));
    expect((await call(alice, 'POST', `/api/analyses/${run}/apply/`)).statusCode).toBe(200);
    const again = await call(bob, 'POST', `/api/analyses/${run}/apply/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This proposal was already applied.' });
  });

  it('leaves out ideas deleted since the proposal', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const run = await insertDoneThemes(suite.t.db, brainstorm, alice.id, proposalOver(list));
    await suite.t.db.delete(ideas).where(eq(ideas.id, list[0] ?? 0));
    const applied = await call(bob, 'POST', `/api/analyses/${run}/apply/`);
    expect(applied.json<ThemeDto[]>().map((t) => t.ideas_count)).toEqual([1, 2]);
  });

  it('refuses a step of another kind, one not done, and one that does not exist', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const run = await insertDoneThemes(suite.t.db, brainstorm, alice.id, proposalOver(list));
    await suite.t.db.execute(sql`update analyses set status = 'running' where id = ${run}`);
    const running = await call(bob, 'POST', `/api/analyses/${run}/apply/`);
    expect(running.statusCode).toBe(400);
    expect(running.json()).toEqual({
      detail: 'This step has not finished yet: wait until it is done.',
    });
    await suite.t.db.execute(sql`update analyses set kind = 'assess' where id = ${run}`);
    const assess = await call(bob, 'POST', `/api/analyses/${run}/apply/`);
    expect(assess.json()).toEqual({ detail: "This is a 'assess' step, not a 'themes' one." });
    expect((await call(bob, 'POST', '/api/analyses/999999/apply/')).statusCode).toBe(404);
  });

  it('applies offline keyword themes found through the job queue, then the team reshapes them', async () => {
    const brainstorm = await makeBrainstorm(suite.t.db, alice, 'Commuting');
    const words = ['bike', 'train', 'bus'];
    await insertIdeas(
      suite.t.db,
      brainstorm.id,
      words.flatMap((word) =>
        ['lanes', 'tickets', 'parking', 'stations'].map((thing) => ({
          title: `${word} ${thing}`,
          summary: `More ${word} ${thing} for ${word} commuters`,
        })),
      ),
    );
    const run = await runAnalysisThrough(suite.t.app, alice, brainstorm.id, {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(run.status, run.error ?? '').toBe('done');
    if (run.result?.kind !== 'themes') throw new Error('expected themes');
    const proposed = run.result.themes;
    const applied = await call(bob, 'POST', `/api/analyses/${run.id}/apply/`);
    expect(applied.statusCode, applied.body).toBe(200);
    const listed = applied.json<ThemeDto[]>();
    expect(listed.map((t) => t.name)).toEqual(proposed.map((t) => t.name));
    expect(listed.map((t) => t.ideas_count)).toEqual(proposed.map((t) => t.ideas.length));

    // Rename, merge, split, move and delete, each by a member.
    const [first, second, third] = listed;
    if (!first || !second || !third) throw new Error('three themes expected');
    await call(alice, 'PATCH', `/api/themes/${first.id}/`, { name: 'Renamed' });
    await call(bob, 'POST', `/api/themes/${second.id}/merge/`, { into: first.id });
    const members = (proposed[0]?.ideas ?? []).slice(0, 1);
    const split = await call(alice, 'POST', `/api/themes/${first.id}/split/`, {
      name: 'Split off',
      ideas: members,
    });
    expect(split.statusCode, split.body).toBe(201);
    const [member = 0] = proposed[2]?.ideas ?? [];
    expect((await move(bob, member, split.json<ThemeDto>().id)).statusCode).toBe(200);
    expect((await call(alice, 'DELETE', `/api/themes/${third.id}/`)).statusCode).toBe(204);
    const after = await themesOf(brainstorm.id);
    expect(after.slice(0, 2).map((t) => t.name)).toEqual(['Renamed', 'Split off']);
    expect(after.find((t) => t.name === 'Split off')?.ideas_count).toBe(2);
    const sorted = rowsOf<{ n: number }>(
      await suite.t.db.execute(sql`select count(*)::int as n from ideas
        where brainstorm_id = ${brainstorm.id} and theme_id is not null and duplicate_of is null`),
    );
    expect(after.reduce((sum, t) => sum + t.ideas_count, 0)).toBe(sorted[0]?.n);
  });
});

describe('suggestions', () => {
  it('suggests the theme an unsorted idea is most like, when alike enough', async () => {
    const brainstorm = (await makeBrainstorm(suite.t.db, alice, 'Commuting')).id;
    const [bikes, trains, alike, closer, unlike, stackedUnder] = await insertIdeas(
      suite.t.db,
      brainstorm,
      [
        { title: 'Shared bikes at every station', summary: 'Lend bikes at each station.' },
        { title: 'Quiet carriages on trains', summary: 'No calls in one carriage.' },
        { title: 'Bikes at the station', summary: 'Racks and shared bikes for commuters.' },
        { title: 'Shared bikes at stations', summary: 'Lend bikes at every station.' },
        { title: 'Four-day week', summary: 'Nobody commutes on Fridays.' },
        { title: 'Shared bikes at every station!', summary: 'Lend bikes.' },
      ],
    );
    await suite.t.db
      .update(ideas)
      .set({ duplicateOf: closer?.id ?? 0 })
      .where(eq(ideas.id, stackedUnder?.id ?? 0));
    const cycling = await create(alice, brainstorm, { name: 'Cycling' });
    const rail = await create(alice, brainstorm, { name: 'Rail' });
    await move(alice, bikes?.id ?? 0, cycling.id);
    await move(alice, trains?.id ?? 0, rail.id);
    const response = await call(bob, 'GET', `/api/brainstorms/${brainstorm}/theme-suggestions/`);
    expect(response.statusCode, response.body).toBe(200);
    const suggestions = response.json<ThemeSuggestionDto[]>();
    expect(suggestions.map((s) => [s.idea, s.theme])).toEqual([
      [closer?.id, cycling.id],
      [alike?.id, cycling.id],
    ]);
    const [best, next] = suggestions;
    expect(best?.score).toBeGreaterThan(next?.score ?? 1);
    expect(next?.score).toBeGreaterThanOrEqual(0.2);
    expect(unlike).toBeDefined();
    const missing = await call(bob, 'GET', '/api/brainstorms/999999/theme-suggestions/');
    expect(missing.statusCode).toBe(404);
  });
});

describe('the idea lists and downloads by theme', () => {
  it("lists a theme's ideas, the unsorted ones, and refuses a theme that does not exist", async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [a = 0, b = 0] = list;
    const theme = await create(alice, brainstorm, { name: 'Quick wins' });
    await move(alice, a, theme.id);
    await move(alice, b, theme.id);
    for (const path of ['/api/ideas/', '/api/ideas/unreviewed/', '/api/ideas/reviewed/']) {
      const reviewed = path.endsWith('/reviewed/') ? '&user_filter=none' : '';
      const url = `${path}?brainstorm=${brainstorm}${reviewed}&ordering=id&theme=`;
      const inTheme = await call(bob, 'GET', `${url}${theme.id}`);
      expect(inTheme.statusCode, inTheme.body).toBe(200);
      const ids = inTheme.json<{ results: IdeaDto[] }>().results.map((idea) => idea.id);
      expect(ids, path).toEqual([a, b]);
      const unsorted = await call(bob, 'GET', `${url}none`);
      expect(unsorted.json<{ count: number }>().count, path).toBe(4);
    }
    const missing = await call(bob, 'GET', '/api/ideas/?theme=999999');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ theme: ['Invalid pk "999999" - object does not exist.'] });
    expect((await call(bob, 'GET', '/api/ideas/?theme=some')).statusCode).toBe(400);
  });

  it("writes each idea's theme name in the download's last column", async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const theme = await create(alice, brainstorm, { name: 'Quick, "cheap" wins' });
    await move(alice, list[0] ?? 0, theme.id);
    const response = await call(
      bob,
      'GET',
      `/api/ideas/?brainstorm=${brainstorm}&format=csv&ordering=id`,
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]?.endsWith(',duplicate_of,theme')).toBe(true);
    expect(lines[1]?.endsWith(',"Quick, ""cheap"" wins"')).toBe(true);
    expect(lines[2]?.endsWith(',')).toBe(true);
    const themed = await call(bob, 'GET', `/api/ideas/?theme=${theme.id}&format=csv`);
    expect(themed.body.slice(1).trim().split('\r\n')).toHaveLength(2);
  });
});

describe('at the same moment (on PostgreSQL, where races show)', () => {
  it('applies a proposal once when two people apply it together', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const run = await insertDoneThemes(suite.t.db, brainstorm, alice.id, proposalOver(list));
    const responses = await Promise.all(
      [alice, bob].map((user) => call(user, 'POST', `/api/analyses/${run}/apply/`)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await suite.t.db.select().from(themes).where(eq(themes.brainstormId, brainstorm));
    expect(rows.map((row) => row.name).sort()).toEqual(['Fewer meetings', 'Shorter meetings']);
    expect((await themesOf(brainstorm)).map((t) => t.ideas_count)).toEqual([2, 2]);
  });

  it('leaves an idea moved by two people at once in one of the two themes', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [idea = 0, other = 0] = list;
    const one = await create(alice, brainstorm, { name: 'One' });
    const two = await create(alice, brainstorm, { name: 'Two' });
    await move(alice, other, one.id);
    const responses = await Promise.all([move(alice, idea, one.id), move(bob, idea, two.id)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect([one.id, two.id]).toContain(await themeIdOf(idea));
    const counts = (await themesOf(brainstorm)).map((t) => t.ideas_count);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
  });

  it('keeps every idea in a theme that exists when a merge and a move meet', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [idea = 0, member = 0] = list;
    const source = await create(alice, brainstorm, { name: 'Source' });
    const target = await create(alice, brainstorm, { name: 'Target' });
    await move(alice, member, source.id);
    const [merged, moved] = await Promise.all([
      call(alice, 'POST', `/api/themes/${source.id}/merge/`, { into: target.id }),
      move(bob, idea, source.id),
    ]);
    expect(merged.statusCode).toBe(200);
    // The move came first and was merged along, or came after and found the theme gone.
    if (moved.statusCode === 200) expect(await themeIdOf(idea)).toBe(target.id);
    else {
      expect(moved.json()).toEqual({
        theme: [`Invalid pk "${source.id}" - object does not exist.`],
      });
      expect(await themeIdOf(idea)).toBeNull();
    }
    expect(await themeIdOf(member)).toBe(target.id);
    const listed = await themesOf(brainstorm);
    expect(listed.map((t) => t.id)).toEqual([target.id]);
    expect(listed[0]?.ideas_count).toBe(moved.statusCode === 200 ? 2 : 1);
  });

  it('lets only one of two themes renamed to one name at once take it', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    const first = await create(alice, brainstorm, { name: 'First' });
    const second = await create(alice, brainstorm, { name: 'Second' });
    const responses = await Promise.all([
      call(alice, 'PATCH', `/api/themes/${first.id}/`, { name: 'Taken' }),
      call(bob, 'PATCH', `/api/themes/${second.id}/`, { name: 'Taken' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = responses.find((r) => r.statusCode === 400);
    expect(refused?.json()).toEqual({
      name: ['This brainstorm already has a theme named "Taken".'],
    });
    const names = (await themesOf(brainstorm)).map((t) => t.name).sort();
    expect(names.filter((name) => name === 'Taken')).toHaveLength(1);
  });

  it('splits an idea off once when two people split it off at once', async () => {
    const { brainstorm, ideas: list } = await brainstormWithIdeas();
    const [idea = 0, other = 0] = list;
    const theme = await create(alice, brainstorm, { name: 'Both' });
    await move(alice, idea, theme.id);
    await move(alice, other, theme.id);
    const split = (user: typeof alice, name: string) =>
      call(user, 'POST', `/api/themes/${theme.id}/split/`, { name, ideas: [idea] });
    const responses = await Promise.all([split(alice, 'By Alice'), split(bob, 'By Bob')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(responses.find((r) => r.statusCode === 400)?.json()).toEqual({
      ideas: [`Idea ${idea} is not in this theme.`],
    });
    const listed = await themesOf(brainstorm);
    expect(listed).toHaveLength(2);
    expect(listed.map((t) => t.ideas_count)).toEqual([1, 1]);
  });

  it('never lets parallel writes pass 30 themes or repeat a name', async () => {
    const { brainstorm } = await brainstormWithIdeas();
    for (let i = 0; i < 26; i++) await create(alice, brainstorm, { name: `Theme ${i}` });
    const url = `/api/brainstorms/${brainstorm}/themes/`;
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? alice : bob, 'POST', url, { name: `New ${i}` }),
      ),
      ...Array.from({ length: 3 }, () => call(bob, 'POST', url, { name: 'Same' })),
    ]);
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(4);
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    const rows = await suite.t.db.select().from(themes).where(eq(themes.brainstormId, brainstorm));
    expect(rows).toHaveLength(30);
    expect(rows.filter((row) => row.name === 'Same').length).toBeLessThanOrEqual(1);
  });
});
