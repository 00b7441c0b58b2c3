/**
 * The SQL ceiling of one endpoint, in a process of its own: a bare node:http server on 127.0.0.1
 * with a node-postgres pool, answering each request with one prepared statement in which
 * PostgreSQL checks the caller and builds the whole answer as JSON, written out as the text it
 * returns (sql-ceiling-statements.ts). The bearer token is checked the cheapest correct way: its
 * HMAC once per token, kept until it expires, and the user's row (active, same session version)
 * in the statement itself, so a deactivation still ends access at once. No routing, no
 * validation beyond that, no ORM: what any Node server reading this database per request could
 * reach. Its settings arrive over IPC; the port goes back the same way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { SqlCeilingSettings } from './sql-ceiling.js';
import { CEILING_STATEMENTS, type CeilingStatement } from './sql-ceiling-statements.js';

interface Subject {
  userId: number;
  sessionVersion: number;
  expiresAt: number;
}

/** An HS256 access token's subject when its signature and expiry check out, else null. */
function verify(token: string, secret: string): Subject | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    sub?: string;
    ver?: number;
    exp?: number;
    token_type?: string;
  };
  if (claims.token_type !== 'access' || claims.exp === undefined) return null;
  return {
    userId: Number(claims.sub),
    sessionVersion: Number(claims.ver),
    expiresAt: claims.exp * 1000,
  };
}

function statementOf(endpoint: string): CeilingStatement {
  const statement = CEILING_STATEMENTS[endpoint];
  if (!statement) throw new Error(`No SQL ceiling for ${endpoint}`);
  return statement;
}

function serve(settings: SqlCeilingSettings) {
  const statement = statementOf(settings.endpoint);
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: settings.poolSize });
  const verified = new Map<string, Subject>();

  function subjectOf(request: IncomingMessage): Subject | null {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    let subject = verified.get(token);
    if (!subject) {
      subject = verify(token, settings.secret) ?? undefined;
      if (subject) verified.set(token, subject);
    }
    return subject && subject.expiresAt > Date.now() ? subject : null;
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const subject = subjectOf(request);
    if (!subject) return response.writeHead(401).end();
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    const values = statement.values({ ...subject, url, body });
    const result = await pool.query<Record<string, string | null>>({
      name: statement.name,
      text: statement.text,
      values,
    });
    const text = Object.values(result.rows[0] ?? {})[0];
    if (text === null || text === undefined) return response.writeHead(401).end();
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(text);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().then(() => process.exit(0));
  });
}

process.once('message', (message) => {
  serve(message as SqlCeilingSettings);
});
