import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../../db/schema/annotations.js';
import { childTarget, ownListQuery } from './own-rows.schemas.js';

const textField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(MAX_COMMENT_LENGTH, `Ensure this field has no more than ${MAX_COMMENT_LENGTH} characters.`);

export const commentSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    annotation: z.number().int().describe('My annotation of the idea the comment is on.'),
  })
  .meta({ id: 'OwnIdeaComment' });
export type CommentDto = z.infer<typeof commentSchema>;

export const commentCreateBody = z.object({ text: textField, ...childTarget });
export type CommentCreateInput = z.infer<typeof commentCreateBody>;

export const commentPutBody = z.object({ text: textField });
export const commentPatchBody = commentPutBody.partial();
export type CommentChanges = z.infer<typeof commentPatchBody>;

export const commentListQuery = ownListQuery;
export type CommentListQuery = z.infer<typeof commentListQuery>;
