import { KeyRound, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useResetMemberPassword } from '../api/reset-member-password';
import { useSetMemberActive } from '../api/set-member-active';
import type { Member, MemberWithPassword } from '../api/types';
import { errorMessages } from '@/lib/api/error-messages';

interface MemberActionsProps {
  member: Member;
  /**
   * The signed-in staff member's own row: they may not deactivate themselves, and their own
   * password needs the current one, which a reset does not ask for.
   */
  isSelf: boolean;
  onPasswordReset: (reset: MemberWithPassword) => void;
}

/**
 * Deactivate or Reactivate at once (either undoes the other, but for the member's personal
 * access tokens, which a deactivation revokes), and Reset password after a
 * confirmation, since it replaces the member's password and signs them out everywhere.
 */
export function MemberActions({ member, isSelf, onPasswordReset }: MemberActionsProps) {
  const setActive = useSetMemberActive();
  const reset = useResetMemberPassword();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);

  const onToggleActive = useGuardedSubmit(() =>
    setActive.mutateAsync({ id: member.id, active: !member.is_active }),
  );
  const onConfirmReset = useGuardedSubmit(() =>
    reset.mutateAsync(member, { onSuccess: onPasswordReset }).finally(() => {
      setConfirmingReset(false);
    }),
  );

  const errors = [...errorMessages(setActive.error), ...errorMessages(reset.error)];
  const name = <span className="sr-only">{member.name}</span>;
  if (isSelf) return <span className="text-sm text-muted-foreground">You</span>;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={setActive.isPending} onClick={onToggleActive}>
          {member.is_active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
          {member.is_active ? 'Deactivate' : 'Reactivate'} {name}
        </Button>
        {confirmingReset ? (
          <div
            role="group"
            aria-label={`Reset the password of ${member.name}?`}
            className="flex gap-2"
          >
            <Button
              variant="outline"
              size="sm"
              autoFocus
              disabled={reset.isPending}
              onClick={() => {
                setReturnFocus(true);
                setConfirmingReset(false);
              }}
            >
              Cancel
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={reset.isPending}
              onClick={onConfirmReset}
            >
              {reset.isPending ? 'Resetting...' : 'Confirm reset'}
            </Button>
          </div>
        ) : (
          <Button
            variant="outline"
            size="sm"
            autoFocus={returnFocus}
            onClick={() => {
              reset.reset();
              setConfirmingReset(true);
            }}
          >
            <KeyRound aria-hidden="true" />
            Reset password {name}
          </Button>
        )}
      </div>
      {errors.length > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
