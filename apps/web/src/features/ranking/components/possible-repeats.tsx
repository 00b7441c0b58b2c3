import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { analysisKeys } from '@/entities/analysis/api/analysis-keys';
import { usePossibleRepeats } from '@/entities/analysis/api/list-possible-repeats';
import { useMarkDuplicate } from '@/entities/idea/api/mark-duplicate';
import { refusalText } from '@/entities/analysis/lib/refusal-text';

/**
 * Before a ranking starts: the top ideas it would compare that may say the same thing, each
 * with 'Stack' to rank it once. Nothing is shown when there are none.
 */
export function PossibleRepeats({
  brainstormId,
  top,
}: {
  brainstormId: number;
  top: number | null;
}) {
  const queryClient = useQueryClient();
  const repeats = usePossibleRepeats(brainstormId, top);
  const stack = useMarkDuplicate();
  if (repeats.isError) {
    return (
      <LoadError
        message="Error loading the ideas that may repeat each other"
        retrying={repeats.isFetching}
        onRetry={() => void repeats.refetch()}
      />
    );
  }
  const pairs = repeats.data ?? [];
  if (pairs.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-3">
      <h3 id="possible-repeats-heading" className="text-sm font-semibold">
        These top ideas may say the same thing
      </h3>
      <p className="text-sm text-muted-foreground">
        Stack a repeat before ranking, so that it is ranked once and leaves room for another idea.
      </p>
      <ul aria-labelledby="possible-repeats-heading" className="grid gap-2 text-sm">
        {pairs.map((pair) => (
          <li
            key={`${String(pair.idea)}-${String(pair.may_repeat)}`}
            className="flex flex-wrap items-center gap-2"
          >
            <span className="min-w-0 flex-1 basis-64 break-words">
              #{pair.idea} “{pair.title}” may repeat #{pair.may_repeat} “{pair.may_repeat_title}”
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={stack.isPending}
              aria-label={`Stack #${String(pair.idea)} under #${String(pair.may_repeat)}`}
              onClick={() => {
                stack.mutate(
                  { ideaId: pair.idea, of: pair.may_repeat },
                  {
                    // The top ideas change: what may repeat, and what the ranking would cost.
                    onSuccess: () => {
                      void queryClient.invalidateQueries({
                        queryKey: analysisKeys.possibleRepeats(brainstormId, top ?? 0),
                      });
                      void queryClient.invalidateQueries({ queryKey: analysisKeys.plans() });
                    },
                  },
                );
              }}
            >
              Stack
            </Button>
          </li>
        ))}
      </ul>
      {stack.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {refusalText(stack.error, 'The idea could not be stacked. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}
