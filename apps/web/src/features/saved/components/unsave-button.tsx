import { BookmarkX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmGroup } from '@/components/ui/confirm-group';
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
    <ConfirmGroup
      label={`Unsave ${ideaTitle}?`}
      pending={unsave.isPending}
      className="flex-nowrap"
      onCancel={() => {
        setReturnFocus(true);
        setConfirming(false);
      }}
      onConfirm={onConfirm}
    />
  );
}
