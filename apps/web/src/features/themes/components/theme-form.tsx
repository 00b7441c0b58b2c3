import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface ThemeText {
  name: string;
  description: string;
}

interface ThemeFormProps {
  /** The form's accessible name: 'Add a theme', 'Rename Pricing'. */
  label: string;
  submitText: string;
  initial?: ThemeText;
  pending: boolean;
  onSubmit: (text: ThemeText) => void;
  onCancel?: () => void;
  /** The name field takes the focus as the form appears (renaming, or after adding one). */
  focusName?: boolean;
}

/** A theme's name and one-line description; a name is needed. */
export function ThemeForm({
  label,
  submitText,
  initial,
  pending,
  onSubmit,
  onCancel,
  focusName = false,
}: ThemeFormProps) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') return;
    onSubmit({ name: name.trim(), description: description.trim() });
  };
  return (
    <form aria-label={label} className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <div className="grid min-w-0 flex-1 basis-40 gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          required
          maxLength={100}
          autoFocus={focusName}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </div>
      <div className="grid min-w-0 flex-[2] basis-56 gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          value={description}
          maxLength={300}
          onChange={(event) => {
            setDescription(event.target.value);
          }}
        />
      </div>
      <div className="flex gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={pending || name.trim() === ''}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
