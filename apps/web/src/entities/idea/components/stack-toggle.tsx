import { ChevronDown, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Idea } from '../api/types';
import { stackedRowId, stackToggleId, type IdeaStacks } from '../hooks/use-idea-stacks';

/** '+N similar' on an original's row: shows or hides the ideas stacked under it. */
export function StackToggle({ idea, stacks }: { idea: Idea; stacks: IdeaStacks }) {
  const open = stacks.isOpen(idea.id);
  const stack = stacks.stackOf(idea);
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <Button
      id={stackToggleId(idea.id)}
      type="button"
      variant="outline"
      size="sm"
      className="mt-1 h-7 px-2 text-xs font-normal stacked:h-11"
      aria-expanded={open}
      aria-controls={
        open && stack?.length ? stack.map((s) => stackedRowId(s.id)).join(' ') : undefined
      }
      aria-busy={open && stack === null}
      onClick={() => {
        stacks.toggle(idea.id);
      }}
    >
      <Icon aria-hidden="true" />+{idea.duplicates_count} similar
    </Button>
  );
}
