import { Button } from '@/components/ui/button';
import { useNotDuplicate } from '../api/not-duplicate';
import type { Idea } from '../api/types';
import { stackToggleId } from '../hooks/use-idea-stacks';

/** On a stacked idea's row: takes it out of the stack, to stand as an idea of its own. */
export function NotDuplicateButton({ idea }: { idea: Idea }) {
  const notDuplicate = useNotDuplicate();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="mt-1 h-7 px-2 text-xs font-normal stacked:h-11"
      disabled={notDuplicate.isPending}
      onClick={() => {
        const original = idea.duplicate_of;
        notDuplicate.mutate(idea.id, {
          // The row goes with its button: focus goes back to the stack's toggle while there is one.
          onSuccess: () => {
            if (original !== null) document.getElementById(stackToggleId(original))?.focus();
          },
        });
      }}
    >
      Not a duplicate
    </Button>
  );
}
