import { useState, type SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookFields } from '../api/types';
import { errorMessages } from '@/lib/api/error-messages';

const FIELDS = ['name', 'url', 'events', 'active'];

interface WebhookFormProps {
  /** The form's own id, which its fields' ids start with. */
  id: string;
  initial?: WebhookFields;
  submitText: string;
  pendingText: string;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: WebhookFields) => Promise<unknown>;
  onCancel?: () => void;
}

const EMPTY: WebhookFields = { name: '', url: '', events: [], active: true };

/** A webhook's name, address, events and whether it is on: for a new one or a change. */
export function WebhookForm({
  id,
  initial = EMPTY,
  submitText,
  pendingText,
  pending,
  error,
  onSubmit,
  onCancel,
}: WebhookFormProps) {
  const [fields, setFields] = useState(initial);
  const [missing, setMissing] = useState<Record<string, string[]>>({});
  const serverErrors = fieldErrorsOf(error) ?? {};
  const errors = { ...serverErrors, ...missing };
  const formErrors = errorMessages(error, [...FIELDS, 'events.0']);

  const set = (changes: Partial<WebhookFields>) => {
    setFields((current) => ({ ...current, ...changes }));
    setMissing({});
  };

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    const needed: Record<string, string[]> = {};
    if (fields.url.trim() === '') needed.url = ['Enter the address to send events to.'];
    if (fields.events.length === 0) needed.events = ['Choose at least one event.'];
    if (Object.keys(needed).length > 0) {
      setMissing(needed);
      return;
    }
    await onSubmit({ ...fields, url: fields.url.trim() }).catch(() => undefined);
  });

  const toggle = (event: WebhookEvent, on: boolean) => {
    set({
      events: on ? [...fields.events, event] : fields.events.filter((e) => e !== event),
    });
  };

  const invalid = (field: string) => (errors[field]?.length ? true : undefined);

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={pending}>
        <legend className="sr-only">Webhook</legend>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={fields.name}
            autoComplete="off"
            aria-invalid={invalid('name')}
            aria-describedby={invalid('name') ? `${id}-name-error` : undefined}
            onChange={(event) => {
              set({ name: event.target.value });
            }}
          />
          <FieldMessage id={`${id}-name-error`} messages={errors.name} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-url`}>URL *</Label>
          <Input
            id={`${id}-url`}
            type="url"
            required
            autoComplete="off"
            placeholder="https://hooks.slack.com/services/…"
            value={fields.url}
            aria-invalid={invalid('url')}
            aria-describedby={invalid('url') ? `${id}-url-error` : undefined}
            onChange={(event) => {
              set({ url: event.target.value });
            }}
          />
          <FieldMessage id={`${id}-url-error`} messages={errors.url} />
        </div>
        <fieldset
          className="grid gap-2 sm:col-span-2"
          aria-invalid={invalid('events')}
          aria-describedby={invalid('events') ? `${id}-events-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Events *</legend>
          {WEBHOOK_EVENTS.map(({ value, label }) => (
            <div key={value} className="flex items-center gap-2">
              <input
                id={`${id}-${value}`}
                type="checkbox"
                className="size-4"
                checked={fields.events.includes(value)}
                onChange={(event) => {
                  toggle(value, event.target.checked);
                }}
              />
              <Label htmlFor={`${id}-${value}`} className="font-normal">
                {label} <span className="font-mono text-xs text-muted-foreground">{value}</span>
              </Label>
            </div>
          ))}
          <FieldMessage id={`${id}-events-error`} messages={errors.events ?? errors['events.0']} />
        </fieldset>
        <div className="flex items-center gap-2 sm:col-span-2">
          <input
            id={`${id}-active`}
            type="checkbox"
            className="size-4"
            checked={fields.active}
            onChange={(event) => {
              set({ active: event.target.checked });
            }}
          />
          <Label htmlFor={`${id}-active`}>Active</Label>
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingText : submitText}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
