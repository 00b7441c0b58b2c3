import { z } from 'zod';
import { fieldErrorsSchema } from '../../lib/http-schemas.js';

/**
 * How much one import may hold: a file of 512 KB (UTF-8), and 200 ideas, each compared with the
 * brainstorm's ideas and the rows before it under the brainstorm's lock (decision 035).
 */
export const IMPORT_LIMITS = { bytes: 512 * 1024, rows: 200 } as const;

/** The columns (CSV) or keys (JSON) an import reads; every other one is left alone. */
export const IMPORTED_FIELDS = ['title', 'summary', 'description'] as const;

export const IMPORT_FORMATS = ['csv', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const TOO_LARGE = `The file is larger than ${IMPORT_LIMITS.bytes / 1024} KB: split it into smaller ones.`;

export const importBody = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    content: z
      .string()
      .max(IMPORT_LIMITS.bytes, TOO_LARGE)
      .refine((text) => Buffer.byteLength(text) <= IMPORT_LIMITS.bytes, TOO_LARGE)
      .describe(
        `The file's text, at most ${IMPORT_LIMITS.bytes / 1024} KB in UTF-8 and ` +
          `${IMPORT_LIMITS.rows} ideas. CSV: a first line naming the columns, of which title, ` +
          'summary and description are read (in any case; the CSV export reads back). JSON: an ' +
          'array of {title, summary?, description?}, or an object with one under "ideas".',
      ),
  })
  .meta({ id: 'ImportFile' });
export type ImportInput = z.infer<typeof importBody>;

export const importRowSchema = z
  .object({
    row: z
      .number()
      .int()
      .describe(
        'The CSV line the idea starts on (the header is line 1), or its place in the JSON array.',
      ),
    title: z.string(),
    summary: z.string(),
    description: z.string(),
    errors: fieldErrorsSchema.describe(
      'What keeps the row from being imported; empty when nothing.',
    ),
    warnings: z
      .array(z.string())
      .describe('What the import will do that the user may not expect: a near-duplicate stacked.'),
  })
  .meta({ id: 'ImportRow' });
export type ImportRowDto = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z
  .object({
    rows: z.array(importRowSchema),
    totals: z.object({
      rows: z.number().int(),
      valid: z.number().int(),
      invalid: z.number().int(),
      warned: z.number().int().describe('Rows with a warning.'),
    }),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z
  .object({
    imported: z.number().int(),
    stacked: z
      .number()
      .int()
      .describe('Of those, the ideas stacked under a near-duplicate (decision 025).'),
    ids: z.array(z.number().int()).describe("The new ideas' ids, in the file's order."),
  })
  .meta({ id: 'ImportResult' });
export type ImportResultDto = z.infer<typeof importResultSchema>;
