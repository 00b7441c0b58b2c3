import type { User } from '@/lib/api/types';

type UserNames = Partial<Pick<User, 'first_name' | 'last_name' | 'email'>> | null | undefined;

export const PLACEHOLDER_AVATAR = '/avatar-placeholder.svg';

function parts(user: UserNames) {
  return {
    first: user?.first_name?.trim() ?? '',
    last: user?.last_name?.trim() ?? '',
    email: user?.email?.trim() ?? '',
  };
}

export function userDisplayName(user: UserNames) {
  const { first, last, email } = parts(user);
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const localPart = email.split('@')[0];
  if (localPart) return localPart;
  return 'User';
}

export function userInitials(user: UserNames) {
  const { first, last, email } = parts(user);
  if (first && last) return `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase();
  return (first[0] ?? email[0] ?? 'U').toUpperCase();
}

export function userEmailLabel(user: UserNames) {
  return parts(user).email || 'No email';
}

export function userWelcomeName(user: (UserNames & { name?: string }) | null | undefined) {
  const name = user?.name?.trim();
  if (name) return name;
  return userDisplayName(user);
}

export function userAvatarUrl(user: Pick<User, 'avatar'> | null | undefined) {
  if (user?.avatar) return user.avatar;
  return PLACEHOLDER_AVATAR;
}
