import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/app.js';
import type { FakeLlmServer } from '../../../test/fake-llm-server.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  generationBody,
  makeRichBrainstorm,
  useFakeLlmApp,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { makeBrainstorm, type IdeaJson, type IdeaPage } from '../../../test/idea-factories.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideaDuplicateDecisions, ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { GenerationDto } from '../generation/generation.schemas.js';

/*
 * Near-duplicates (decision 025): stored, stacked under the earliest original, left out of the
 * lists unless asked, and unstacked or stacked by hand by any member.
 */

let fake: FakeLlmServer;
let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;

const suite = useFakeLlmApp();
beforeAll(async () => {
  ({ fake, t } = suite);
  call = apiAs(t.app);
  alice = await makeUser(t.db);
  bob = await makeUser(t.db);
});

type StackedIdea = IdeaJson & {
  duplicate_of: number | null;
  duplicate_score: number | null;
  stacked_by: number | null;
  duplicates_count: number;
};
type StackedPage = IdeaPage & { stackedCount: number; results: StackedIdea[] };

const BIKES = { title: 'Shared bikes at every station', summary: 'Lend bikes at each station.' };
const BIKES_AGAIN = {
  title: 'Bikes, shared at EVERY station!',
  summary: 'Lend bikes at each station',
};
const TREES = { title: 'Plant trees along the bus lanes', summary: 'Shade for people who wait.' };

async function write(user: UserRow, brainstorm: number, idea: object): Promise<StackedIdea> {
  const response = await call(user, 'POST', '/api/ideas/', { brainstorm, ...idea });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StackedIdea>();
}

async function read(user: UserRow, id: number): Promise<StackedIdea> {
  const response = await call(user, 'GET', `/api/ideas/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StackedIdea>();
}

async function list(user: UserRow, url: string): Promise<StackedPage> {
  const response = await call(user, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StackedPage>();
}

async function freshBrainstorm(title = 'Commute') {
  return (await makeBrainstorm(t.db, alice, title)).id;
}

describe('an idea written by hand that nearly repeats one', () => {
  it('is stored stacked under the earliest original, which counts it', async () => {
    const brainstorm = await freshBrainstorm();
    const original = await write(alice, brainstorm, BIKES);
    const again = await write(bob, brainstorm, BIKES_AGAIN);
    const third = await write(bob, brainstorm, {
      ...BIKES,
      title: 'shared bikes at every station',
    });
    const trees = await write(bob, brainstorm, TREES);

    expect(original).toMatchObject({ duplicate_of: null, duplicates_count: 0 });
    expect(again).toMatchObject({ duplicate_of: original.id, stacked_by: null });
    expect(again.duplicate_score).toBeGreaterThan(0.5);
    expect(third.duplicate_of).toBe(original.id);
    expect(trees.duplicate_of).toBeNull();
    expect(await read(alice, original.id)).toMatchObject({ duplicates_count: 2 });
  });

  it('is left out of the lists and their counts unless asked, and each stack can be listed', async () => {
    const brainstorm = await freshBrainstorm();
    const original = await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    const trees = await write(alice, brainstorm, TREES);

    const page = await list(bob, `/api/ideas/?brainstorm=${brainstorm}`);
    expect(page.results.map((i) => i.id).sort()).toEqual([original.id, trees.id].sort());
    expect(page).toMatchObject({ count: 2, filteredCount: 2, stackedCount: 1 });

    const queue = await list(bob, `/api/ideas/unreviewed/?brainstorm=${brainstorm}`);
    expect(queue).toMatchObject({ count: 2, filteredCount: 2, stackedCount: 1 });
    const searched = await list(bob, `/api/ideas/?brainstorm=${brainstorm}&search=bikes`);
    expect(searched).toMatchObject({ count: 1, stackedCount: 1 });

    const all = await list(bob, `/api/ideas/?brainstorm=${brainstorm}&include_duplicates=true`);
    expect(all).toMatchObject({ count: 3, filteredCount: 3, stackedCount: 1 });
    const stack = await list(bob, `/api/ideas/?duplicate_of=${original.id}`);
    expect(stack.results.map((i) => i.id)).toEqual([again.id]);
    expect(stack).toMatchObject({ count: 1, stackedCount: 1 });
  });

  it('is exported with the rest, its original in the duplicate_of column', async () => {
    const brainstorm = await freshBrainstorm();
    const original = await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    const response = await call(bob, 'GET', `/api/ideas/?brainstorm=${brainstorm}&format=csv`);
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The theme column came after it.
    expect(header?.split(',').slice(-2)).toEqual(['duplicate_of', 'theme']);
    const duplicateCell = (id: number) =>
      lines
        .find((line) => line.startsWith(`${id},`))
        ?.split(',')
        .at(-2);
    expect(duplicateCell(original.id)).toBe('');
    expect(duplicateCell(again.id)).toBe(String(original.id));
  });

  it('keeps its votes, reactions and comments, shown under it', async () => {
    const brainstorm = await freshBrainstorm();
    await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    expect(
      (await call(bob, 'POST', `/api/ideas/${again.id}/annotate/`, { vote: 1 })).statusCode,
    ).toBe(200);
    const stack = await list(bob, `/api/ideas/?duplicate_of=${again.duplicate_of}`);
    expect(stack.results[0]).toMatchObject({ id: again.id, votes: 1 });
  });
});

describe('POST /api/ideas/{id}/not-duplicate/', () => {
  it('unstacks the idea for good, and records who did', async () => {
    const brainstorm = await freshBrainstorm();
    const original = await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);

    const response = await call(bob, 'POST', `/api/ideas/${again.id}/not-duplicate/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: again.id, duplicate_of: null });
    expect(await read(alice, original.id)).toMatchObject({ duplicates_count: 0 });
    const [decision] = await t.db
      .select()
      .from(ideaDuplicateDecisions)
      .where(eq(ideaDuplicateDecisions.ideaId, again.id));
    expect(decision).toMatchObject({
      originalId: original.id,
      isDuplicate: false,
      decidedBy: bob.id,
    });

    // A second click, or a teammate's, finds it unstacked and leaves it so.
    const twice = await call(alice, 'POST', `/api/ideas/${again.id}/not-duplicate/`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ duplicate_of: null });
    const page = await list(bob, `/api/ideas/?brainstorm=${brainstorm}`);
    expect(page).toMatchObject({ count: 2, stackedCount: 0 });
  });

  it('answers 404 for a missing idea and 401 without a session', async () => {
    expect((await call(bob, 'POST', '/api/ideas/999999/not-duplicate/')).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/ideas/1/not-duplicate/')).statusCode).toBe(401);
    expect((await call(bob, 'POST', '/api/ideas/abc/not-duplicate/')).statusCode).toBe(400);
  });
});

