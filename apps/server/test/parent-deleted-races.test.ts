import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { projects } from '../src/db/schema/projects.js';
import type { UserRow } from '../src/db/schema/users.js';
import { ideasWithDriftedCounts } from './annotation-fixtures.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import { authHeaders, makeUser } from './factories.js';
import { generationBody } from './generation-helpers.js';
import { annotateDirectly, insertIdeas, makeBrainstorm } from './idea-factories.js';

// A parent deleted while its children are written, on PostgreSQL, where requests really run at
// once (the embedded database serialises them). Whatever wins, every answer is a success, a 404
// or a 400 naming the body's field: never a 500, and the kept counts stay exact.
const ROUNDS = 20;
const TEAMMATES = 4;

let t: TestApp;
let owner: UserRow;
let teammates: UserRow[];
const headers = new Map<number, Record<string, string>>();

beforeAll(async () => {
  const limits = { ...testConfig.generation.limits, runningPerUser: 10_000, ideasPerHour: 1e6 };
  t = await createTestApp({ generation: { ...testConfig.generation, limits } });
  owner = await makeUser(t.db);
  teammates = await Promise.all(Array.from({ length: TEAMMATES }, () => makeUser(t.db)));
  for (const user of [owner, ...teammates]) headers.set(user.id, await authHeaders(t.app, user));
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Request {
  user: UserRow;
  method: Method;
  url: string;
  body?: object;
  /** The route, for the tally of unexpected answers. */
  route: string;
}

const request = (user: UserRow, method: Method, url: string, body?: object): Request => ({
  user,
  method,
  url,
  ...(body ? { body } : {}),
  route: `${method} ${url.replace(/\/\d+\//g, '/{id}/')}`,
});

async function send(r: Request) {
  const response = await t.app.inject({
    method: r.method,
    url: r.url,
    headers: headers.get(r.user.id) ?? {},
    ...(r.body ? { payload: r.body } : {}),
  });
  const body: unknown = response.body ? response.json() : null;
  return { r, status: response.statusCode, body };
}

/** Body fields naming a parent: a 400 may name one of these as gone. */
const PARENT_FIELDS = ['idea_id', 'brainstorm', 'project'];

function expected(status: number, body: unknown) {
  if (status >= 200 && status < 300) return true;
  if (status === 404) return JSON.stringify(body) === '{"detail":"Not found."}';
  if (status !== 400 || typeof body !== 'object' || body === null) return false;
  const fields = Object.entries(body);
  return (
    fields.length > 0 &&
    fields.every(
      ([field, messages]) =>
        PARENT_FIELDS.includes(field) &&
        Array.isArray(messages) &&
        messages.every((m) => /^Invalid pk "\d+" - object does not exist\.$/.test(String(m))),
    )
  );
}

/**
 * Sends each round's requests at once, and answers the unexpected answers counted by route and
 * status: `{ 'POST /api/ideas/': { 500: 3 } }`.
 */
async function race(rounds: Request[][]) {
  const unexpected: Record<string, Record<number, number>> = {};
  for (const requests of rounds) {
    for (const { r, status, body } of await Promise.all(requests.map(send))) {
      if (expected(status, body)) continue;
      const byStatus = (unexpected[r.route] ??= {});
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
  }
  return unexpected;
}

/** The delete goes in at a different place in each round, among the writes it races. */
function withDelete(writes: Request[], deletion: Request, round: number) {
  const at = (round * 7) % (writes.length + 1);
  return [...writes.slice(0, at), deletion, ...writes.slice(at)];
}

async function brainstormsWithDriftedCounts() {
  return rowsOf<{ id: number }>(
    await t.db.execute(sql`select b.id from brainstorms b
      where ideas_count <> (select count(*) from ideas where brainstorm_id = b.id)`),
  ).map((row) => row.id);
}

const base = '/api/idea-annotations';

/** An annotation of the user's with two reactions and two comments, and their ids. */
async function reviewed(user: UserRow, ideaId: number) {
  const annotation = await annotateDirectly(t.db, user, ideaId, {
    vote: -1,
    reactions: ['laugh', 'thumbtack'],
    comments: ['First', 'Second'],
  });
  const ids = async (table: 'idea_reactions' | 'idea_comments') =>
    rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from ${sql.identifier(table)}
        where annotation_id = ${annotation.id} order by id`),
    ).map((row) => row.id);
  const [laugh = 0, thumbtack = 0] = await ids('idea_reactions');
  const [first = 0, second = 0] = await ids('idea_comments');
  return { id: annotation.id, laugh, thumbtack, first, second };
}

/** Every route a teammate writes an idea's annotation, reactions or comments through. */
async function reviewWrites(user: UserRow, ideaId: number, annotated: boolean) {
  const creating = [
    request(user, 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: 1 }),
    request(user, 'POST', `${base}/annotations/`, { idea_id: ideaId, is_bookmarked: true }),
    request(user, 'POST', `${base}/reactions/`, { idea_id: ideaId, reaction_type: 'idea' }),
    request(user, 'POST', `${base}/comments/`, { idea_id: ideaId, text: 'Cheaper too' }),
  ];
  if (!annotated) return creating;
  const a = await reviewed(user, ideaId);
  const annotation = `${base}/annotations/${a.id}/`;
  return [
    ...creating,
    request(user, 'POST', `${annotation}vote/`, { value: 1 }),
    request(user, 'POST', `${annotation}toggle_bookmark/`),
    request(user, 'POST', `${annotation}toggle_hidden/`),
    request(user, 'PATCH', annotation, { vote: 0 }),
    request(user, 'PUT', annotation, { vote: -1, is_bookmarked: true }),
    request(user, 'POST', `${base}/reactions/`, {
      idea_id: ideaId,
      annotation_id: a.id,
      reaction_type: 'laugh',
    }),
    request(user, 'PATCH', `${base}/reactions/${a.laugh}/`, { reaction_type: 'surprised' }),
    request(user, 'DELETE', `${base}/reactions/${a.thumbtack}/`),
    request(user, 'POST', `${base}/comments/`, {
      idea_id: ideaId,
      annotation_id: a.id,
      text: 'Or',
    }),
    request(user, 'PATCH', `${base}/comments/${a.first}/`, { text: 'Changed' }),
    request(user, 'DELETE', `${base}/comments/${a.second}/`),
    ...(user === teammates[0] ? [request(user, 'DELETE', annotation)] : []),
  ];
}

/** How many of this database's sessions wait for a lock. */
async function waitingForLocks() {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`),
  );
  return row?.n ?? 0;
}

async function untilWaiting(n: number) {
  const deadline = Date.now() + 5000;
  while ((await waitingForLocks()) < n) {
    if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions wait for a lock`);
    await sleep(10);
  }
}

/**
 * The worst order, made certain: `first` starts and waits on a row `hold` keeps locked, so it
 * holds whatever it locked before that row; `second` comes and waits behind it; then the row is
 * let go. Locking in one order, both finish; in opposite orders, one was a deadlock's victim.
 */
async function inTheWorstOrder(hold: SQL, first: Request, second: Request) {
  let letGo = (): void => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let isHeld = (): void => undefined;
  const held = new Promise<void>((resolve) => (isHeld = resolve));
  const holder = t.db.transaction(async (tx) => {
    await tx.execute(hold);
    isHeld();
    await released;
  });
  await held;
  const answers = [send(first)];
  await untilWaiting(1);
  answers.push(send(second));
  await untilWaiting(2);
  letGo();
  await holder;
  return (await Promise.all(answers)).map(({ r, status }) => `${r.route} ${status}`);
}

describe.runIf(process.env.TEST_DB === 'postgres')('a parent deleted under writes', () => {
  it('an idea deleted while teammates annotate, react and comment on it', async () => {
    const brainstorm = await makeBrainstorm(t.db, owner);
    const rounds: Request[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [idea] = await insertIdeas(t.db, brainstorm.id, [{ createdBy: owner.id }]);
      if (!idea) throw new Error('no idea');
      const writes = await Promise.all(
        teammates.map((user, i) => reviewWrites(user, idea.id, i % 2 === 0)),
      );
      const deletion = request(owner, 'DELETE', `/api/ideas/${idea.id}/`);
      rounds.push(withDelete(writes.flat(), deletion, round));
    }

    expect(await race(rounds)).toEqual({});
    expect(await ideasWithDriftedCounts(t.db)).toEqual([]);
    expect(await brainstormsWithDriftedCounts()).toEqual([]);
    const left = await t.db.execute(sql`select count(*)::int as n from ideas
      where brainstorm_id = ${brainstorm.id}`);
    expect(rowsOf<{ n: number }>(left)[0]?.n).toBe(0);
  });

  it('a brainstorm deleted while its ideas are added, reviewed, deleted and generated', async () => {
    const rounds: Request[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const brainstorm = await makeBrainstorm(t.db, owner);
      const ideaIds = (await insertIdeas(t.db, brainstorm.id, [{}, {}, {}])).map((i) => i.id);
      const [first = 0, second = 0, third = 0] = ideaIds;
      const reviews = await Promise.all(
        teammates.map((user, i) => reviewWrites(user, i % 2 ? first : second, i < 2)),
      );
      const others = teammates.flatMap((user) => [
        request(user, 'POST', '/api/ideas/', { brainstorm: brainstorm.id, title: 'Walk' }),
        request(user, 'POST', `/api/brainstorms/${brainstorm.id}/brainstorm/`, generationBody(1)),
      ]);
      const writes = [
        ...reviews.flat(),
        ...others,
        request(owner, 'DELETE', `/api/ideas/${third}/`),
      ];
      const deletion = request(owner, 'DELETE', `/api/brainstorms/${brainstorm.id}/`);
      rounds.push(withDelete(writes, deletion, round));
    }

    expect(await race(rounds)).toEqual({});
    expect(await ideasWithDriftedCounts(t.db)).toEqual([]);
    expect(await brainstormsWithDriftedCounts()).toEqual([]);
  });

  it('a project deleted while brainstorms are created in it or moved into it', async () => {
    const rounds: Request[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [project] = await t.db
        .insert(projects)
        .values({ name: `Project ${round}`, createdBy: owner.id })
        .returning();
      if (!project) throw new Error('no project');
      const moved = await Promise.all(teammates.map((user) => makeBrainstorm(t.db, user)));
      const writes = teammates.flatMap((user, i) => [
        request(user, 'POST', '/api/brainstorms/', {
          title: 'Lunch',
          parameters: { problem: 'Queues at noon' },
          project: project.id,
        }),
        request(user, 'PATCH', `/api/brainstorms/${moved[i]?.id ?? 0}/`, { project: project.id }),
      ]);
      const deletion = request(owner, 'DELETE', `/api/projects/${project.id}/`);
      rounds.push(withDelete(writes, deletion, round));
    }

    expect(await race(rounds)).toEqual({});
  });

  describe('a brainstorm deleted in the worst order', () => {
    // Writes that change an idea more than once, or its brainstorm's idea count, lock the
    // brainstorm too: each waits here, holding what it locked, while the brainstorm is deleted.
    const user = () => {
      const [teammate] = teammates;
      if (!teammate) throw new Error('no teammates');
      return teammate;
    };

    async function anIdea() {
      const brainstorm = await makeBrainstorm(t.db, owner);
      const [idea] = await insertIdeas(t.db, brainstorm.id, [{}]);
      const annotation = await reviewed(user(), idea?.id ?? 0);
      const deletion = request(owner, 'DELETE', `/api/brainstorms/${brainstorm.id}/`);
      return { ideaId: idea?.id ?? 0, annotation, deletion };
    }
    const lockRow = (table: string, id: number) =>
      sql`select 1 from ${sql.identifier(table)} where id = ${id} for update`;

    it('while an annotation is deleted with its reactions and comments', async () => {
      const { annotation, deletion } = await anIdea();
      const write = request(user(), 'DELETE', `${base}/annotations/${annotation.id}/`);
      expect(
        await inTheWorstOrder(lockRow('idea_reactions', annotation.laugh), write, deletion),
      ).toEqual([`${write.route} 204`, `${deletion.route} 204`]);
    });

    it('while a vote changes', async () => {
      // This route answers from its one statement: no read after it that could miss the idea.
      const { ideaId, annotation, deletion } = await anIdea();
      const write = request(user(), 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: 1 });
      expect(
        await inTheWorstOrder(lockRow('idea_annotations', annotation.id), write, deletion),
      ).toEqual([`${write.route} 200`, `${deletion.route} 204`]);
    });

    it("while a reaction's type changes", async () => {
      const { annotation, deletion } = await anIdea();
      const write = request(user(), 'PATCH', `${base}/reactions/${annotation.laugh}/`, {
        reaction_type: 'idea',
      });
      expect(
        await inTheWorstOrder(lockRow('idea_reactions', annotation.laugh), write, deletion),
      ).toEqual([`${write.route} 200`, `${deletion.route} 204`]);
    });

    it('while one of its ideas is deleted', async () => {
      const { ideaId, annotation, deletion } = await anIdea();
      const write = request(owner, 'DELETE', `/api/ideas/${ideaId}/`);
      expect(
        await inTheWorstOrder(lockRow('idea_reactions', annotation.laugh), write, deletion),
      ).toEqual([`${write.route} 204`, `${deletion.route} 204`]);
    });
  });
});
