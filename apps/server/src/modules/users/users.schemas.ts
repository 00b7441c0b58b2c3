import { z } from 'zod';
import { orderingParam } from '../../lib/ordering.js';
import { paginationQuery } from '../../lib/pagination.js';
import { USER_ORDERING_FIELDS } from './users.repository.js';

export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string().describe('Full name, else first name, else the email before the @.'),
    avatar: z.string().nullable(),
    is_staff: z.boolean(),
    is_active: z.boolean(),
    created: z.iso.datetime(),
    password_must_change: z
      .boolean()
      .optional()
      .describe(
        "True while the user signs in with a password staff set (or the first admin's " +
          'printed one): every call but reading /api/users/me/, changing their own password ' +
          'and signing out answers 403 until they choose their own. Only the user and staff ' +
          "read it; the team list leaves it out of other members' rows.",
      ),
  })
  .meta({ id: 'User' });

export type UserDto = z.infer<typeof userSchema>;

export const emailField = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('Enter a valid email address.'))
  .transform((email) => email.toLowerCase());

const nameField = z.string().trim().max(150);

const avatarField = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL.' }).max(2000),
  ])
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const userListQuery = paginationQuery.extend({
  search: z.string().max(200).optional(),
  ordering: orderingParam(USER_ORDERING_FIELDS, '-created'),
  format: z.enum(['json']).optional(),
});

const writableFields = z.object({
  email: emailField,
  first_name: nameField,
  last_name: nameField,
  avatar: avatarField,
  is_staff: z.boolean(),
  is_active: z.boolean(),
  password: z.string().max(256),
  current_password: z.string().max(256),
});

export const userPatchBody = writableFields.partial();
export const userPutBody = writableFields
  .partial()
  .required({ email: true, first_name: true, last_name: true });
export type UserChanges = z.infer<typeof userPatchBody>;

export const userCreateBody = z.object({
  email: emailField,
  password: z.string().max(256),
  first_name: nameField.default(''),
  last_name: nameField.default(''),
  avatar: avatarField.optional(),
  is_staff: z.boolean().default(false),
});
export type UserCreateInput = z.infer<typeof userCreateBody>;
