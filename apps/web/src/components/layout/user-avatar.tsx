import { useState } from 'react';
import type { User } from '@/lib/api/types';
import { userAvatarUrl, userDisplayName, userInitials } from '@/lib/user-display';
import { cn } from '@/lib/utils';

/**
 * The user's picture, with their initials in its place until it has loaded (or if it fails).
 * The image is fetched hidden, out of the accessibility tree, and shown once it is there.
 */
export function UserAvatar({ user, className }: { user: User | null; className?: string }) {
  const src = userAvatarUrl(user);
  const [loaded, setLoaded] = useState<string | null>(null);
  const shown = loaded === src;
  return (
    <span
      data-slot="avatar"
      className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-lg', className)}
    >
      <img
        data-slot="avatar-image"
        src={src}
        alt={userDisplayName(user)}
        className={cn('aspect-square size-full object-cover', !shown && 'hidden')}
        onLoad={() => {
          setLoaded(src);
        }}
      />
      {shown ? null : (
        <span
          data-slot="avatar-fallback"
          className="flex size-full items-center justify-center rounded-lg bg-muted text-xs font-medium"
        >
          {userInitials(user)}
        </span>
      )}
    </span>
  );
}
