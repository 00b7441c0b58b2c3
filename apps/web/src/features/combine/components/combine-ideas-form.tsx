import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { AnalysisLauncher } from '@/entities/analysis/components/analysis-launcher';
import { useAnalysisRun } from '@/entities/analysis/hooks/use-analysis-run';
import { resultOf } from '@/entities/analysis/lib/analysis-status';
import { ideaQueryOptions } from '@/entities/idea/api/get-idea';
import { useAllIdeas } from '@/entities/idea/api/list-all-ideas';
import { IdeaLink } from '@/entities/idea/components/idea-link';
import { COMBINE, matchesSearch } from '../lib/combine-choice';

/**
 * Choosing 2 to 4 of the brainstorm's ideas (a checkbox list with a search), the provider and
 * model, the cost, Start; then a link to the combined idea, and how to undo it.
 */
export function CombineIdeasForm({ brainstormId }: { brainstormId: number }) {
  const id = useId();
  const ideas = useAllIdeas(brainstormId);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [runId, setRunId] = useState<number | null>(null);
  const run = useAnalysisRun(runId).data ?? null;
  const combined = resultOf(run, 'combine');
  const shown = (ideas.data ?? []).filter((idea) => matchesSearch(idea, search));
  const full = chosen.length >= COMBINE.max;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>Search ideas</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </div>
      {ideas.isError ? (
        <LoadError
          message="Error loading ideas"
          retrying={ideas.isFetching}
          onRetry={() => void ideas.refetch()}
        />
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          Ideas to combine ({chosen.length} of {COMBINE.max} chosen)
        </legend>
        {ideas.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading ideas...
          </p>
        ) : null}
        {ideas.data && shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No ideas match.</p>
        ) : null}
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
          {shown.map((idea) => {
            const checked = chosen.includes(idea.id);
            return (
              <li key={idea.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-primary"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => {
                      setChosen((before) =>
                        event.target.checked
                          ? [...before, idea.id]
                          : before.filter((other) => other !== idea.id),
                      );
                    }}
                  />
                  <span className="break-words">{idea.title}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <AnalysisLauncher
        brainstormId={brainstormId}
        kind="combine"
        startLabel="Combine"
        options={{ ideas: chosen }}
        ready={chosen.length >= COMBINE.min}
        analysis={run}
        onStarted={(started) => {
          setRunId(started.id);
        }}
      />
      {combined ? (
        <div role="status" className="grid gap-1 rounded-lg border p-3 text-sm">
          {combined.idea === null ? (
            <p>The combined idea has been deleted since.</p>
          ) : (
            <CombinedIdeaLink brainstormId={brainstormId} ideaId={combined.idea} />
          )}
          <p className="text-muted-foreground">
            The ideas it merges stay as they were; deleting the combined idea is the undo.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The link to the combined idea, by its title: the idea is read by itself, so the link does not
 * wait on the list of ideas above being read again after the run.
 */
function CombinedIdeaLink({ brainstormId, ideaId }: { brainstormId: number; ideaId: number }) {
  const idea = useQuery(ideaQueryOptions(ideaId));
  return (
    <p>
      The combined idea is ready:{' '}
      <IdeaLink brainstormId={brainstormId} ideaId={ideaId}>
        {idea.data?.title ?? 'open the combined idea'}
      </IdeaLink>
    </p>
  );
}
