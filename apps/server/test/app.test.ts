import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { users } from '../src/db/schema/users.js';
import { loggerOptions } from '../src/lib/logging.js';
import { renderOpenApi } from '../src/openapi.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import { createTestDatabase } from './database.js';
import { authHeaders, makeUser } from './factories.js';
import { openApiDocument } from './openapi-document.js';

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

  it('answers a malformed percent-escape with 400 {detail} and the security headers', async () => {
    for (const url of ['/api/users/%ED%A0%80/', '/api/brainstorms/%E0%A4%A/']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ detail: 'The address is malformed.' });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers over-long headers with 431 {detail} and the security headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status?: number; headers: object; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path: `/api/health/?q=${'x'.repeat(20_000)}` },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              resolve({ status: response.statusCode, headers: response.headers, body });
            });
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request headers are too large.' });
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'") as string,
    });
  });

  it('answers a body too large with 413 and an unreadable type with 415, both documented', async () => {
    const headers = await authHeaders(t.app, await makeUser(t.db));
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toHaveProperty('detail');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toHaveProperty('detail');

    const document = openApiDocument(t.app);
    const statuses = (path: string, method: 'get' | 'post') =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/projects/', 'post')).toEqual(
      expect.arrayContaining(['400', '413', '414', '415', '431']),
    );
    expect(statuses('/api/projects/', 'get')).toEqual(expect.arrayContaining(['400', '431']));
    expect(statuses('/api/projects/', 'get')).not.toContain('415');
    for (const path of ['/api/auth/token/refresh/', '/api/auth/logout/']) {
      expect(statuses(path, 'post')).toContain('400');
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

describe('the log', () => {
  it('never holds statement parameters, failing rows or credentials', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp(testConfig, {
      database,
      logger: { ...loggerOptions('info'), stream },
    });
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$SECRET-HASH';
    app.get('/api/insert-fails/', async () => {
      // A parameter PostgreSQL refuses, and a NOT NULL violation that quotes the row.
      await app.db.insert(users).values({ email: 'a\u0000b@example.com', password: secret });
    });
    app.get('/api/row-fails/', async () => {
      await app.db
        .insert(users)
        .values({ email: 'c@example.com', password: secret, firstName: sql`null` });
    });
    try {
      for (const url of ['/api/insert-fails/', '/api/row-fails/']) {
        const response = await app.inject({
          url,
          headers: { authorization: 'Bearer SECRET-TOKEN', cookie: 'ideaforge_refresh=SECRET' },
        });
        expect(response.statusCode).toBe(500);
      }
      const log = lines.join('');
      expect(log).toContain('Failed query: insert into');
      expect(log).not.toContain('SECRET');
      expect(log).not.toContain('example.com');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('takes no client that hangs up mid-upload for a database outage', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const app = await buildApp(testConfig, {
      database,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
    });
    // The body is being read: from here on a hang-up fails the request. The answer the error
    // handler chooses reaches nobody, but its hooks still see it.
    const reading = new Set<string>();
    const answers = new Map<string, number>();
    app.addHook('preParsing', async (request, _reply, payload) => {
      reading.add(request.url);
      return payload;
    });
    app.addHook('onSend', async (request, reply) => {
      answers.set(request.url, reply.statusCode);
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const { authorization } = await authHeaders(app, await makeUser(database.db));
      const uploads = {
        '/api/auth/logout/': {},
        '/api/auth/token/': {},
        '/api/projects/': { authorization },
      };
      for (const [url, headers] of Object.entries(uploads)) {
        const socket = connect(port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        const head = Object.entries({
          host: 'localhost',
          'content-type': 'application/json',
          'content-length': '1000',
          ...headers,
        }).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.write(`POST ${url} HTTP/1.1\r\n${head.join('')}\r\n{"a":`);
        await vi.waitFor(() => {
          expect(reading).toContain(url);
        });
        socket.destroy();
        await vi.waitFor(() => {
          expect(answers.get(url), url).toBe(400);
        });
      }
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged.filter(({ level }) => level >= 40)).toEqual([]);
      expect(lines.join('')).not.toContain('database unavailable');
    } finally {
      await app.close();
      await database.close();
    }
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
