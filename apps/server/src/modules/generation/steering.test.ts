import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import type { FakeLlmServer } from '../../../test/fake-llm-server.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  generationBody,
  generationConfig,
  makeRichBrainstorm,
  useFakeLlmApp,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { annotateDirectly, insertIdeas, type IdeaJson } from '../../../test/idea-factories.js';
import type { GenerationLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { generations } from '../../db/schema/generations.js';
import { ideas, type NewIdeaRow } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import { slotContext } from './generation.repository.js';
import type { GenerationDto, SteeringDto } from './generation.schemas.js';
import { STEERING_TEXT_LIMIT } from './prompts.js';

const DAY_MS = 86_400_000;
const LONG_SUMMARY = `${'A very long summary that goes on and on. '.repeat(122)}END`;

/**
 * A brainstorm reviewed by a team of three: eight liked ideas (of which the five most liked
 * steer), three rejected, and ideas that must steer nothing: a stacked one, one both liked and
 * rejected, and ones that only one person bookmarked or hid.
 */
async function reviewedBrainstorm(db: Db, team: UserRow[], type = 'classic') {
  const [owner, second, third] = team as [UserRow, UserRow, UserRow];
  const brainstorm = await makeRichBrainstorm(db, owner, { type });
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
  const seed: [string, Partial<NewIdeaRow>][] = [
    // Most liked, and the oldest: age does not matter.
    ['Liked A', { votes: 5, created: at(400) }],
    ['Liked B', { thumbtackCount: 4, created: at(3) }],
    ['Liked C', { created: at(3) }], // bookmarked by all three
    ['Liked D', { votes: 2, summary: LONG_SUMMARY, created: at(3) }],
    ['Liked E', { votes: 1, created: at(1) }],
    ['Liked F', { votes: 1, created: at(2) }], // also bookmarked by one person: stays after E
    ['Liked G', { votes: 1, created: at(5) }],
    ['Liked H', { votes: 1, created: at(6) }],
    ['Rejected R1', { votes: -3, created: at(2) }],
    ['Rejected R2', { created: at(2) }], // hidden by two
    ['Rejected R3', { votes: -1, created: at(2) }],
    ['Stacked S', { votes: 10, created: at(1) }],
    ['Both X', { votes: 3, created: at(1) }], // and hidden by two
    ['Private P', { created: at(1) }], // bookmarked by one person only
    ['Private Q', { created: at(1) }], // hidden by one person only
    ['Plain Z', { created: at(1) }],
  ];
  const rows = await insertIdeas(
    db,
    brainstorm.id,
    seed.map(([title, values]) => ({ title, summary: `${title} in brief.`, ...values })),
  );
  const id = Object.fromEntries(rows.map((row) => [row.title.split(' ')[1] ?? '', row.id]));
  const idOf = (key: string) => id[key] ?? 0;
  await db
    .update(ideas)
    .set({ duplicateOf: idOf('A') })
    .where(eq(ideas.id, idOf('S')));
  for (const user of team) await annotateDirectly(db, user, idOf('C'), { isBookmarked: true });
  await annotateDirectly(db, second, idOf('F'), { isBookmarked: true });
  for (const user of [owner, third]) {
    await annotateDirectly(db, user, idOf('R2'), { isHidden: true });
    await annotateDirectly(db, user, idOf('X'), { isHidden: true });
  }
  await annotateDirectly(db, third, idOf('P'), { isBookmarked: true });
  await annotateDirectly(db, second, idOf('Q'), { isHidden: true });
  return { brainstorm, id: idOf };
}

const LIKED = ['A', 'B', 'C', 'D', 'E'];
const REJECTED = ['R1', 'R2', 'R3'];
const NEVER = ['F', 'G', 'H', 'S', 'X', 'P', 'Q', 'Z'];
const KINDS: Record<string, string> = {
  S: 'Stacked',
  X: 'Both',
  P: 'Private',
  Q: 'Private',
  Z: 'Plain',
};
/** The title `reviewedBrainstorm` gave the idea of a key ('A', 'R1', 'S'). */
const titleOf = (key: string) =>
  `${key.startsWith('R') ? 'Rejected' : (KINDS[key] ?? 'Liked')} ${key}`;

/** The text between a tag and its end in a prompt. */
const inside = (prompt: string | undefined, name: string) => {
  const text = prompt ?? '';
  const start = text.indexOf(`<${name}>`);
  return start < 0 ? '' : text.slice(start, text.indexOf(`</${name}>`));
};

describe("the team's reviews steer a generation", () => {
  let fake: FakeLlmServer;
  let t: TestApp;
  let team: UserRow[];
  let api: ReturnType<typeof apiAs>;
  const model = () => generationBody(1, 'openai_compatible', 'fake-model');

  const suite = useFakeLlmApp();
  beforeAll(async () => {
    ({ fake, t } = suite);
    team = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    api = apiAs(t.app);
  });

  async function run(user: UserRow, url: string, body: object = model()) {
    const response = await api(user, 'POST', url, body);
    expect(response.statusCode, response.body).toBe(202);
    return waitForGeneration(t.app, user, response.json<GenerationDto>().id);
  }

  it("says what would steer: the most liked first, the rejected, never one person's flag", async () => {
    const { brainstorm, id } = await reviewedBrainstorm(t.db, team);
    const [, other] = team as [UserRow, UserRow];
    const response = await api(other, 'GET', `/api/brainstorms/${brainstorm.id}/steering/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<SteeringDto>()).toEqual({
      liked: LIKED.map((key) => ({ id: id(key), title: titleOf(key) })),
      rejected: REJECTED.map((key) => ({ id: id(key), title: titleOf(key) })),
    });
    expect((await api(null, 'GET', `/api/brainstorms/${brainstorm.id}/steering/`)).statusCode).toBe(
      401,
    );
    const missing = await api(other, 'GET', '/api/brainstorms/2000000000/steering/');
    expect(missing.statusCode).toBe(404);
  });

  it('lists under blind review only the ideas the caller reviewed, since the rest would tell the votes', async () => {
    const { brainstorm } = await reviewedBrainstorm(t.db, team);
    await t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    const outsider = await makeUser(t.db);
    const seen = await api(outsider, 'GET', `/api/brainstorms/${brainstorm.id}/steering/`);
    expect(seen.json<SteeringDto>()).toEqual({ liked: [], rejected: [] });
    const [first] = (
      await api(team[0] ?? null, 'GET', `/api/brainstorms/${brainstorm.id}/steering/`)
    ).json<SteeringDto>().liked;
    if (!first) throw new Error('the team liked nothing');
    await api(outsider, 'POST', `/api/ideas/${first.id}/annotate/`, { is_bookmarked: true });
    const after = await api(outsider, 'GET', `/api/brainstorms/${brainstorm.id}/steering/`);
    expect(after.json<SteeringDto>()).toEqual({ liked: [first], rejected: [] });
  });

  it('shows under blind review what steered a generation only to those who reviewed every idea it was chosen from', async () => {
    const { brainstorm, id } = await reviewedBrainstorm(t.db, team);
    await t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    const [owner] = team as [UserRow];
    const newcomer = await makeUser(t.db);
    const seeded = await t.db
      .select({ id: ideas.id })
      .from(ideas)
      .where(eq(ideas.brainstormId, brainstorm.id));
    const withheld = { steering: null, steering_hidden: true };
    const generationsOf = async (user: UserRow) =>
      (await api(user, 'GET', `/api/brainstorms/${brainstorm.id}/generations/`)).json<{
        results: GenerationDto[];
      }>().results;
    const provenanceOf = async (user: UserRow, ideaId: number) =>
      (await api(user, 'GET', `/api/ideas/${ideaId}/`)).json<IdeaJson>().provenance;

    // A member who has reviewed nothing asks for ideas: the team's reviews steer them all the
    // same, and nothing that answers tells which ideas the team liked or rejected.
    const started = await api(
      newcomer,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      model(),
    );
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject(withheld);
    const generation = await waitForGeneration(t.app, newcomer, started.json<GenerationDto>().id);
    expect(generation).toMatchObject(withheld);
    expect(inside(fake.requests[0]?.user, 'liked_ideas')).toContain(`- ${titleOf('A')}:`);
    expect(await generationsOf(newcomer)).toMatchObject([withheld]);
    const made = generation.slots[0]?.idea ?? 0;
    const hiddenSteering = { steered_by: null, steering_hidden: true };
    expect(await provenanceOf(newcomer, made)).toMatchObject(hiddenSteering);
    const exported = await api(
      newcomer,
      'GET',
      `/api/ideas/?brainstorm=${brainstorm.id}&format=json`,
    );
    expect(exported.json<IdeaJson[]>().find((idea) => idea.id === made)?.provenance).toMatchObject(
      hiddenSteering,
    );
    // Unsteered, it reads the same; a teammate who voted but did not review everything is told
    // no more.
    const unsteered = await run(newcomer, `/api/brainstorms/${brainstorm.id}/brainstorm/`, {
      ...model(),
      steer: false,
    });
    expect(unsteered).toMatchObject(withheld);
    expect(await generationsOf(owner)).toMatchObject([withheld, withheld]);

    // Reviewing every idea that was there when it was made shows it; ideas stored since (its
    // own) hide it no more, but they hide the generation made after them.
    for (const idea of seeded) await annotateDirectly(t.db, newcomer, idea.id);
    const steering = { liked: LIKED.map(id), rejected: REJECTED.map(id) };
    expect(await generationsOf(newcomer)).toMatchObject([
      withheld,
      { id: generation.id, steering, steering_hidden: false },
    ]);
    expect(await provenanceOf(newcomer, made)).toMatchObject({
      steered_by: steering,
      steering_hidden: false,
    });
    await annotateDirectly(t.db, newcomer, made);
    expect(await generationsOf(newcomer)).toMatchObject([
      { id: unsteered.id, steering: null, steering_hidden: false },
      { id: generation.id, steering_hidden: false },
    ]);

    // Without blind review, everyone sees it.
    await t.db
      .update(brainstorms)
      .set({ blindReview: false })
      .where(eq(brainstorms.id, brainstorm.id));
    expect((await api(owner, 'GET', `/api/generations/${generation.id}/`)).json()).toMatchObject({
      steering,
      steering_hidden: false,
    });
  });

  it('puts the liked and rejected ideas in the user message only, bounded, and records them', async () => {
    const { brainstorm, id } = await reviewedBrainstorm(t.db, team);
    const [owner] = team as [UserRow];
    const generation = await run(owner, `/api/brainstorms/${brainstorm.id}/brainstorm/`);
    expect(generation.steering).toEqual({
      liked: LIKED.map(id),
      rejected: REJECTED.map(id),
      inspired_by: null,
      direction: null,
    });
    const [request] = fake.requests;
    const liked = inside(request?.user, 'liked_ideas');
    const rejected = inside(request?.user, 'rejected_ideas');
    // Most liked first, five of eight.
    const order = LIKED.map((key) => liked.indexOf(`- ${titleOf(key)}:`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const key of REJECTED) expect(rejected).toContain(`- ${titleOf(key)}:`);
    for (const key of NEVER) expect(request?.user).not.toContain(`${titleOf(key)}:`);
    // The 5,000-character summary travels cut on a word boundary.
    const long = liked.split('\n').find((line) => line.startsWith('- Liked D:')) ?? '';
    expect(LONG_SUMMARY.length).toBeGreaterThan(5000);
    expect(long.length).toBeLessThanOrEqual(STEERING_TEXT_LIMIT + 2);
    const kept = long.slice(0, -1);
    expect(long.endsWith('…')).toBe(true);
    expect(`- Liked D: ${LONG_SUMMARY}`.startsWith(kept)).toBe(true);
    expect(LONG_SUMMARY[kept.length - '- Liked D: '.length]).toBe(' ');
    expect(request?.user).not.toContain('END');
    for (const key of [...LIKED, ...REJECTED]) expect(request?.system).not.toContain(titleOf(key));

    const [stored] = await t.db.select().from(ideas).where(eq(ideas.generationId, generation.id));
    expect(stored).toMatchObject({
      inspiredBy: null,
      steeredBy: { liked: LIKED.map(id), rejected: REJECTED.map(id) },
    });
  });

  it('carries nothing when steer is false, or when nothing was reviewed', async () => {
    const { brainstorm } = await reviewedBrainstorm(t.db, team);
    const [owner] = team as [UserRow];
    const off = await run(owner, `/api/brainstorms/${brainstorm.id}/brainstorm/`, {
      ...model(),
      steer: false,
    });
    const fresh = await makeRichBrainstorm(t.db, owner);
    const unreviewed = await run(owner, `/api/brainstorms/${fresh.id}/brainstorm/`);
    for (const generation of [off, unreviewed]) expect(generation.steering).toBeNull();
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      for (const tag of ['liked_ideas', 'rejected_ideas', 'develop_idea', 'flip_idea']) {
        expect(request.user).not.toContain(`<${tag}>`);
      }
      expect(request.user).not.toContain('Liked A:');
    }
    const stored = await t.db
      .select({ steeredBy: ideas.steeredBy, inspiredBy: ideas.inspiredBy })
      .from(ideas)
      .where(inArray(ideas.generationId, [off.id, unreviewed.id]));
    expect(stored).toEqual([
      { steeredBy: null, inspiredBy: null },
      { steeredBy: null, inspiredBy: null },
    ]);
  });

  it('reads the steering ideas as they are when a slot runs; a deleted one drops out', async () => {
    const { brainstorm, id } = await reviewedBrainstorm(t.db, team);
    const [owner] = team as [UserRow];
    const [generation] = await t.db
      .insert(generations)
      .values({
        brainstormId: brainstorm.id,
        createdBy: owner.id,
        requested: 1,
        steering: { liked: [id('A'), id('B')], rejected: [id('R1')], inspiredBy: id('C') },
      })
      .returning();
    await t.db
      .update(ideas)
      .set({ title: 'Liked A, renamed' })
      .where(eq(ideas.id, id('A')));
    await t.db.delete(ideas).where(eq(ideas.id, id('B')));
    const context = await slotContext(t.db, generation?.id ?? 0, 10);
    expect(context?.steering).toEqual({
      liked: [{ title: 'Liked A, renamed', summary: 'Liked A in brief.' }],
      rejected: [{ title: 'Rejected R1', summary: 'Rejected R1 in brief.' }],
      inspiration: {
        title: 'Liked C',
        summary: 'Liked C in brief.',
        description: '',
        direction: 'develop',
      },
    });
  });

  it("develops an idea's direction with More like this, for any member, and records it", async () => {
    const { brainstorm, id } = await reviewedBrainstorm(t.db, team);
    const [, , other] = team as [UserRow, UserRow, UserRow];
    await t.db
      .update(ideas)
      .set({ description: 'Start with one team.' })
      .where(eq(ideas.id, id('A')));
    const generation = await run(other, `/api/ideas/${id('A')}/more-like-this/`);
    expect(generation).toMatchObject({
      brainstorm: brainstorm.id,
      created_by: other.id,
      status: 'done',
      steering: {
        // The developed idea is quoted in full, not among the liked ones.
        liked: ['B', 'C', 'D', 'E', 'F'].map(id),
        rejected: REJECTED.map(id),
        inspired_by: id('A'),
        direction: 'develop',
      },
    });
    const [request] = fake.requests;
    expect(inside(request?.user, 'develop_idea')).toBe(
      '<develop_idea>\nTitle: Liked A\nSummary: Liked A in brief.\nDescription: Start with one team.\n',
    );
    expect(request?.user).toMatch(/Develop its direction/);
    expect(request?.system).not.toContain('Liked A');
    const [stored] = await t.db.select().from(ideas).where(eq(ideas.generationId, generation.id));
    expect(stored).toMatchObject({
      brainstormId: brainstorm.id,
      inspiredBy: id('A'),
      steeredBy: { liked: ['B', 'C', 'D', 'E', 'F'].map(id), rejected: REJECTED.map(id) },
    });
  });

  it('flips a bad idea of the Bad Idea Contest, and refuses Flip it elsewhere', async () => {
    const [owner] = team as [UserRow];
    const contest = await reviewedBrainstorm(t.db, team, 'bad_idea_contest');
    const generation = await run(owner, `/api/ideas/${contest.id('R1')}/flip-it/`, {
      ...model(),
      steer: false,
    });
    expect(generation.steering).toEqual({
      liked: [],
      rejected: [],
      inspired_by: contest.id('R1'),
      direction: 'flip',
    });
    const [request] = fake.requests;
    expect(inside(request?.user, 'flip_idea')).toContain('Title: Rejected R1');
    expect(request?.user).toMatch(/Flip it: reverse it into a workable, good idea/);
    expect(request?.user).not.toContain('<liked_ideas>');

    const classic = await reviewedBrainstorm(t.db, team, 'scamper');
    const refused = await api(owner, 'POST', `/api/ideas/${classic.id('A')}/flip-it/`, model());
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Flip it is for the Bad Idea Contest/,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('answers as a generation request does: 404, 401 and the same validation', async () => {
    const [owner] = team as [UserRow];
    const { brainstorm, id } = await reviewedBrainstorm(t.db, team, 'bad_idea_contest');
    const bad = generationBody(1, 'no-such-provider', 'x');
    const viaBrainstorm = await api(
      owner,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      bad,
    );
    for (const action of ['more-like-this', 'flip-it']) {
      const missing = await api(owner, 'POST', `/api/ideas/2000000000/${action}/`, model());
      expect(missing.statusCode).toBe(404);
      const anonymous = await api(null, 'POST', `/api/ideas/${id('A')}/${action}/`, model());
      expect(anonymous.statusCode).toBe(401);
      const invalid = await api(owner, 'POST', `/api/ideas/${id('A')}/${action}/`, bad);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual(viaBrainstorm.json());
      const shapeless = await api(owner, 'POST', `/api/ideas/${id('A')}/${action}/`, {
        steer: 'yes',
      });
      expect(shapeless.statusCode).toBe(400);
    }
    expect(fake.calls()).toBe(0);
  });
});

const generous: GenerationLimits = {
  runningPerUser: 100,
  ideasPerHour: 10_000,
  dailyTokensPerUser: 1_000_000_000,
  dailyTokensTotal: 1_000_000_000,
};

/** An app whose generations stay queued (no workers), with the given limits. */
async function queuedApp(limits: Partial<GenerationLimits>) {
  const config = generationConfig({ OPENAI_API_KEY: 'sk-unused', OPENAI_MODELS: 'gpt-x' });
  return createTestApp({
    ...config,
    generation: { ...testConfig.generation, workers: false, limits: { ...generous, ...limits } },
  });
}

describe('steering and the cost limits', () => {
  it('reserves the tokens of the steering text before anything is queued', async () => {
    const t = await queuedApp({});
    try {
      const team = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
      const { brainstorm } = await reviewedBrainstorm(t.db, team);
      const body = generationBody(1, 'openai', 'gpt-x');
      const reserved = async (steer: boolean) => {
        const url = `/api/brainstorms/${brainstorm.id}/brainstorm/`;
        const response = await apiAs(t.app)(team[0] ?? null, 'POST', url, { ...body, steer });
        expect(response.statusCode, response.body).toBe(202);
        const [row] = await t.db
          .select({ reserved: generations.reservedTokens })
          .from(generations)
          .where(eq(generations.id, response.json<GenerationDto>().id));
        return row?.reserved ?? 0;
      };
      const plain = await reserved(false);
      // Five liked and three rejected lines, one of them cut at 240 characters.
      expect((await reserved(true)) - plain).toBeGreaterThan(240);
    } finally {
      await t.close();
    }
  });

  it('lets six More like this at once by one user pass no limit', async () => {
    const running = await queuedApp({ runningPerUser: 2 });
    const hourly = await queuedApp({ ideasPerHour: 10 });
    try {
      for (const [t, body, expected] of [
        [running, generationBody(1), [202, 202, 429, 429, 429, 429]],
        [hourly, generationBody(3), [202, 202, 202, 429, 429, 429]],
      ] as const) {
        const user = await makeUser(t.db);
        const brainstorm = await makeRichBrainstorm(t.db, user);
        const [idea] = await insertIdeas(t.db, brainstorm.id, [{ title: 'Standing desks' }]);
        const responses = await Promise.all(
          Array.from({ length: 6 }, () =>
            apiAs(t.app)(user, 'POST', `/api/ideas/${idea?.id ?? 0}/more-like-this/`, body),
          ),
        );
        expect(responses.map((r) => r.statusCode).sort()).toEqual(expected);
        const made = await t.db
          .select({ requested: generations.requested })
          .from(generations)
          .where(eq(generations.createdBy, user.id));
        expect(made).toHaveLength(expected.filter((status) => status === 202).length);
      }
    } finally {
      await running.close();
      await hourly.close();
    }
  });
});
