import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { oneTimePassword } from '../lib/one-time-password';
import { teamKeys } from './team-keys';
import type { Member, MemberWithPassword } from './types';

/**
 * Gives a member a new one-time password. Staff need not know the old one; the server signs
 * the member out everywhere.
 */
export async function resetMemberPassword(member: Member): Promise<MemberWithPassword> {
  const password = oneTimePassword(member.email);
  const { data, error, response } = await api.PATCH('/api/users/{id}/', {
    params: { path: { id: member.id } },
    body: { password },
  });
  if (!data) throw new ApiError(response.status, error);
  return { member: data, password };
}

export function useResetMemberPassword() {
  return useMutation({
    mutationKey: [...teamKeys.all, 'reset-password'],
    mutationFn: resetMemberPassword,
  });
}