describe('POST /api/ideas/{id}/mark-duplicate/', () => {
  it('stacks an idea under the original of the one named, with what was under it', async () => {
    const brainstorm = await freshBrainstorm();
    const bikes = await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    const trees = await write(alice, brainstorm, TREES);
    const shade = await write(alice, brainstorm, {
      title: 'Trees planted along bus lanes',
      summary: 'Shade for the people waiting.',
    });
    expect(shade.duplicate_of).toBe(trees.id);

    // Trees, with shade under it, goes under bikes' stack (named through its stacked idea).
    const response = await call(bob, 'POST', `/api/ideas/${trees.id}/mark-duplicate/`, {
      of: again.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ duplicate_of: bikes.id, stacked_by: bob.id });
    expect(await read(bob, shade.id)).toMatchObject({ duplicate_of: bikes.id });
    expect(await read(bob, bikes.id)).toMatchObject({ duplicates_count: 3 });
    const [row] = await t.db.select().from(brainstorms).where(eq(brainstorms.id, brainstorm));
    expect(row).toMatchObject({ ideasCount: 4, duplicatesCount: 3 });
  });

  it('lets an original and one stacked under it change places', async () => {
    const brainstorm = await freshBrainstorm();
    const bikes = await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    const response = await call(bob, 'POST', `/api/ideas/${bikes.id}/mark-duplicate/`, {
      of: again.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ duplicate_of: again.id });
    expect(await read(bob, again.id)).toMatchObject({ duplicate_of: null, duplicates_count: 1 });
  });

  it('refuses itself, a missing idea and one of another brainstorm with field errors', async () => {
    const brainstorm = await freshBrainstorm();
    const other = await freshBrainstorm('Elsewhere');
    const bikes = await write(alice, brainstorm, BIKES);
    const elsewhere = await write(alice, other, TREES);
    const cases: [unknown, string][] = [
      [{ of: bikes.id }, 'An idea cannot repeat itself: choose another idea.'],
      [{ of: 999999 }, 'Invalid pk "999999" - object does not exist.'],
      [{ of: elsewhere.id }, 'Choose an idea of the same brainstorm.'],
    ];
    for (const [body, message] of cases) {
      const response = await call(
        bob,
        'POST',
        `/api/ideas/${bikes.id}/mark-duplicate/`,
        body as object,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ of: [message] });
    }
    for (const body of [{}, { of: 'x' }, { of: -1 }, { of: 1.5 }]) {
      const response = await call(bob, 'POST', `/api/ideas/${bikes.id}/mark-duplicate/`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual(['of']);
    }
    expect(
      (await call(bob, 'POST', '/api/ideas/999999/mark-duplicate/', { of: bikes.id })).statusCode,
    ).toBe(404);
    expect(
      (await call(null, 'POST', `/api/ideas/${bikes.id}/mark-duplicate/`, { of: 1 })).statusCode,
    ).toBe(401);
  });
});

