import { useQueryClient } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { refusalText } from '@/entities/analysis/lib/refusal-text';
import { themeKeys } from '@/entities/theme/api/theme-keys';
import { ApiError } from '@/lib/api/api-error';
import { useStartWithGivenThemes } from '../api/start-with-given-themes';

interface BoardEmptyStateProps {
  brainstormId: number;
  /** The themes the brainstorm was given when it was created, as the board would take them. */
  given: readonly string[];
  /** Pressed 'Start': once the themes are on the board (the button gone), the board moves the
   * focus to its heading. */
  onStart: () => void;
}

/**
 * The board before it has a theme. The themes typed when the brainstorm was created (its
 * header's 'Themes') are not the board's until someone starts with them: offered here in one
 * step, which the server takes once however many teammates press it.
 */
export function BoardEmptyState({ brainstormId, given, onStart }: BoardEmptyStateProps) {
  const start = useStartWithGivenThemes();
  const queryClient = useQueryClient();
  if (given.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No themes yet: find them above, or add one here.
      </p>
    );
  }
  return (
    <div className="grid justify-items-start gap-2 rounded-lg border border-dashed p-4 text-sm">
      <p>
        The ideas are not sorted into themes yet. The themes you gave when the brainstorm was
        created can be the first ones: {given.join(', ')}.
      </p>
      <Button
        variant="outline"
        disabled={start.isPending}
        onClick={() => {
          onStart();
          start.mutate(brainstormId, {
            onError: (error) => {
              // A teammate started them first: theirs are there to read.
              if (error instanceof ApiError && error.status === 409) {
                void queryClient.invalidateQueries({ queryKey: themeKeys.all });
              }
            },
          });
        }}
      >
        <ListPlus aria-hidden="true" />
        Start with the themes you gave ({given.length})
      </Button>
      <p className="text-muted-foreground">Or find themes above, or add one here.</p>
      {start.isError ? (
        <p role="alert" className="text-destructive">
          {refusalText(start.error, 'The themes could not be added. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}
