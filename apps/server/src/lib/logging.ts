import type { FastifyServerOptions } from 'fastify';

interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** The fields of an error worth logging; nothing that can carry a statement's values. */
const SAFE_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'routine'] as const;

/** Keeps a message's first line for drizzle's "Failed query: …\nparams: …" errors. */
function safeMessage(error: Error): string {
  if ('params' in error) return error.message.split('\nparams:')[0] ?? '';
  return error.message;
}

/**
 * Serializes an error for the log by allowlist. Statement parameters (a new user's password
 * hash, say) and PostgreSQL's `detail` (which quotes the failing row) never reach a log line.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = safeMessage(error);
  const frames = error.stack?.split('\n').filter((line) => line.startsWith('    at ')) ?? [];
  const serialized: SerializedError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 5)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.access',
  '*.refresh',
  '*.token',
];

/** JSON lines on standard output, with secrets redacted from every line. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
}
