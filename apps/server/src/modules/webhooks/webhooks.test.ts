import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { FORBIDDEN_HOSTS, PUBLIC_HOSTS } from '../../../test/embedded-ipv4-forms.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let staff: UserRow;
let member: UserRow;

const valid = { name: 'Team chat', url: 'http://127.0.0.1:9/hook', events: ['comment.created'] };

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  staff = await makeUser(t.db, { is_staff: true });
  member = await makeUser(t.db);
});
afterAll(() => t.close());

async function create(body: object = valid) {
  const response = await call(staff, 'POST', '/api/webhooks/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; secret: string }>();
}

describe('webhooks', () => {
  it('are created by staff with a Standard Webhooks secret shown only then', async () => {
    const created = await create({ ...valid, events: ['idea.pinned', 'idea.pinned'] });
    expect(created).toMatchObject({
      name: 'Team chat',
      url: valid.url,
      events: ['idea.pinned'],
      active: true,
      created_by: staff.id,
      last_delivery: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await call(staff, 'GET', `/api/webhooks/${created.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    const list = await call(staff, 'GET', '/api/webhooks/');
    expect(list.json<{ results: { id: number }[] }>().results.map((w) => w.id)).toContain(
      created.id,
    );
    expect(list.body).not.toContain(created.secret);
  });

  it('change only the fields sent, and a rotation gives a new secret', async () => {
    const { id, secret } = await create();
    const changed = await call(staff, 'PATCH', `/api/webhooks/${id}/`, { active: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Team chat', active: false, url: valid.url });
    const rotated = await call(staff, 'POST', `/api/webhooks/${id}/rotate-secret/`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ secret: string }>().secret).toMatch(/^whsec_/);
    expect(rotated.json<{ secret: string }>().secret).not.toBe(secret);
  });

  it('are deleted with their deliveries', async () => {
    const { id } = await create();
    expect((await call(staff, 'POST', `/api/webhooks/${id}/test/`)).statusCode).toBe(202);
    expect((await call(staff, 'DELETE', `/api/webhooks/${id}/`)).statusCode).toBe(204);
    expect((await call(staff, 'GET', `/api/webhooks/${id}/`)).statusCode).toBe(404);
    expect((await call(staff, 'GET', `/api/webhooks/${id}/deliveries/`)).statusCode).toBe(404);
  });

  it('are for staff only: a member gets 403, an anonymous request 401', async () => {
    const { id } = await create();
    for (const [method, url, body] of [
      ['GET', '/api/webhooks/', undefined],
      ['POST', '/api/webhooks/', valid],
      ['GET', `/api/webhooks/${id}/`, undefined],
      ['PATCH', `/api/webhooks/${id}/`, { name: 'Mine now' }],
      ['DELETE', `/api/webhooks/${id}/`, undefined],
      ['POST', `/api/webhooks/${id}/rotate-secret/`, undefined],
      ['POST', `/api/webhooks/${id}/test/`, undefined],
      ['GET', `/api/webhooks/${id}/deliveries/`, undefined],
    ] as const) {
      expect((await call(member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(staff, 'GET', `/api/webhooks/${id}/`)).json()).toMatchObject({
      name: 'Team chat',
    });
  });

  it('take their address and secret from a web session, not a personal token', async () => {
    const { id } = await create();
    const minted = await call(staff, 'POST', '/api/tokens/', { name: 'CI', scope: 'write' });
    const token = { authorization: `Bearer ${minted.json<{ token: string }>().token}` };
    const asToken = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: token, ...(payload ? { payload } : {}) });
    expect((await asToken('GET', '/api/webhooks/')).statusCode).toBe(200);
    expect((await asToken('POST', `/api/webhooks/${id}/test/`)).statusCode).toBe(202);
    for (const [method, url, body] of [
      ['POST', '/api/webhooks/', valid],
      ['PATCH', `/api/webhooks/${id}/`, { url: 'http://127.0.0.1:1/elsewhere' }],
      ['POST', `/api/webhooks/${id}/rotate-secret/`, undefined],
    ] as const) {
      const response = await asToken(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        detail: 'A personal access token cannot do this: sign in to the web app.',
      });
    }
    expect((await call(staff, 'GET', `/api/webhooks/${id}/`)).json()).toMatchObject({
      url: valid.url,
    });
  });

  it('refuse bad input with an error per field', async () => {
    const response = await call(staff, 'POST', '/api/webhooks/', {
      url: 'ftp://example.com/hook',
      events: ['idea.deleted'],
      active: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['active', 'events.0', 'url']);
    const empty = await call(staff, 'POST', '/api/webhooks/', { ...valid, events: [] });
    expect(empty.json()).toEqual({ events: ['Choose at least one event.'] });
    const credentials = await call(staff, 'POST', '/api/webhooks/', {
      ...valid,
      url: 'https://user:pass@127.0.0.1/hook',
    });
    expect(credentials.json()).toEqual({
      url: ['Leave the user name and password out of the URL.'],
    });
  });

  it('answer 404 for a webhook or delivery that is not there', async () => {
    expect((await call(staff, 'GET', '/api/webhooks/999999/')).statusCode).toBe(404);
    expect((await call(staff, 'PATCH', '/api/webhooks/999999/', { name: 'x' })).statusCode).toBe(
      404,
    );
    const { id } = await create();
    const retry = await call(staff, 'POST', `/api/webhooks/${id}/deliveries/999999/retry/`);
    expect(retry.statusCode).toBe(404);
  });

  it('retry a finished delivery only: one under way answers 409', async () => {
    const { id } = await create();
    const test = await call(staff, 'POST', `/api/webhooks/${id}/test/`);
    const delivery = test.json<{ id: number; status: string; event: string }>();
    expect(delivery).toMatchObject({ status: 'pending', event: 'webhook.test', attempts: [] });
    const retry = await call(staff, 'POST', `/api/webhooks/${id}/deliveries/${delivery.id}/retry/`);
    expect(retry.statusCode).toBe(409);
    const log = await call(staff, 'GET', `/api/webhooks/${id}/deliveries/`);
    expect(log.json()).toMatchObject({ count: 1, results: [{ id: delivery.id }] });
  });
});

describe('addresses a webhook may not reach, with private addresses not allowed', () => {
  let guarded: TestApp;
  let guardedCall: ReturnType<typeof apiAs>;
  let admin: UserRow;
  /** A webhook to a public address, which each refused change leaves as it was. */
  let publicHook: number;

  beforeAll(async () => {
    guarded = await createTestApp({
      webhooks: { ...testConfig.webhooks, allowPrivateUrls: false },
    });
    guardedCall = apiAs(guarded.app);
    admin = await makeUser(guarded.db, { is_staff: true });
    const created = await guardedCall(admin, 'POST', '/api/webhooks/', {
      ...valid,
      url: 'https://93.184.215.14/hook',
    });
    publicHook = created.json<{ id: number }>().id;
  });
  afterAll(() => guarded.close());

  it.each([
    ['http://127.0.0.1:8080/hook', 'it is a loopback address'],
    ['http://10.1.2.3/hook', 'it is a private address'],
    ['http://192.168.0.10/hook', 'it is a private address'],
    ['http://169.254.169.254/latest/meta-data/', 'it is a link-local address'],
    ['http://100.64.0.1/hook', 'it is a carrier-grade NAT address'],
    ['http://0.0.0.0/hook', 'it is an unspecified address'],
    ['http://[::1]/hook', 'it is a loopback address'],
    ['http://[::]/hook', 'it is an unspecified address'],
    ['http://[::ffff:127.0.0.1]/hook', 'a loopback address'],
    ['http://[fd00::1]/hook', 'it is a unique-local address'],
    ['http://localhost:3000/hook', 'a loopback address'],
  ])('%s is refused at creation', async (url, reason) => {
    const response = await guardedCall(admin, 'POST', '/api/webhooks/', { ...valid, url });
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ url: string[] }>();
    expect(Object.keys(errors)).toEqual(['url']);
    expect(errors.url[0]).toContain(reason);
  });

  it.each(FORBIDDEN_HOSTS)('refuses $name at creation and as a change', async (host) => {
    const url = `http://[${host.address}]:8080/hook`;
    const refusal = { url: [expect.stringContaining(`: it ${host.reason}.`) as string] };
    const created = await guardedCall(admin, 'POST', '/api/webhooks/', { ...valid, url });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(refusal);
    const changed = await guardedCall(admin, 'PATCH', `/api/webhooks/${publicHook}/`, { url });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual(refusal);
  });

  it.each(PUBLIC_HOSTS)('takes $name, at creation and as a change', async ({ address }) => {
    const url = `http://[${address}]/hook`;
    const created = await guardedCall(admin, 'POST', '/api/webhooks/', { ...valid, url });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await guardedCall(admin, 'PATCH', `/api/webhooks/${publicHook}/`, { url });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses a private address on a change too, and takes a public one', async () => {
    const created = await guardedCall(admin, 'POST', '/api/webhooks/', {
      ...valid,
      url: 'https://93.184.215.14/hook',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const changed = await guardedCall(admin, 'PATCH', `/api/webhooks/${id}/`, {
      url: 'http://10.0.0.1/',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json<{ url: string[] }>().url[0]).toContain('a private address');
  });
});
