import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { oneTimePassword } from '../lib/one-time-password';
import { teamKeys } from './team-keys';
import type { MemberWithPassword } from './types';

export interface NewMember {
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
}

/** Creates the member with a one-time password made here, which the answer carries back. */
export async function addMember(input: NewMember): Promise<MemberWithPassword> {
  const password = oneTimePassword(input.email);
  const { data, error, response } = await api.POST('/api/users/', {
    body: { ...input, password },
  });
  if (!data) throw new ApiError(response.status, error);
  return { member: data, password };
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamKeys.all, 'add'],
    mutationFn: addMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
  });
}
