import type { Idea } from '../api/types';
import type { IdeaStacks } from '../hooks/use-idea-stacks';
import { NotDuplicateButton } from './not-duplicate-button';
import { StackToggle } from './stack-toggle';

/** Under an idea's title: 'Not a duplicate' when it is stacked, '+N similar' when others are. */
export function IdeaStackControl({ idea, stacks }: { idea: Idea; stacks: IdeaStacks }) {
  if (idea.duplicate_of !== null) return <NotDuplicateButton idea={idea} />;
  if (idea.duplicates_count > 0) return <StackToggle idea={idea} stacks={stacks} />;
  return null;
}
