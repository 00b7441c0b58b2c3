import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { ApiError } from '@/lib/api/api-error';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import type { User } from '@/lib/api/types';
import { useChangePassword } from '../api/update-me';

interface PasswordFormProps {
  user: User;
  /**
   * A changed password ends every session, this one too: Settings signs out, the first
   * sign-in's page signs in again with the new one.
   */
  onChanged: (password: string) => Promise<void> | void;
  /**
   * The first sign-in with a password staff set (decision 043): the page's own heading, and the
   * new password typed twice, as nobody has seen it written down.
   */
  firstSignIn?: boolean;
}

export const PASSWORDS_DIFFER = 'The two new passwords are not the same.';

/** Changes the password, given the current one; the server's checks apply as at sign-up. */
export function PasswordForm({ user, onChanged, firstSignIn = false }: PasswordFormProps) {
  const change = useChangePassword(user.id);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [differ, setDiffer] = useState(false);
  const errors = fieldErrorsOf(change.error);
  // Too many wrong current passwords: the server's reason, as at sign-in.
  const refused =
    change.error instanceof ApiError && change.error.status === 429 ? change.error.message : null;
  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    const mismatch = firstSignIn && next !== confirmation;
    setDiffer(mismatch);
    if (mismatch) return;
    await change.mutateAsync({ current_password: current, password: next });
    await onChanged(next);
  });
  const Heading = firstSignIn ? 'h1' : 'h2';
  const confirmErrors = differ ? [PASSWORDS_DIFFER] : null;

  return (
    <form noValidate onSubmit={submit} aria-labelledby="password-heading" className="grid gap-4">
      <Heading
        id="password-heading"
        className={firstSignIn ? 'text-xl font-semibold tracking-tight' : 'text-lg font-semibold'}
      >
        {firstSignIn ? 'Choose a new password' : 'Password'}
      </Heading>
      <p className="text-sm text-muted-foreground">
        {firstSignIn
          ? 'The password you signed in with was set for you and works only once. Choose one of ' +
            'your own to go on.'
          : 'Changing it signs you out everywhere, here too: sign in again with the new one.'}
      </p>
      <fieldset className="grid gap-4" disabled={change.isPending}>
        <div className="grid gap-2">
          <Label htmlFor="current-password">Current password</Label>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={errors?.current_password ? true : undefined}
            aria-describedby={errors?.current_password ? 'current-password-error' : undefined}
            onChange={(event) => {
              setCurrent(event.target.value);
            }}
          />
          <FieldMessage id="current-password-error" messages={errors?.current_password} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="new-password">New password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            aria-invalid={errors?.password ? true : undefined}
            aria-describedby={
              [
                firstSignIn ? 'new-password-rules' : '',
                errors?.password ? 'new-password-error' : '',
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
            onChange={(event) => {
              setNext(event.target.value);
            }}
          />
          {firstSignIn ? (
            <p id="new-password-rules" className="text-sm text-muted-foreground">
              At least 8 characters, not a common password, and not your email&apos;s name.
            </p>
          ) : null}
          <FieldMessage id="new-password-error" messages={errors?.password} />
        </div>
        {firstSignIn ? (
          <div className="grid gap-2">
            <Label htmlFor="confirm-password">Confirm new password</Label>
            <Input
              id="confirm-password"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              aria-invalid={differ ? true : undefined}
              aria-describedby={differ ? 'confirm-password-error' : undefined}
              onChange={(event) => {
                setConfirmation(event.target.value);
              }}
            />
            <FieldMessage id="confirm-password-error" messages={confirmErrors} />
          </div>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : firstSignIn ? 'Set password' : 'Change password'}
        </Button>
      </div>
      {(refused ?? (change.error && !errors)) ? (
        <p role="alert" className="text-sm text-destructive">
          {refused ?? 'The password could not be changed. Please try again.'}
        </p>
      ) : null}
    </form>
  );
}
