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

export const emptyBody = z.object({}).nullish();
