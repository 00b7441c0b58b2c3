import { Users } from 'lucide-react';
import { useAuth } from '@/lib/auth/auth-context';
import { useLiveBrainstorm } from '../live-context';
import { presenceText } from '../presence-text';

/**
 * Beside the brainstorm's title: who else has it open, and 'Reconnecting…' while its stream is
 * down; nothing while the caller is alone and the stream is live. One polite status region,
 * always there, so that what appears in it is read out.
 */
export function LiveLine() {
  const { status, presence } = useLiveBrainstorm();
  const { user } = useAuth();
  const others = presenceText(presence, user?.id ?? null);
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground"
    >
      {others ? (
        <span className="inline-flex items-center gap-1.5">
          <Users aria-hidden="true" className="size-4" />
          {others}
        </span>
      ) : null}
      {status === 'reconnecting' ? <span>Reconnecting…</span> : null}
    </p>
  );
}
