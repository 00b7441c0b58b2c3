import type { User } from '@/lib/api/types';
import { userDisplayName, userEmailLabel } from '@/lib/user-display';
import { UserAvatar } from './user-avatar';

/** The user's avatar, name and email, on the menu's button and at the top of the menu. */
export function UserSummary({ user }: { user: User | null }) {
  return (
    <>
      <UserAvatar user={user} />
      <div className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{user ? userDisplayName(user) : 'Loading...'}</span>
        <span className="truncate text-xs text-muted-foreground">
          {user ? userEmailLabel(user) : null}
        </span>
      </div>
    </>
  );
}
