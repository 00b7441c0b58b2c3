import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmGroup } from '@/components/ui/confirm-group';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import type { Idea } from '@/entities/idea/api/types';
import { useDeleteIdea } from '../api/change-idea';

interface IdeaChangeButtonsProps {
  idea: Idea;
  onEdit: (idea: Idea) => void;
  /** Set once its edit form closes: focus comes back to Edit. */
  focusEdit?: boolean;
}

/**
 * 'Edit' and 'Delete' under an idea its viewer may change. Delete asks first ('Cancel' takes
 * its place, so a double click cancels); a refused delete says so and keeps the idea.
 */
export function IdeaChangeButtons({ idea, onEdit, focusEdit = false }: IdeaChangeButtonsProps) {
  const [confirming, setConfirming] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  const remove = useDeleteIdea(idea.brainstorm);
  const onConfirm = useGuardedSubmit(() =>
    remove.mutateAsync(idea.id).finally(() => {
      setConfirming(false);
    }),
  );

  return (
    <div className="mt-2 grid gap-1 font-normal">
      {confirming ? (
        <ConfirmGroup
          key="confirming"
          label={`Delete ${idea.title}?`}
          pending={remove.isPending}
          pendingText="Deleting..."
          onCancel={() => {
            setConfirming(false);
          }}
          onConfirm={onConfirm}
        />
      ) : (
        <div key="actions" className="flex flex-wrap gap-2">
          <Button
            ref={editButton}
            variant="outline"
            size="sm"
            aria-label={`Edit ${idea.title}`}
            onClick={() => {
              onEdit(idea);
            }}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete ${idea.title}`}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      )}
      {remove.error ? (
        <p role="alert" className="text-sm text-destructive">
          The idea could not be deleted. Please try again.
        </p>
      ) : null}
    </div>
  );
}
