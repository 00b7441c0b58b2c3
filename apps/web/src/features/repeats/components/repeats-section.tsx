import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { AnalysisLauncher } from '@/entities/analysis/components/analysis-launcher';
import { useAnalysisRun } from '@/entities/analysis/hooks/use-analysis-run';
import { capableProviders } from '@/entities/analysis/lib/analysis-needs';
import { resultOf } from '@/entities/analysis/lib/analysis-status';
import { useLlmProviders } from '@/entities/llm-provider/api/get-llm-providers';
import { AddProviderHint } from '@/entities/llm-provider/components/add-provider-hint';

/** What the detector alone catches, said once, where there is no model to catch more. */
export const OFFLINE_REPEATS_TEXT =
  'Only rewordings are stacked: without a language model, an idea that says an earlier one ' +
  'again in other words stays apart.';

/** What a finished run found: '12 pairs judged: 3 ideas stacked as repeats.' */
export function foundText(judged: number, stacked: number) {
  const pairs = judged === 1 ? '1 pair' : `${String(judged)} pairs`;
  const ideas = stacked === 1 ? '1 idea' : `${String(stacked)} ideas`;
  return `${pairs} judged: ${ideas} stacked as repeats.`;
}

/**
 * Under the review list: 'Find repeats' has a model judge which ideas say an earlier one again
 * in other words, and stacks them. It opens on request, so that loading the review page asks for
 * no plan; without a model it says what is caught, and how to catch more.
 */
export function RepeatsSection({ brainstormId }: { brainstormId: number }) {
  const providers = useLlmProviders();
  const [open, setOpen] = useState(false);
  const [runId, setRunId] = useState<number | null>(null);
  const run = useAnalysisRun(runId).data ?? null;
  const found = resultOf(run, 'repeats');
  const withModel = capableProviders(providers.data ?? [], 'repeats').length > 0;
  if (!providers.isSuccess) return null;
  return (
    <section aria-labelledby="repeats-heading">
      <Card className="gap-3 py-4 sm:py-6">
        <CardContent className="grid gap-3 px-4 sm:px-6">
          <h2 id="repeats-heading" className="text-lg font-semibold">
            Repeats in other words
          </h2>
          {withModel ? (
            <details
              className="grid gap-3"
              onToggle={(event) => {
                setOpen(event.currentTarget.open);
              }}
            >
              <summary className="cursor-pointer text-sm text-muted-foreground">
                Rewordings are stacked as they arrive. A model can find the ideas that say an
                earlier one again in other words, and stack them; 'Not a duplicate' undoes any.
              </summary>
              {open ? (
                <div className="pt-3">
                  <AnalysisLauncher
                    brainstormId={brainstormId}
                    kind="repeats"
                    startLabel="Find repeats"
                    analysis={run}
                    onStarted={(started) => {
                      setRunId(started.id);
                    }}
                  />
                  {found ? (
                    <p className="mt-2 text-sm">{foundText(found.judged, found.stacked)}</p>
                  ) : null}
                </div>
              ) : null}
            </details>
          ) : (
            <p className="text-sm text-muted-foreground">
              {OFFLINE_REPEATS_TEXT}{' '}
              <AddProviderHint doing="add a language-model provider to find those repeats too" />
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
