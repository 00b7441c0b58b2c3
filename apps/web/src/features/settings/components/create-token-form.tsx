import { useState, type SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { ApiError } from '@/lib/api/api-error';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useCreateToken, type NewToken } from '../api/create-token';

const SCOPES = [
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Read and write' },
] as const;

const EXPIRIES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
] as const;

type Expiry = (typeof EXPIRIES)[number]['value'];

/** Names a new token, chooses what it may do and how long it lives. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: NewToken) => void }) {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState<Expiry>('30');
  const errors = fieldErrorsOf(create.error);
  // The cap on active tokens, or another refusal that names no field.
  const refused = create.error instanceof ApiError && !errors ? create.error.message : null;

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    const token = await create.mutateAsync({
      name,
      scope,
      expires_in_days: Number(expiry),
    });
    setName('');
    onCreated(token);
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New token" className="grid gap-4">
      <fieldset className="grid gap-4" disabled={create.isPending}>
        <div className="grid gap-2">
          <Label htmlFor="token-name">Name</Label>
          <Input
            id="token-name"
            value={name}
            maxLength={100}
            placeholder="Claude on my laptop"
            aria-invalid={errors?.name ? true : undefined}
            aria-describedby={errors?.name ? 'token-name-error' : undefined}
            onChange={(event) => {
              create.reset();
              setName(event.target.value);
            }}
          />
          <FieldMessage id="token-name-error" messages={errors?.name} />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Scope</legend>
          {SCOPES.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="token-scope"
                className="size-4 accent-primary"
                checked={scope === option.value}
                onChange={() => {
                  setScope(option.value);
                }}
              />
              {option.label}
            </label>
          ))}
          <FieldMessage id="token-scope-error" messages={errors?.scope} />
        </fieldset>
        <SelectField
          id="token-expiry"
          label="Expires in"
          value={expiry}
          options={EXPIRIES}
          onValueChange={setExpiry}
          invalid={Boolean(errors?.expires_in_days)}
          describedBy={errors?.expires_in_days ? ['token-expiry-error'] : []}
          triggerClassName="sm:w-48"
        >
          <FieldMessage id="token-expiry-error" messages={errors?.expires_in_days} />
        </SelectField>
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create token'}
        </Button>
      </div>
      {refused ? (
        <Alert variant="destructive">
          <AlertDescription>{refused}</AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}
