import { z } from 'zod';
import { reactionSchema, reactionTypeField } from './annotations.schemas.js';
import { childTarget, ownListQuery } from './own-rows.schemas.js';

export const ownReactionSchema = reactionSchema
  .extend({ annotation: z.number().int().describe('My annotation of the idea.') })
  .meta({ id: 'OwnIdeaReaction' });
export type OwnReactionDto = z.infer<typeof ownReactionSchema>;

export const reactionCreateBody = z.object({ reaction_type: reactionTypeField, ...childTarget });
export type ReactionCreateInput = z.infer<typeof reactionCreateBody>;

export const reactionPutBody = z.object({ reaction_type: reactionTypeField });
export const reactionPatchBody = reactionPutBody.partial();
export type ReactionChanges = z.infer<typeof reactionPatchBody>;

export const reactionListQuery = ownListQuery.extend({
  reaction_type: reactionTypeField.optional(),
});
export type ReactionListQuery = z.infer<typeof reactionListQuery>;
