import { ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { newIdeasText } from '@/entities/brainstorm/live/new-ideas-text';

interface ArrivedIdeasProps {
  /** Ideas stored since the list was read that it would hold now. */
  count: number;
  onShow: () => void;
}

/**
 * '12 new ideas — show them', above the review list while ideas that arrived are held back; a
 * polite live region, so that a screen reader hears of them as they come.
 */
export function ArrivedIdeas({ count, onShow }: ArrivedIdeasProps) {
  return (
    <div role="status" className="justify-self-start empty:hidden">
      {count > 0 ? (
        <Button variant="outline" size="sm" onClick={onShow}>
          <ArrowUp aria-hidden="true" />
          {newIdeasText(count)} — show them
        </Button>
      ) : null}
    </div>
  );
}
