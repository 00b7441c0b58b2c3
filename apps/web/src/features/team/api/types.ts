import type { User } from '@/lib/api/types';

/** A member of the team as the users API returns one. */
export type Member = User;

/** A member and the one-time password just set for them, to be shown once. */
export interface MemberWithPassword {
  member: Member;
  password: string;
}
