import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('readiness', () => {
  it('is ready while the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health/ready/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 when the database does not, like the health check', async () => {
    vi.spyOn(t.app.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const ready = await t.app.inject({ url: '/api/health/ready/' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'unavailable' }]);
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(503);
  });

  // Last: draining cannot be undone.
  it('answers 503 draining once the process is stopping, while everything else still serves', async () => {
    t.app.readiness.drain();
    const ready = await t.app.inject({ url: '/api/health/ready/' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'draining' }]);
    const health = await t.app.inject({ url: '/api/health/' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);
  });
});
