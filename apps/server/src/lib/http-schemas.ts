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
  409: detailSchema,
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

/** The largest key of a row: PostgreSQL's integer holds nothing larger. */
const MAX_ID = 2_147_483_647;

/** A row's key in a JSON body. */
export const idField = z.number().int().positive().max(MAX_ID);

/** A row's key in a path or a query string, where it arrives as text. */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);

export const idParams = z.object({ id: idParam });

/** A yes/no query parameter, spelled the ways DRF's filters accept. */
export const booleanParam = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { error: 'Must be a valid boolean.' })
  .transform((value) => value === 'true' || value === 'True' || value === '1');

export const isoDate = (date: Date) => date.toISOString();
