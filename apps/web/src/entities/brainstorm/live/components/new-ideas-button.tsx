import { ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLiveBrainstorm } from '../live-context';
import { newIdeasText } from '../new-ideas-text';

interface NewIdeasButtonProps {
  /** The id of the element (the list's heading) that takes the focus once the button goes. */
  focusAfter: string;
}

/**
 * '3 new ideas', above a list, once ideas were stored since it was read: they are not put in
 * the list by themselves, so no row moves under the reader. Pressing it reads the list again.
 */
export function NewIdeasButton({ focusAfter }: NewIdeasButtonProps) {
  const { newIdeas, showNewIdeas } = useLiveBrainstorm();
  if (newIdeas === 0) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={() => {
        showNewIdeas();
        document.getElementById(focusAfter)?.focus();
      }}
    >
      <ArrowUp aria-hidden="true" />
      {newIdeasText(newIdeas)}
    </Button>
  );
}
