import { useId, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { AnalysisLauncher } from '@/entities/analysis/components/analysis-launcher';
import { SenseNav } from '@/entities/analysis/components/sense-nav';
import { useLatestRun } from '@/entities/analysis/hooks/use-analysis-run';
import { resultOf } from '@/entities/analysis/lib/analysis-status';
import { agreementText, parseTop, RANK_TOP } from '../lib/ranking-text';
import { ComparisonsList } from './comparisons-list';
import { PossibleRepeats } from './possible-repeats';
import { RankingTable } from './ranking-table';
import { ShortlistActions } from './shortlist-actions';

/**
 * The ranking page: 'Rank the top ideas' has the model compare the N most up-voted ideas in
 * pairs, its cost shown before it starts; the result lists them by rating with the team's votes
 * beside, one agreement figure, and the model's reasons.
 */
export function RankingPage({ brainstormId }: { brainstormId: number }) {
  const id = useId();
  const { latest, analysis } = useLatestRun(brainstormId, 'rank');
  const [topText, setTopText] = useState(String(RANK_TOP.initial));
  const top = parseTop(topText);
  const result = resultOf(analysis, 'rank');
  const errorId = `${id}-top-error`;

  return (
    <section aria-labelledby="ranking-page-heading" className="grid gap-4">
      <SenseNav brainstormId={brainstormId} />
      <Card className="gap-4 py-4 sm:py-6">
        <CardContent className="grid gap-4 px-4 sm:px-6">
          <div className="grid gap-1">
            <h2 id="ranking-page-heading" className="text-lg font-semibold">
              Ranking
            </h2>
            <p className="text-sm text-muted-foreground">
              Rank the top ideas: a model compares the most up-voted ideas in pairs, round by round,
              and rates them. Its ranking is a suggestion beside the team's votes.
            </p>
          </div>
          {latest.isError ? (
            <LoadError
              message="Error loading the last ranking"
              retrying={latest.isFetching}
              onRetry={() => void latest.refetch()}
            />
          ) : null}
          <AnalysisLauncher
            brainstormId={brainstormId}
            kind="rank"
            startLabel="Rank the top ideas"
            options={top === null ? {} : { top }}
            ready={top !== null}
            analysis={analysis}
          >
            <div className="grid gap-2">
              <Label htmlFor={`${id}-top`}>Ideas to rank</Label>
              <Input
                id={`${id}-top`}
                type="number"
                inputMode="numeric"
                min={RANK_TOP.min}
                max={RANK_TOP.max}
                step={1}
                className="w-24"
                value={topText}
                aria-invalid={top === null ? true : undefined}
                aria-describedby={top === null ? errorId : undefined}
                onChange={(event) => {
                  setTopText(event.target.value);
                }}
              />
            </div>
          </AnalysisLauncher>
          <FieldMessage
            id={errorId}
            messages={
              top === null
                ? [`Choose from ${String(RANK_TOP.min)} to ${String(RANK_TOP.max)} ideas.`]
                : null
            }
          />
          <PossibleRepeats brainstormId={brainstormId} top={top} />
        </CardContent>
      </Card>
      {result && analysis ? (
        <Card className="gap-4 py-4 sm:py-6">
          <CardContent className="grid gap-4 px-4 sm:px-6">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="grid gap-1">
                <h2 className="text-lg font-semibold">The model's ranking</h2>
                <p className="text-sm text-muted-foreground">Ranked by {analysis.model}.</p>
              </div>
              {result.ideas.length > 0 ? <ShortlistActions analysisId={analysis.id} /> : null}
            </div>
            <p className="text-sm font-medium">{agreementText(result.correlation)}</p>
            {result.ideas.length === 0 ? (
              <p className="text-sm text-muted-foreground">No ideas were ranked.</p>
            ) : (
              <RankingTable brainstormId={brainstormId} ideas={result.ideas} />
            )}
            <ComparisonsList
              analysisId={analysis.id}
              titles={new Map(result.ideas.map((idea) => [idea.idea, idea.title]))}
            />
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
