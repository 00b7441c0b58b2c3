import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { renderOpenApi } from '../src/openapi.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import { createTestDatabase } from './database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app', () => {
  it('reports health, with the database checked', async () => {
    const response = await t.app.inject({ url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers on every response', async () => {
    for (const url of ['/api/health/', '/api/nowhere/', '/api/users/']) {
      const { headers } = await t.app.inject({ url });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('answers unknown API addresses with a DRF-style 404', async () => {
    const response = await t.app.inject({ url: '/api/nowhere/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('serves the OpenAPI document and its explorer', async () => {
    const schema = await t.app.inject({ url: '/api/schema/' });
    expect(schema.statusCode).toBe(200);
    const document = schema.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/auth/token/');
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('has the committed openapi.json up to date (run `npm run openapi` after changing routes)', async () => {
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(await renderOpenApi());
  });
});

describe('errors', () => {
  it('never leaks the internals of a server error', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig, { database, logger: false });
    app.get('/api/boom/', () => {
      throw new Error('password=hunter2 at /srv/secret.ts:12');
    });
    try {
      const response = await app.inject({ url: '/api/boom/' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'A server error occurred.' });
      expect(response.body).not.toContain('hunter2');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the web app', () => {
  it('serves index.html for client routes and JSON 404s for the API', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-web-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const database = await createTestDatabase();
    const app = await buildApp({ ...testConfig, webDistDir: distDir }, { database, logger: false });
    try {
      const page = await app.inject({ url: '/brainstorms/12/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      for (const url of ['/', '/index.html']) {
        const index = await app.inject({ url, headers: { accept: 'text/html' } });
        expect(index.statusCode, url).toBe(200);
        expect(index.body).toContain('<div id="root">');
        expect(index.headers['cache-control']).toBe('no-cache');
      }
      const api = await app.inject({ url: '/api/missing/', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'Not found.' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
