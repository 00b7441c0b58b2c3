import { Button } from '@/components/ui/button';
import { useNotDuplicate } from '../api/not-duplicate';
import type { Idea } from '../api/types';

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
        notDuplicate.mutate(idea.id);
      }}
    >
      Not a duplicate
    </Button>
  );
}
