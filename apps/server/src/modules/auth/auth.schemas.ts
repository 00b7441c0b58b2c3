import { z } from 'zod';
import { userSchema } from '../users/users.schemas.js';

export const loginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
});

export const tokenResponse = z
  .object({
    access: z.string().describe('A JWT access token, valid for 5 minutes.'),
    user: userSchema,
  })
  .meta({ id: 'TokenResponse' });

/**
 * The refresh's answer when the browser holds no refresh cookie at all: nobody is signed in
 * here, which is the normal state of a login page rather than an error.
 */
export const noSessionResponse = z
  .object({
    access: z.null().describe('No access token: the request carried no refresh cookie.'),
    user: z.null(),
  })
  .meta({ id: 'NoSession' });

export const emptyBody = z.object({}).nullish();
