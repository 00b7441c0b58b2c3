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
  /** A changed password ends every session, this one too: the page signs out. */
  onChanged: () => void;
}

/** Changes the password, given the current one; the server's checks apply as at sign-up. */
export function PasswordForm({ user, onChanged }: PasswordFormProps) {
  const change = useChangePassword(user.id);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const errors = fieldErrorsOf(change.error);
  // Too many wrong current passwords: the server's reason, as at sign-in.
  const refused =
    change.error instanceof ApiError && change.error.status === 429 ? change.error.message : null;
  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    await change.mutateAsync({ current_password: current, password: next });
    onChanged();
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="password-heading" className="grid gap-4">
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      <p className="text-sm text-muted-foreground">
        Changing it signs you out everywhere, here too: sign in again with the new one.
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
            aria-describedby={errors?.password ? 'new-password-error' : undefined}
            onChange={(event) => {
              setNext(event.target.value);
            }}
          />
          <FieldMessage id="new-password-error" messages={errors?.password} />
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
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
