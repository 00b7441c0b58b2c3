import type { Idea } from '../api/types';
import type { IdeaStacks } from '../hooks/use-idea-stacks';
import { NotDuplicateButton } from './not-duplicate-button';
import { StackToggle } from './stack-toggle';

/**
 * Under an idea's title: 'Not a duplicate' when it is stacked, after the model's reason when a
 * model judged it a repeat in other words; '+N similar' when others are stacked under it.
 */
export function IdeaStackControl({ idea, stacks }: { idea: Idea; stacks: IdeaStacks }) {
  if (idea.duplicate_of !== null) {
    return (
      <>
        {idea.stacked_by_model !== null ? (
          <p className="mt-1 text-xs font-normal text-muted-foreground">
            Stacked by {idea.stacked_by_model}
            {idea.stack_reason ? `: ${idea.stack_reason}` : ''}
          </p>
        ) : null}
        <NotDuplicateButton idea={idea} />
      </>
    );
  }
  if (idea.duplicates_count > 0) return <StackToggle idea={idea} stacks={stacks} />;
  return null;
}
