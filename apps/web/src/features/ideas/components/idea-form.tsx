import { useState, type SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import type { IdeaText } from '../api/change-idea';

/** The server's limits on an idea's text. */
const LIMITS = { title: 300, summary: 2000, description: 10_000 } as const;
const FIELDS = ['title', 'summary', 'description'] as const;
const LABELS = { title: 'Title *', summary: 'Summary', description: 'Description' } as const;

interface IdeaFormProps {
  /** 'Add idea' or 'Edit idea': the form's accessible name. */
  name: string;
  /** Tells the fields' ids apart when more than one form is open. */
  idPrefix: string;
  initial?: IdeaText;
  /** Saves the text; the form closes (`onDone`) once it has. */
  onSave: (text: IdeaText) => Promise<unknown>;
  saving: { isPending: boolean; error: Error | null };
  onDone: () => void;
}

/** An idea's title, summary and description, written by hand; Save or Cancel. */
export function IdeaForm({ name, idPrefix, initial, onSave, saving, onDone }: IdeaFormProps) {
  const [text, setText] = useState<IdeaText>(
    initial ?? { title: '', summary: '', description: '' },
  );
  const [titleMissing, setTitleMissing] = useState(false);
  const serverErrors = fieldErrorsOf(saving.error);
  const errorsOf = (field: (typeof FIELDS)[number]) =>
    field === 'title' && titleMissing ? ['Title is required'] : serverErrors?.[field];
  const otherErrors = Object.entries(serverErrors ?? {})
    .filter(([field]) => !(FIELDS as readonly string[]).includes(field))
    .flatMap(([, messages]) => messages);
  const failedOtherwise = saving.error && !serverErrors ? 'Saving failed. Please try again.' : null;

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    if (text.title.trim() === '') {
      setTitleMissing(true);
      return;
    }
    await onSave(text);
    onDone();
  });

  return (
    <form noValidate onSubmit={submit} aria-label={name} className="grid gap-4">
      <fieldset className="grid gap-4" disabled={saving.isPending}>
        {FIELDS.map((field) => {
          const id = `${idPrefix}-${field}`;
          const errors = errorsOf(field);
          const Control = field === 'title' ? Input : Textarea;
          return (
            <div key={field} className="grid gap-2">
              <Label htmlFor={id}>{LABELS[field]}</Label>
              <Control
                id={id}
                autoFocus={field === 'title'}
                required={field === 'title'}
                value={text[field]}
                maxLength={LIMITS[field]}
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `${id}-error` : undefined}
                onChange={(event) => {
                  setText((current) => ({ ...current, [field]: event.target.value }));
                  if (field === 'title') setTitleMissing(false);
                }}
              />
              <FieldMessage id={`${id}-error`} messages={errors} />
            </div>
          );
        })}
      </fieldset>
      {otherErrors.length > 0 || failedOtherwise ? (
        <Alert variant="destructive">
          <AlertDescription>
            {[...otherErrors, failedOtherwise].filter(Boolean).map((message) => (
              <p key={message}>{message}</p>
            ))}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="outline" disabled={saving.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
