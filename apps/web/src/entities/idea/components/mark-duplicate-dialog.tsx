import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useStackOriginals } from '../api/list-stack-originals';
import { useMarkDuplicate } from '../api/mark-duplicate';
import type { Idea } from '../api/types';

interface MarkDuplicateDialogProps {
  idea: Idea;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Mark as duplicate': stacks the idea under another of the brainstorm's ideas, chosen here. */
export function MarkDuplicateDialog({ idea, open, onOpenChange }: MarkDuplicateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark as duplicate</DialogTitle>
          <DialogDescription>
            “{idea.title}” will be stacked under the idea it repeats.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <MarkDuplicateForm
            idea={idea}
            onDone={() => {
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** How long typing in the search rests before the server is asked. */
const SEARCH_DELAY_MS = 250;

/** What the list of choices says beside the select: how many match, or that none do. */
function choicesNote(shown: number, matching: number, search: string) {
  if (search !== '' && matching === 0) return `No other idea matches “${search}”.`;
  if (matching > shown) return `The newest ${shown} of ${matching} ideas: search to find another.`;
  return null;
}

function MarkDuplicateForm({ idea, onDone }: { idea: Idea; onDone: () => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useStackOriginals({ brainstormId: idea.brainstorm, search: searched });
  // The server lists originals and unstacked ideas only; this idea is no choice of its own.
  const results = list.data?.results ?? [];
  const options = results.filter((other) => other.id !== idea.id);
  // The count holds this idea wherever it matches: on this page, or (unstacked) in every list.
  const counted =
    options.length < results.length || (searched === '' && idea.duplicate_of === null);
  const matching = (list.data?.count ?? 0) - (counted ? 1 : 0);
  const note = list.data ? choicesNote(options.length, matching, searched) : null;
  const [choice, setChoice] = useState('');
  // A choice the search has since left out is no choice.
  const chosen = options.some((other) => String(other.id) === choice) ? choice : '';
  const mark = useMarkDuplicate();
  const errors = fieldErrorsOf(mark.error);
  const messages = errors
    ? [...(errors.of ?? []), ...(errors.detail ?? []), ...(errors.non_field_errors ?? [])]
    : mark.error
      ? ['The idea could not be marked as a duplicate. Try again.']
      : [];
  const describedBy = [note ? `${id}-note` : '', messages.length > 0 ? `${id}-of-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === '') return;
        mark.mutate({ ideaId: idea.id, of: Number(chosen) }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>Find an idea</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder="Words in its title, summary or description"
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-of`}>Repeats which idea?</Label>
        <select
          id={`${id}-of`}
          required
          value={chosen}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
          onChange={(event) => {
            setChoice(event.target.value);
          }}
        >
          <option value="" disabled>
            {!list.data ? 'Loading ideas...' : options.length > 0 ? 'Choose an idea' : 'No ideas'}
          </option>
          {options.map((other) => (
            <option key={other.id} value={other.id}>
              {other.title}
            </option>
          ))}
        </select>
        {/* Always there, so a screen reader hears the note change as the search narrows. */}
        <p id={`${id}-note`} role="status" className="text-sm text-muted-foreground empty:hidden">
          {note}
        </p>
        <FieldMessage id={`${id}-of-error`} messages={messages} />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={mark.isPending}>
          Mark as duplicate
        </Button>
      </DialogFooter>
    </form>
  );
}
