import { useState, type SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useAddMember } from '../api/add-member';
import type { MemberWithPassword } from '../api/types';
import { errorMessages } from '@/lib/api/error-messages';

const FIELDS = ['email', 'first_name', 'last_name', 'is_staff'];

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  type?: string;
  required?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  errors?: string[];
  onChange: (value: string) => void;
}

function TextField({ id, label, errors, onChange, ...input }: TextFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...input}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <FieldMessage id={`${id}-error`} messages={errors} />
    </div>
  );
}

export function AddMemberForm({ onAdded }: { onAdded: (added: MemberWithPassword) => void }) {
  const add = useAddMember();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [staff, setStaff] = useState(false);
  const [emailMissing, setEmailMissing] = useState(false);

  const fieldErrors = fieldErrorsOf(add.error) ?? {};
  const formErrors = errorMessages(add.error, FIELDS);

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    if (email.trim() === '') {
      setEmailMissing(true);
      return;
    }
    await add.mutateAsync(
      { email, first_name: firstName, last_name: lastName, is_staff: staff },
      { onSuccess: onAdded },
    );
  });

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Add a member</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <form noValidate onSubmit={submit} className="grid gap-6">
          <fieldset className="grid gap-4 sm:grid-cols-2" disabled={add.isPending}>
            <legend className="sr-only">New member</legend>
            <div className="sm:col-span-2">
              <TextField
                id="member-email"
                label="Email *"
                type="email"
                required
                autoFocus
                autoComplete="off"
                value={email}
                errors={emailMissing ? ['Email is required.'] : fieldErrors.email}
                onChange={(value) => {
                  setEmail(value);
                  setEmailMissing(false);
                }}
              />
            </div>
            <TextField
              id="member-first-name"
              label="First name"
              autoComplete="off"
              value={firstName}
              errors={fieldErrors.first_name}
              onChange={setFirstName}
            />
            <TextField
              id="member-last-name"
              label="Last name"
              autoComplete="off"
              value={lastName}
              errors={fieldErrors.last_name}
              onChange={setLastName}
            />
            <div className="grid gap-2 sm:col-span-2">
              <div className="flex items-center gap-2">
                <input
                  id="member-staff"
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={staff}
                  aria-describedby={
                    fieldErrors.is_staff
                      ? 'member-staff-hint member-staff-error'
                      : 'member-staff-hint'
                  }
                  onChange={(event) => {
                    setStaff(event.target.checked);
                  }}
                />
                <Label htmlFor="member-staff">Staff</Label>
              </div>
              <p id="member-staff-hint" className="text-sm text-muted-foreground">
                Staff manage the team and may change anyone&apos;s brainstorms.
              </p>
              <FieldMessage id="member-staff-error" messages={fieldErrors.is_staff} />
            </div>
          </fieldset>
          {formErrors.length > 0 ? (
            <Alert variant="destructive">
              <AlertDescription>
                {formErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
          <div>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add member'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
