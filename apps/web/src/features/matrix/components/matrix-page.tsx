import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useAssessments } from '@/entities/analysis/api/list-assessments';
import { AnalysisLauncher } from '@/entities/analysis/components/analysis-launcher';
import { SenseNav } from '@/entities/analysis/components/sense-nav';
import { useLatestRun } from '@/entities/analysis/hooks/use-analysis-run';
import { resultOf } from '@/entities/analysis/lib/analysis-status';
import { useThemes } from '@/entities/theme/api/list-themes';
import { matrixPoints, modelNames, themeColour } from '../lib/matrix-points';
import { DisagreementsSection } from './disagreements-section';
import { MatrixTable } from './matrix-table';

// The charting library loads with the chart, on this page only.
const ImpactEffortChart = lazy(() =>
  import('./impact-effort-chart').then((module) => ({ default: module.ImpactEffortChart })),
);

/**
 * The matrix page: 'Assess ideas' has the model score each idea's impact, effort and novelty;
 * the scores show as an impact/effort chart and a table, apart from the team's votes, with the
 * model's name; then where the model and the team disagree.
 */
export function MatrixPage({ brainstormId }: { brainstormId: number }) {
  const navigate = useNavigate();
  const { analysis } = useLatestRun(brainstormId, 'assess');
  const assessments = useAssessments(brainstormId);
  const themes = useThemes(brainstormId).data ?? [];
  const done = resultOf(analysis, 'assess');
  const points = matrixPoints(assessments.data ?? [], themes);

  let matrix;
  if (assessments.isError) {
    matrix = (
      <LoadError
        message="Error loading the assessments"
        retrying={assessments.isFetching}
        onRetry={() => void assessments.refetch()}
      />
    );
  } else if (!assessments.data) {
    matrix = (
      <div role="status" aria-label="Loading the assessments">
        <Skeleton className="h-72 w-full" />
      </div>
    );
  } else if (points.length === 0) {
    matrix = (
      <p className="text-sm text-muted-foreground">
        No idea has been assessed yet: Assess ideas has a model score them.
      </p>
    );
  } else {
    matrix = (
      <>
        <p className="text-sm font-medium">Model's view: {modelNames(assessments.data)}</p>
        <figure aria-labelledby="matrix-caption" className="grid gap-2">
          <div aria-hidden="true" className="min-w-0">
            <Suspense fallback={<Skeleton className="h-[380px] w-full" />}>
              <ImpactEffortChart
                points={points}
                onOpen={(ideaId) => {
                  void navigate({
                    to: '/brainstorms/$brainstormId/ideas/$ideaId',
                    params: { brainstormId, ideaId },
                  });
                }}
              />
            </Suspense>
          </div>
          <figcaption id="matrix-caption" className="text-xs text-muted-foreground">
            Impact (up) against effort (across), as the model scores them; a larger point has more
            team votes. The table below lists the same ideas.
          </figcaption>
          {themes.length > 0 ? (
            <ul aria-label="Theme colours" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
              {[
                ...themes.map((theme) => ({ id: theme.id, name: theme.name })),
                { id: null, name: 'Unsorted' },
              ].map((theme) => (
                <li key={theme.id ?? 'none'} className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="inline-block size-2.5 rounded-full"
                    style={{ backgroundColor: themeColour(themes, theme.id) }}
                  />
                  {theme.name}
                </li>
              ))}
            </ul>
          ) : null}
        </figure>
        <MatrixTable brainstormId={brainstormId} points={points} />
      </>
    );
  }

  return (
    <section aria-labelledby="matrix-page-heading" className="grid gap-4">
      <SenseNav brainstormId={brainstormId} />
      <Card className="gap-4 py-4 sm:py-6">
        <CardContent className="grid gap-4 px-4 sm:px-6">
          <div className="grid gap-1">
            <h2 id="matrix-page-heading" className="text-lg font-semibold">
              Impact and effort
            </h2>
            <p className="text-sm text-muted-foreground">
              A model scores each idea's impact, effort and novelty from 1 to 5. Its scores are a
              suggestion, shown apart from the team's votes.
            </p>
          </div>
          <AnalysisLauncher
            brainstormId={brainstormId}
            kind="assess"
            startLabel="Assess ideas"
            analysis={analysis}
          />
          {done && done.skipped > 0 ? (
            <p className="text-sm text-muted-foreground">
              {done.assessed} ideas assessed; the model gave no usable scores for {done.skipped}.
            </p>
          ) : null}
          {matrix}
        </CardContent>
      </Card>
      <Card className="gap-4 py-4 sm:py-6">
        <CardContent className="px-4 sm:px-6">
          <DisagreementsSection brainstormId={brainstormId} />
        </CardContent>
      </Card>
    </section>
  );
}
