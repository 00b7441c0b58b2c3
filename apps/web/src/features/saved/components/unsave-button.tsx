import { BookmarkX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useUnsaveIdea } from '../api/unsave-idea';

interface UnsaveButtonProps {
  annotationId: number;
  ideaTitle: string;
}

/**
 * 'Unsave', then 'Cancel' or 'Confirm'. Cancel takes Unsave's place, so a double click on
 * Unsave cancels rather than confirms. A failure is only logged: the row stays as it was.
 */
export function UnsaveButton({ annotationId, ideaTitle }: UnsaveButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const unsave = useUnsaveIdea();
  // Guarded: the toggle flips the bookmark, so a second Confirm would save the idea again.
  const onConfirm = useGuardedSubmit(() =>
    unsave.mutateAsync(annotationId).finally(() => {
      setReturnFocus(true);
      setConfirming(false);
    }),
  );

  if (!confirming) {
    return (
      <Button
        variant="outline"
        size="sm"
        autoFocus={returnFocus}
        onClick={() => {
          setConfirming(true);
        }}
      >
        <BookmarkX aria-hidden="true" />
        Unsave <span className="sr-only">{ideaTitle}</span>
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Unsave ${ideaTitle}?`} className="flex gap-2">
      <Button
        variant="outline"
        size="sm"
        autoFocus
        disabled={unsave.isPending}
        onClick={() => {
          setReturnFocus(true);
          setConfirming(false);
        }}
      >
        Cancel
      </Button>
      <Button variant="destructive" size="sm" disabled={unsave.isPending} onClick={onConfirm}>
        Confirm
      </Button>
    </div>
  );
}
