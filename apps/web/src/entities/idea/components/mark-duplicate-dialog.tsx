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
import { Label } from '@/components/ui/label';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { FALLBACK_SCAN_SIZE, useIdeaList } from '../api/list-ideas';
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

function MarkDuplicateForm({ idea, onDone }: { idea: Idea; onDone: () => void }) {
  const id = useId();
  const list = useIdeaList({
    brainstormId: idea.brainstorm,
    page: 1,
    pageSize: FALLBACK_SCAN_SIZE,
  });
  const options = (list.data?.results ?? []).filter(
    (other) => other.id !== idea.id && other.duplicate_of === null,
  );
  const [choice, setChoice] = useState('');
  const mark = useMarkDuplicate();
  const errors = fieldErrorsOf(mark.error);
  const messages = errors
    ? [...(errors.of ?? []), ...(errors.detail ?? []), ...(errors.non_field_errors ?? [])]
    : mark.error
      ? ['The idea could not be marked as a duplicate. Try again.']
      : [];
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice === '') return;
        mark.mutate({ ideaId: idea.id, of: Number(choice) }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-of`}>Repeats which idea?</Label>
        <select
          id={`${id}-of`}
          required
          value={choice}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={messages.length > 0 ? `${id}-of-error` : undefined}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
          onChange={(event) => {
            setChoice(event.target.value);
          }}
        >
          <option value="" disabled>
            {list.data ? 'Choose an idea' : 'Loading ideas...'}
          </option>
          {options.map((other) => (
            <option key={other.id} value={other.id}>
              {other.title}
            </option>
          ))}
        </select>
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
