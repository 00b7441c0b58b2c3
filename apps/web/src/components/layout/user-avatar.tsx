import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import type { User } from '@/lib/api/types';
import { userAvatarUrl, userDisplayName, userInitials } from '@/lib/user-display';
import { cn } from '@/lib/utils';

export function UserAvatar({ user, className }: { user: User | null; className?: string }) {
  return (
    <Avatar className={cn('size-8 rounded-lg', className)}>
      <AvatarImage src={userAvatarUrl(user)} alt={userDisplayName(user)} />
      <AvatarFallback className="rounded-lg">{userInitials(user)}</AvatarFallback>
    </Avatar>
  );
}
