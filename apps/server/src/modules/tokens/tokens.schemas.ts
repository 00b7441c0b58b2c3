import { z } from 'zod';
import { TOKEN_SCOPES } from '../../db/schema/integrations.js';
import { paginationQuery } from '../../lib/pagination.js';

export const tokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: z
      .enum(TOKEN_SCOPES)
      .describe("'read': GET requests only; 'write': everything its owner may do."),
    prefix: z.string().describe('The start of the token, to tell it from the others.'),
    created: z.iso.datetime(),
    expires_at: z.iso.datetime().nullable(),
    last_used_at: z.iso
      .datetime()
      .nullable()
      .describe('To the minute: null when it was never used.'),
  })
  .meta({ id: 'PersonalAccessToken' });

export type TokenDto = z.infer<typeof tokenSchema>;

export const createdTokenSchema = tokenSchema
  .extend({
    token: z.string().describe('The secret itself: shown in this answer only, never again.'),
  })
  .meta({ id: 'NewPersonalAccessToken' });

export const tokenCreateBody = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(100),
  scope: z.enum(TOKEN_SCOPES),
  expires_in_days: z.number().int().min(1).max(365).default(30),
});
export type TokenCreateInput = z.infer<typeof tokenCreateBody>;

export const tokenListQuery = paginationQuery;
