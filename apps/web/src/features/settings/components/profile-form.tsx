import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import type { User } from '@/lib/api/types';
import { useUpdateProfile, type ProfileChanges } from '../api/update-me';

const FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'avatar', label: 'Avatar image address', type: 'url', autoComplete: 'photo' },
] as const;

/** The signed-in user's name and avatar; 'Saved.' once the server has them. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const [values, setValues] = useState<ProfileChanges>({
    first_name: user.first_name,
    last_name: user.last_name,
    avatar: user.avatar ?? '',
  });
  const errors = fieldErrorsOf(update.error);
  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(() => update.mutateAsync(values));

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-heading" className="grid gap-4">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <fieldset className="grid gap-4" disabled={update.isPending}>
        {FIELDS.map((field) => {
          const id = `profile-${field.name}`;
          const messages = errors?.[field.name];
          return (
            <div key={field.name} className="grid gap-2">
              <Label htmlFor={id}>{field.label}</Label>
              <Input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                aria-invalid={messages ? true : undefined}
                aria-describedby={messages ? `${id}-error` : undefined}
                onChange={(event) => {
                  update.reset();
                  setValues((current) => ({ ...current, [field.name]: event.target.value }));
                }}
              />
              <FieldMessage id={`${id}-error`} messages={messages} />
            </div>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {update.isSuccess ? 'Saved.' : ''}
        </p>
      </div>
      {update.error && !errors ? (
        <p role="alert" className="text-sm text-destructive">
          Saving failed. Please try again.
        </p>
      ) : null}
    </form>
  );
}
