import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  foreignKeyViolation,
  isDatabaseUnavailable,
  type ForeignKeyViolation,
} from '../lib/db-errors.js';
import { HttpError, ValidationError, type FieldErrors } from '../lib/errors.js';

const NON_FIELD = 'non_field_errors';

function toFieldErrors(issues: { instancePath: string; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || NON_FIELD;
    (fields[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

/**
 * A foreign key refused a write: what the row names was deleted under the request (or never
 * was). The body's field naming it (`project` or `project_id` for `project_id`) gets DRF's
 * field error; a parent named by the path is simply not found. Removing a row others still name
 * is a conflict. Every table's keys are covered, a future one's too.
 */
function answerForeignKey(violation: ForeignKeyViolation, body: unknown): [number, object] {
  if (violation.kind === 'referenced') {
    return [409, { detail: 'Other records still refer to this one, so it cannot be deleted.' }];
  }
  const column = violation.column;
  const fields = column === null ? [] : [column.replace(/_id$/, ''), column];
  const field = fields.find(
    (f) => typeof body === 'object' && body !== null && Object.hasOwn(body, f),
  );
  if (field === undefined) return [404, { detail: 'Not found.' }];
  const value = String((body as Record<string, unknown>)[field]);
  return [400, { [field]: [`Invalid pk "${value}" - object does not exist.`] }];
}

/** Answers every error in the DRF shapes; a 5xx is logged with its request and never leaks. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationError) return reply.code(400).send(error.fields);
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(toFieldErrors(error.validation));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    const violation = foreignKeyViolation(error);
    if (violation) {
      const [status, body] = answerForeignKey(violation, request.body);
      return reply.code(status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'A server error occurred.' });
    }
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? `JSON parse error - ${error.message}`
        : error.message;
    return reply.code(status).send({ detail });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
