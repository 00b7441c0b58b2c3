import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ServerIdea } from '@/entities/idea/api/types';

interface SplitThemeFormProps {
  themeName: string;
  ideas: readonly ServerIdea[];
  pending: boolean;
  onSplit: (split: { name: string; ideas: number[] }) => void;
  onCancel: () => void;
}

/** Splitting a theme: which of its ideas go, and the new theme's name. */
export function SplitThemeForm({
  themeName,
  ideas,
  pending,
  onSplit,
  onCancel,
}: SplitThemeFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const ready = name.trim() !== '' && chosen.length > 0;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready) onSplit({ name: name.trim(), ideas: chosen });
  };
  return (
    <form aria-label={`Split ${themeName}`} className="grid gap-3" onSubmit={submit}>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">Ideas that move to the new theme</legend>
        {ideas.map((idea) => (
          <label key={idea.id} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={chosen.includes(idea.id)}
              onChange={(event) => {
                setChosen((before) =>
                  event.target.checked
                    ? [...before, idea.id]
                    : before.filter((other) => other !== idea.id),
                );
              }}
            />
            <span className="break-words">{idea.title}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-48 gap-2">
          <Label htmlFor={`${id}-name`}>New theme name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending || !ready}>
            Split
          </Button>
        </div>
      </div>
    </form>
  );
}
