import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, ValidationError, type FieldErrors } from '../lib/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-nesting.js';

const NUL = '\u0000';
/** The most bad strings one answer names: a body of a million NULs gets a short answer. */
export const MAX_REPORTED_PROBLEMS = 50;

/** Why PostgreSQL would refuse this text (DRF's wording), or null when it is fine. */
export function textProblem(text: string): string | null {
  if (text.includes(NUL)) return 'Null characters are not allowed.';
  const lone = /\p{Cs}/u.exec(text)?.[0];
  if (!lone) return null;
  const code = lone.charCodeAt(0).toString(16).toUpperCase();
  return `Surrogate characters are not allowed: U+${code}.`;
}

/** A field's path as a chain to its parent, joined only for a field that has a problem. */
interface FieldPath {
  key: string;
  parent: FieldPath | null;
}

function fieldName(path: FieldPath | null): string {
  const keys: string[] = [];
  for (let at = path; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || 'non_field_errors';
}

/**
 * Collects a problem for every bad string, or bad key, anywhere in a parsed value, up to
 * `MAX_REPORTED_PROBLEMS` in all. One pass with a stack of its own: the work grows with the
 * size of the value, whatever its depth.
 */
function collect(root: unknown, errors: FieldErrors, found: { count: number }) {
  const pending: { value: unknown; path: FieldPath | null }[] = [{ value: root, path: null }];
  const report = (path: FieldPath | null, problem: string) => {
    if (found.count >= MAX_REPORTED_PROBLEMS) return;
    (errors[fieldName(path)] ??= []).push(problem);
    found.count += 1;
  };
  while (found.count < MAX_REPORTED_PROBLEMS) {
    const next = pending.pop();
    if (!next) return;
    const { value, path } = next;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) report(path, problem);
    } else if (typeof value === 'object' && value !== null) {
      // Pushed last to first, so problems are reported in the order of the document.
      const isArray = Array.isArray(value);
      const entries = isArray
        ? (value as unknown[]).map((item, index) => [String(index), item] as const)
        : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] ?? ['', undefined];
        const problem = isArray ? null : textProblem(key);
        if (problem) report(path, problem);
        else if (typeof item === 'string' || (typeof item === 'object' && item !== null)) {
          pending.push({ value: item, path: { key, parent: path } });
        }
      }
    }
  }
}

/**
 * One rule for the whole API: PostgreSQL refuses NUL bytes and lone surrogates in text, so
 * they are refused here, in any body, query or path parameter, before a route's own schema.
 * A JSON body nested deeper than any operation needs is refused before it is parsed.
 */
async function inputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new HttpError(
          400,
          `JSON parse error - Arrays and objects may be nested at most ${MAX_JSON_DEPTH} deep.`,
        ),
        undefined,
      );
      return;
    }
    void parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const errors: FieldErrors = {};
    const found = { count: 0 };
    for (const part of [request.params, request.query, request.body]) collect(part, errors, found);
    if (found.count > 0) throw new ValidationError(errors);
  });
}

export default fp(inputGuard, { name: 'input-guard' });
