import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysisKeys } from '@/entities/analysis/api/analysis-keys';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { themeKeys } from '@/entities/theme/api/theme-keys';

/**
 * A change to the brainstorm's themes. Every one may change which theme an idea is in, the
 * themes' idea counts and the suggestions, so all of them are read again; the ideas too when
 * `movesIdeas`. A refusal is shown beside the action (logged as low).
 */
export function useThemeMutation<Input, Answer>(
  name: string,
  mutationFn: (input: Input) => Promise<Answer>,
  { movesIdeas = true }: { movesIdeas?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...themeKeys.all, name],
    meta: { severity: 'low' },
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: themeKeys.all }),
        movesIdeas ? queryClient.invalidateQueries({ queryKey: ideaKeys.all }) : null,
        // The proposals say whether they were applied, the assessments each idea's theme.
        queryClient.invalidateQueries({ queryKey: analysisKeys.all }),
      ]),
  });
}
