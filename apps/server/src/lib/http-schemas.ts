import { z } from 'zod';

export const detailSchema = z
  .object({ detail: z.string() })
  .meta({ id: 'ErrorDetail', description: 'An error message.' });

export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Messages for each invalid field.' });

const badRequestSchema = z.union([detailSchema, fieldErrorsSchema]);

const statusSchemas = {
  400: badRequestSchema,
  401: detailSchema,
  403: detailSchema,
  404: detailSchema,
  413: detailSchema,
  414: detailSchema,
  415: detailSchema,
  429: detailSchema,
  431: detailSchema,
  503: detailSchema,
} as const;

type ErrorStatus = keyof typeof statusSchemas;

/** Response schemas for the error statuses a route can answer. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, statusSchemas[s]])) as {
    [K in S]: (typeof statusSchemas)[K];
  };
}

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const isoDate = (date: Date) => date.toISOString();
