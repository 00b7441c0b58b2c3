import type { LightMyRequestResponse } from 'fastify';
import type { PreparedRequest } from './fuzz-world.js';

interface Example {
  count: number;
  size: number;
  text: string;
}

/** Distinct problems with a count and the smallest request that showed each. */
export class FailureLog {
  private readonly byProblem = new Map<string, Example>();

  get size() {
    return this.byProblem.size;
  }

  add(
    problem: string,
    request: PreparedRequest,
    response: LightMyRequestResponse,
    causes: string[],
  ) {
    const signature = causes.length > 0 ? `${problem} (${causes.join('; ')})` : problem;
    const payload = typeof request.payload === 'string' ? request.payload : '';
    const size = request.url.length + payload.length;
    const known = this.byProblem.get(signature);
    const count = (known?.count ?? 0) + 1;
    if (known && known.size <= size) {
      known.count = count;
      return;
    }
    const headers = Object.entries(request.headers).filter(([name]) => name !== 'authorization');
    const text = [
      `  request:  ${request.method} ${clip(request.url)} ${request.description}`,
      `            headers ${clip(JSON.stringify(Object.fromEntries(headers)))}`,
      ...(payload ? [`            payload ${clip(JSON.stringify(payload))}`] : []),
      `  response: ${response.statusCode} ${clip(JSON.stringify(response.headers['content-type'] ?? null))} ${clip(response.body)}`,
    ].join('\n');
    this.byProblem.set(signature, { count, size, text });
  }

  report(): string {
    return [...this.byProblem]
      .map(([signature, { count, text }]) => `${signature} ×${count}\n${text}`)
      .join('\n\n');
  }
}

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * Logs an error as its innermost cause (a database error's SQLSTATE and message) and, for a
 * failed query, the statement and table it was on: distinctive, without the request's values.
 */
export function errorCause(error: Error) {
  let root: unknown = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  const { code, message } = root as { code?: unknown; message?: unknown };
  const statement = /^Failed query: (\w+)/.exec(error.message)?.[1]?.toLowerCase();
  const table = /\b(?:into|update|from)\s+("?\w+"?)/i.exec(error.message)?.[1];
  const cause = [
    error.name,
    typeof code === 'string' ? code : null,
    clip(String(message), 120),
    statement && table ? `in ${statement} ${table}` : null,
  ];
  return { type: error.name, message: cause.filter(Boolean).join(' '), stack: '' };
}

export const loggedCause = (line: string) =>
  (JSON.parse(line) as { err?: { message: string } }).err?.message ?? 'no cause logged';
