import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import type { Theme } from '@/entities/theme/api/types';

interface MergeThemeFormProps {
  theme: Theme;
  others: readonly Theme[];
  pending: boolean;
  onMerge: (into: number) => void;
  onCancel: () => void;
}

/** Merging a theme into another: the other chosen from a select. */
export function MergeThemeForm({ theme, others, pending, onMerge, onCancel }: MergeThemeFormProps) {
  const [into, setInto] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (into !== '') onMerge(Number(into));
  };
  return (
    <form
      aria-label={`Merge ${theme.name}`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={submit}
    >
      <SelectField
        label="Merge into"
        className="w-full sm:w-56"
        value={into}
        placeholder="Choose a theme"
        options={others.map((other) => ({ value: String(other.id), label: other.name }))}
        onValueChange={setInto}
      />
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || into === ''}>
          Merge
        </Button>
      </div>
    </form>
  );
}
