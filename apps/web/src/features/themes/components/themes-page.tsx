import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { AnalysisLauncher } from '@/entities/analysis/components/analysis-launcher';
import { SenseNav } from '@/entities/analysis/components/sense-nav';
import { useLatestRun } from '@/entities/analysis/hooks/use-analysis-run';
import { resultOf } from '@/entities/analysis/lib/analysis-status';
import { useAllIdeas } from '@/entities/idea/api/list-all-ideas';
import { useThemes } from '@/entities/theme/api/list-themes';
import { givenThemeNames } from '../lib/given-themes';
import { ideasById } from '../lib/idea-titles';
import { THEMES_HEADING_ID, ThemeBoard } from './theme-board';
import { ThemeProposal } from './theme-proposal';

interface ThemesPageProps {
  brainstormId: number;
  /** The brainstorm's parameters.themes: the themes it was given when it was created. */
  given?: unknown;
}

/**
 * The Themes page: 'Find themes' proposes themes, which change nothing until applied; then the
 * team's themes, to rename, merge, split, delete and move ideas between.
 */

export function ThemesPage({ brainstormId, given }: ThemesPageProps) {
  const { latest, analysis } = useLatestRun(brainstormId, 'themes');
  const themes = useThemes(brainstormId);
  const ideas = useAllIdeas(brainstormId);
  const proposal = resultOf(analysis, 'themes');
  const byId = ideasById(ideas.data);

  let board;
  if (themes.isError || ideas.isError) {
    board = (
      <LoadError
        message="Error loading themes"
        retrying={themes.isFetching || ideas.isFetching}
        onRetry={() => {
          void themes.refetch();
          void ideas.refetch();
        }}
      />
    );
  } else if (!themes.data || !ideas.data) {
    board = (
      <div role="status" aria-label="Loading themes" className="grid gap-2">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else {
    board = (
      <ThemeBoard
        brainstormId={brainstormId}
        themes={themes.data}
        ideas={ideas.data}
        givenThemes={givenThemeNames(given)}
      />
    );
  }

  return (
    <section aria-labelledby="themes-page-heading" className="grid gap-4">
      <SenseNav brainstormId={brainstormId} />
      <Card className="gap-4 py-4 sm:py-6">
        <CardContent className="grid gap-4 px-4 sm:px-6">
          <div className="grid gap-1">
            <h2 id="themes-page-heading" className="text-lg font-semibold">
              Themes
            </h2>
            <p className="text-sm text-muted-foreground">
              Find themes proposes clusters of the ideas; nothing changes until you apply them.
            </p>
          </div>
          {latest.isError ? (
            <LoadError
              message="Error loading the last proposal"
              retrying={latest.isFetching}
              onRetry={() => void latest.refetch()}
            />
          ) : null}
          <AnalysisLauncher
            brainstormId={brainstormId}
            kind="themes"
            startLabel="Find themes"
            analysis={analysis}
          />
          {proposal && analysis ? (
            <ThemeProposal
              analysis={analysis}
              result={proposal}
              ideas={byId}
              currentThemes={themes.data?.length ?? 0}
              onApplied={() => {
                requestAnimationFrame(() => document.getElementById(THEMES_HEADING_ID)?.focus());
              }}
            />
          ) : null}
        </CardContent>
      </Card>
      <Card className="gap-4 py-4 sm:py-6">
        <CardContent className="grid gap-4 px-4 sm:px-6">{board}</CardContent>
      </Card>
    </section>
  );
}
