import type { SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface ConfirmGroupProps {
  /** The question, as the group's name: 'Delete {title}?'. */
  label: string;
  pending: boolean;
  /** Confirm's text while the change is under way ('Confirm' when not given). */
  pendingText?: string;
  onCancel: () => void;
  onConfirm: (event: SyntheticEvent) => void;
  className?: string;
}

/**
 * 'Cancel' and 'Confirm' in place of the button that asked: Cancel comes first and takes the
 * focus as it appears, so a double click on that button cancels rather than confirms. Render it
 * with a key of its own, apart from the buttons it replaces, so Confirm never takes their place.
 */
export function ConfirmGroup({
  label,
  pending,
  pendingText,
  onCancel,
  onConfirm,
  className,
}: ConfirmGroupProps) {
  return (
    <div role="group" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      <Button variant="outline" size="sm" autoFocus disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="destructive" size="sm" disabled={pending} onClick={onConfirm}>
        {pending && pendingText ? pendingText : 'Confirm'}
      </Button>
    </div>
  );
}
