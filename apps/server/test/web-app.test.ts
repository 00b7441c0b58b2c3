import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

const INDEX = '<!doctype html><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('ideaforge '.repeat(500))});`;

let distDir: string;
let t: TestApp;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-web-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX);
  const script = path.join(distDir, 'assets', 'index-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  t = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves index.html for every GET or HEAD outside the API, whatever the Accept', async () => {
    const cases = [
      { url: '/brainstorms/12/', headers: { accept: 'text/html' } },
      { url: '/login', headers: {} },
      { url: '/', headers: { accept: '*/*' } },
      { url: '/index.html', headers: {} },
    ];
    for (const { url, headers } of cases) {
      const page = await t.app.inject({ url, headers });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/saved' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });

  it('answers JSON 404s for the API, missing build files and other methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/missing/'],
      ['HEAD', '/api/missing/'],
      ['GET', '/assets/gone-123.js'],
      ['POST', '/login'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('sends assets precompressed when the browser accepts it, cached for good', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses large API responses, and leaves small ones alone', async () => {
    const schema = await t.app.inject({
      url: '/api/schema/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(schema.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(schema.rawPayload).toString())).toHaveProperty('openapi');
    const health = await t.app.inject({
      url: '/api/health/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
