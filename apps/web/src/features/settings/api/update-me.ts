import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/auth-context';

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  avatar: string;
}

export interface PasswordChange {
  current_password: string;
  password: string;
}

async function updateUser(id: number, body: ProfileChanges | PasswordChange) {
  const { data, error, response } = await api.PATCH('/api/users/{id}/', {
    params: { path: { id } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Saves the signed-in user's name and avatar; the app shows the new ones at once. */
export function useUpdateProfile(userId: number) {
  const { setUser } = useAuth();
  return useMutation({
    mutationKey: ['users', 'me', 'profile'],
    mutationFn: (changes: ProfileChanges) => updateUser(userId, changes),
    onSuccess: setUser,
  });
}

/** Changes the signed-in user's password, which ends every session of theirs, this one too. */
export function useChangePassword(userId: number) {
  return useMutation({
    mutationKey: ['users', 'me', 'password'],
    mutationFn: (change: PasswordChange) => updateUser(userId, change),
  });
}

/**
 * Signs out every other session of the signed-in user. Every access token so far stops
 * working, so this session carries on with the one the server answers.
 */
export function useEndOtherSessions() {
  const { setSession } = useAuth();
  return useMutation({
    mutationKey: ['users', 'me', 'end-other-sessions'],
    mutationFn: async () => {
      const { data, error, response } = await api.POST('/api/auth/sessions/end-others/', {
        body: {},
      });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
    onSuccess: ({ access }) => {
      setSession(access);
    },
  });
}
