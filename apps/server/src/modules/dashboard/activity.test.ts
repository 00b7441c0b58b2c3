import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { annotateDirectly, insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';
import { excerpt } from './activity.service.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;
let carol: UserRow;
let openIdea: number;
let blindIdea: number;
let blind: number;

const LONG = `${'word '.repeat(100)}end`;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  alice = await makeUser(t.db, { first_name: 'Alice', last_name: 'Archer' });
  bob = await makeUser(t.db, { first_name: 'Bob', last_name: 'Baker' });
  carol = await makeUser(t.db, { first_name: 'Carol', last_name: 'Cole' });
  const open = (await makeBrainstorm(t.db, bob, 'Open')).id;
  blind = (await makeBrainstorm(t.db, bob, 'Blind')).id;
  await t.db.execute(sql`update brainstorms set blind_review = true where id = ${blind}`);
  [openIdea = 0] = (await insertIdeas(t.db, open, [{ title: 'Quiet trains' }])).map((r) => r.id);
  [blindIdea = 0] = (await insertIdeas(t.db, blind, [{ title: 'Secret' }])).map((r) => r.id);
  const generation = await call(bob, 'POST', `/api/brainstorms/${open}/brainstorm/`, {
    num_workers: 2,
    worker_params: [
      { provider: 'offline', model: 'sample-ideas' },
      { provider: 'offline', model: 'sample-ideas' },
    ],
  });
  expect(generation.statusCode).toBe(202);
  await annotateDirectly(t.db, bob, openIdea, {
    reactions: ['thumbtack'],
    comments: [LONG],
    isBookmarked: true,
    isHidden: true,
  });
  await annotateDirectly(t.db, carol, openIdea, { reactions: ['thumbtack', 'laugh'] });
  await annotateDirectly(t.db, bob, blindIdea, { reactions: ['thumbtack'], comments: ['Psst'] });
});
afterAll(() => t.close());

type Item = Record<string, unknown> & { kind: string; at: string };

const activityOf = async (user: UserRow, query = '') => {
  const response = await call(user, 'GET', `/api/dashboard/activity/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: Item[] }>().results;
};

describe('GET /api/dashboard/activity/', () => {
  it('merges generations, comments and pins, newest first', async () => {
    const items = await activityOf(alice);
    expect(items.map((item) => item.kind).sort()).toEqual(['comment', 'generation', 'pin']);
    const ats = items.map((item) => item.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(items.find((item) => item.kind === 'generation')).toMatchObject({
      who: { id: bob.id, name: 'Bob Baker' },
      requested: 2,
      succeeded: 0,
      failed: 0,
      status: 'queued',
      provider: 'offline',
      model: 'sample-ideas',
      brainstorm: { title: 'Open' },
    });
    const comment = items.find((item) => item.kind === 'comment');
    expect(comment).toMatchObject({
      author: { id: bob.id, name: 'Bob Baker' },
      idea: { id: openIdea, title: 'Quiet trains' },
      brainstorm: { title: 'Open' },
    });
    expect(comment?.excerpt).toBe(excerpt(LONG));
    expect(String(comment?.excerpt)).toHaveLength(160);
  });

  it('names nobody who pinned, and never shows bookmarks or hidden flags', async () => {
    const items = await activityOf(alice);
    const pin = items.find((item) => item.kind === 'pin');
    expect(pin).toEqual({
      kind: 'pin',
      idea: { id: openIdea, title: 'Quiet trains' },
      brainstorm: expect.objectContaining({ title: 'Open' }) as unknown,
      pins: 2,
      at: expect.any(String) as unknown,
    });
    const text = JSON.stringify(items);
    expect(text).not.toMatch(/Carol|bookmark|hidden/i);
  });

  it('leaves out comments and pins of blind ideas until the viewer reviewed them', async () => {
    const before = await activityOf(alice);
    expect(JSON.stringify(before)).not.toContain('Secret');
    // Bob reviewed it: he sees his own comment and the pin.
    const bobs = await activityOf(bob);
    expect(bobs.filter((item) => JSON.stringify(item).includes('Secret'))).toHaveLength(2);
    await annotateDirectly(t.db, alice, blindIdea, { vote: 1 });
    const after = await activityOf(alice);
    expect(after.filter((item) => JSON.stringify(item).includes('Secret'))).toHaveLength(2);
  });

  it('takes a limit of 1 to 50', async () => {
    expect(await activityOf(alice, '?limit=1')).toHaveLength(1);
    expect(await activityOf(alice, '?limit=50')).toHaveLength(5);
    for (const limit of ['0', '51', 'many', '-3']) {
      const response = await call(alice, 'GET', `/api/dashboard/activity/?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(['limit']);
    }
    expect((await call(null, 'GET', '/api/dashboard/activity/')).statusCode).toBe(401);
  });
});

describe('excerpt', () => {
  it('keeps short text, puts it on one line, and cuts long text at 160 characters', () => {
    expect(excerpt('  Why\n not buses? ')).toBe('Why not buses?');
    expect(excerpt('x'.repeat(160))).toBe('x'.repeat(160));
    expect(excerpt('x'.repeat(161))).toBe(`${'x'.repeat(159)}…`);
    expect(Array.from(excerpt('😀'.repeat(200)))).toHaveLength(160);
  });
});
