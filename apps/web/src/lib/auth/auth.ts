import { api, refreshSession } from '@/lib/api/client';
import { authStore } from './auth-store';
import { createAuth } from './create-auth';

export const auth = createAuth(authStore, api, refreshSession);
