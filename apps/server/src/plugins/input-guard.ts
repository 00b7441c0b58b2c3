import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError, type FieldErrors } from '../lib/errors.js';

const NUL = '\u0000';

/** Why PostgreSQL would refuse this text (DRF's wording), or null when it is fine. */
function textProblem(text: string): string | null {
  if (text.includes(NUL)) return 'Null characters are not allowed.';
  const lone = /\p{Cs}/u.exec(text)?.[0];
  if (!lone) return null;
  const code = lone.charCodeAt(0).toString(16).toUpperCase();
  return `Surrogate characters are not allowed: U+${code}.`;
}

/** Collects a problem for every bad string, or bad key, anywhere in a parsed value. */
function collect(value: unknown, path: string[], errors: FieldErrors) {
  const field = path.join('.') || 'non_field_errors';
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) (errors[field] ??= []).push(problem);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collect(item, [...path, String(index)], errors);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) (errors[field] ??= []).push(problem);
      else collect(item, [...path, key], errors);
    }
  }
}

/**
 * One rule for the whole API: PostgreSQL refuses NUL bytes and lone surrogates in text, so
 * they are refused here, in any body, query or path parameter, before a route's own schema.
 */
async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const errors: FieldErrors = {};
    for (const part of [request.params, request.query, request.body]) collect(part, [], errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  });
}

export default fp(inputGuard, { name: 'input-guard' });
