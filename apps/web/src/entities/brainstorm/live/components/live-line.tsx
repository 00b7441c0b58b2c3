import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useLiveBrainstorm } from '../live-context';
import { presenceText } from '../presence-text';

/** How long the stream must stay down before the line says so: a renewal takes less. */
const RECONNECTING_NOTICE_MS = 1000;

/** True once `flag` has held for `ms`. */
function useLasting(flag: boolean, ms: number) {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!flag) return undefined;
    const timer = setTimeout(() => {
      setLasting(true);
    }, ms);
    return () => {
      clearTimeout(timer);
      setLasting(false);
    };
  }, [flag, ms]);
  return flag && lasting;
}

/**
 * Beside the brainstorm's title: who else has it open, and 'Reconnecting…' while its stream is
 * down; nothing while the caller is alone and the stream is live. One polite status region,
 * always there, so that what appears in it is read out.
 */
export function LiveLine() {
  const { status, presence } = useLiveBrainstorm();
  const { user } = useAuth();
  const others = presenceText(presence, user?.id ?? null);
  const reconnecting = useLasting(status === 'reconnecting', RECONNECTING_NOTICE_MS);
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
      {reconnecting ? <span>Reconnecting…</span> : null}
    </p>
  );
}
