import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema/users.js';
import { createTestApp, type TestApp } from './app.js';
import { authHeaders, makeUser } from './factories.js';
import { listOperations, openApiDocument } from './openapi-document.js';
import {
  everyOperationConfig,
  operationFixtures,
  type OperationFixtures,
} from './operation-fixtures.js';
import { injectAny } from './inject.js';

const EVIL_ORIGIN = 'https://evil.example';

/** What every response must carry, API or page, success or error; a list of what is wrong. */
function headerProblems(response: LightMyRequestResponse, api: boolean): string[] {
  const h = response.headers;
  const csp = h['content-security-policy'] ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';
  const problems = [
    !directive('default-src').includes("'self'") && 'CSP without default-src self',
    directive('script-src') !== "script-src 'self'" &&
      `CSP ${directive('script-src') || 'without script-src'}`,
    directive('frame-ancestors') !== "frame-ancestors 'none'" && 'CSP without frame-ancestors none',
    h['x-content-type-options'] !== 'nosniff' && 'no nosniff',
    !h['referrer-policy'] && 'no referrer policy',
    h['access-control-allow-origin'] !== undefined && 'a CORS header',
    api && !(h['cache-control'] ?? '').includes('no-store') && 'API answer without no-store',
  ];
  return problems.filter((problem): problem is string => typeof problem === 'string');
}

let t: TestApp;
let owner: UserRow;
let fixtures: OperationFixtures;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-headers-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  t = await createTestApp({
    webDistDir: distDir,
    ...everyOperationConfig,
  });
  owner = await makeUser(t.db);
  fixtures = await operationFixtures(t, owner);
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** The security headers every answer carries, written out in full. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
    "base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('response headers', () => {
  it('are the same set, with the same values, on an answer and on an early error', async () => {
    for (const url of ['/api/health/', '/', '/api/ideas/%zz/']) {
      const response = await t.app.inject({ url });
      expect(response.headers, url).toMatchObject(SECURITY_HEADERS);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('are on every operation, signed in and anonymous, asked from another origin', async () => {
    const problems: string[] = [];
    for (const { key, method, path: route } of listOperations(openApiDocument(t.app))) {
      for (const user of [owner, null]) {
        const body = fixtures.bodies[key]?.(user);
        const response = await injectAny(t.app, {
          method,
          url: await fixtures.ownedObject(route),
          headers: { origin: EVIL_ORIGIN, ...(user ? await authHeaders(t.app, user) : {}) },
          ...(body ? { payload: body } : {}),
        });
        const who = user ? 'signed in' : 'anonymous';
        problems.push(
          ...headerProblems(response, true).map(
            (p) => `${key} (${who}, ${String(response.statusCode)}): ${p}`,
          ),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('are on pages, assets, exports, documentation and errors', async () => {
    const headers = { ...(await authHeaders(t.app, owner)), origin: EVIL_ORIGIN };
    const requests = [
      { url: '/', api: false },
      { url: '/login', api: false },
      { url: '/brainstorms/1/review', api: false },
      { url: '/assets/index-abc123.js', api: false },
      { url: '/api/ideas/?format=csv', api: true },
      { url: '/api/ideas/reviewed/?format=json&user_filter=any', api: true },
      { url: '/api/schema/', api: true },
      { url: '/api/docs/', api: true },
      { url: '/api/no-such-thing/', api: true },
      { url: '/api/ideas/?page_size=-1', api: true },
      { url: '/api/ideas/%zz/', api: true },
      { url: '/api/projects/', method: 'POST' as const, payload: '{"name":', api: true },
      { method: 'OPTIONS' as const, url: '/api/ideas/', api: true },
    ];
    const problems: string[] = [];
    for (const { url, api, method = 'GET', payload } of requests) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload } : {}),
      });
      problems.push(
        ...headerProblems(response, api).map(
          (p) => `${method} ${url} (${String(response.statusCode)}): ${p}`,
        ),
      );
    }
    expect(problems).toEqual([]);
  });
});