describe('deleting an original', () => {
  it('leaves its stack under the earliest of it', async () => {
    const brainstorm = await freshBrainstorm();
    const bikes = await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    const third = await write(alice, brainstorm, {
      ...BIKES,
      title: 'SHARED bikes, every station',
    });
    expect((await call(alice, 'DELETE', `/api/ideas/${bikes.id}/`)).statusCode).toBe(204);
    expect(await read(bob, again.id)).toMatchObject({ duplicate_of: null, duplicates_count: 1 });
    expect(await read(bob, third.id)).toMatchObject({ duplicate_of: again.id });
  });

  it('goes with its whole brainstorm, stacks and decisions included', async () => {
    const brainstorm = await freshBrainstorm();
    await write(alice, brainstorm, BIKES);
    const again = await write(alice, brainstorm, BIKES_AGAIN);
    await call(bob, 'POST', `/api/ideas/${again.id}/not-duplicate/`);
    expect((await call(alice, 'DELETE', `/api/brainstorms/${brainstorm}/`)).statusCode).toBe(204);
    const left = await t.db.select().from(ideas).where(eq(ideas.brainstormId, brainstorm));
    expect(left).toEqual([]);
  });
});

describe('at the same moment (on PostgreSQL, where races show)', () => {
  it('stores one original when the same idea is written eight times at once', async () => {
    const brainstorm = await freshBrainstorm();
    const written = await Promise.all(
      Array.from({ length: 8 }, (_, i) => write(i % 2 ? alice : bob, brainstorm, BIKES)),
    );
    const originals = written.filter((idea) => idea.duplicate_of === null);
    expect(originals).toHaveLength(1);
    const [original] = originals;
    expect(
      written.every((idea) => idea.id === original?.id || idea.duplicate_of === original?.id),
    ).toBe(true);
    expect(await read(alice, original?.id ?? 0)).toMatchObject({ duplicates_count: 7 });
  });

  it('keeps one consistent stack when people unstack and stack at once', async () => {
    const brainstorm = await freshBrainstorm();
    const bikes = await write(alice, brainstorm, BIKES);
    const stacked = await Promise.all(
      [
        'Bikes shared, every station',
        'every station: shared bikes',
        'Shared BIKES at stations!',
      ].map((title) => write(alice, brainstorm, { ...BIKES_AGAIN, title })),
    );
    const [a, b, c] = stacked;
    if (!a || !b || !c) throw new Error('three ideas expected');
    const responses = await Promise.all([
      call(alice, 'POST', `/api/ideas/${a.id}/not-duplicate/`),
      call(bob, 'POST', `/api/ideas/${a.id}/not-duplicate/`),
      call(bob, 'POST', `/api/ideas/${b.id}/mark-duplicate/`, { of: c.id }),
      call(alice, 'POST', `/api/ideas/${bikes.id}/mark-duplicate/`, { of: b.id }),
      call(bob, 'POST', `/api/ideas/${c.id}/mark-duplicate/`, { of: bikes.id }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    // Whatever order they ran in: one level of stacks, and the counts match the rows.
    const rows = await t.db.select().from(ideas).where(eq(ideas.brainstormId, brainstorm));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      if (row.duplicateOf !== null) expect(byId.get(row.duplicateOf)?.duplicateOf).toBeNull();
      const under = rows.filter((other) => other.duplicateOf === row.id).length;
      expect(row.duplicatesCount, `idea ${row.id}`).toBe(under);
    }
    const [counted] = await t.db.select().from(brainstorms).where(eq(brainstorms.id, brainstorm));
    expect(counted?.duplicatesCount).toBe(rows.filter((row) => row.duplicateOf !== null).length);
  });
});

describe('a generation whose parallel slots return one idea', () => {
  it('stores one original and stacks the rest, and says how many it stacked', async () => {
    fake.reset();
    fake.setDefault({ kind: 'idea', idea: { ...BIKES, description: 'Racks and a small fee.' } });
    const brainstorm = await makeRichBrainstorm(t.db, alice);
    const response = await call(
      alice,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      generationBody(6, 'openai_compatible', 'fake-model'),
    );
    expect(response.statusCode, response.body).toBe(202);
    const generation = await waitForGeneration(t.app, alice, response.json<GenerationDto>().id);
    expect(generation).toMatchObject({ status: 'done', succeeded: 6, stacked: 5 });
    const stored = await t.db
      .select()
      .from(ideas)
      .where(and(eq(ideas.brainstormId, brainstorm.id)));
    const originals = stored.filter((idea) => idea.duplicateOf === null);
    expect(originals).toHaveLength(1);
    expect(originals[0]?.duplicatesCount).toBe(5);
    expect(stored.filter((idea) => idea.duplicateOf === originals[0]?.id)).toHaveLength(5);
  });
});
