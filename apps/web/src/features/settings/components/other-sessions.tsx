import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { Button } from '@/components/ui/button';
import { useEndOtherSessions } from '../api/update-me';

/** 'Sign out other sessions': every browser or device signed in as me but this one. */
export function OtherSessions() {
  const end = useEndOtherSessions();
  const onClick = useGuardedSubmit(() => end.mutateAsync());
  return (
    <section aria-labelledby="sessions-heading" className="grid gap-4">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Sessions
      </h2>
      <p className="text-sm text-muted-foreground">
        Signed in on another computer or phone, or forgot to sign out somewhere? This signs out
        everywhere but here, at once.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={end.isPending} onClick={onClick}>
          {end.isPending ? 'Signing out...' : 'Sign out other sessions'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {end.isSuccess ? 'Every other session is signed out.' : ''}
        </p>
      </div>
      {end.error ? (
        <p role="alert" className="text-sm text-destructive">
          The other sessions could not be signed out. Please try again.
        </p>
      ) : null}
    </section>
  );
}
