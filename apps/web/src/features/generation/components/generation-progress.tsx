import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { useLiveBrainstorm } from '@/entities/brainstorm/live/live-context';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { isFinished, useGeneration } from '../api/get-generation';
import type { Generation } from '../api/types';

function ideas(count: number) {
  return count === 1 ? 'idea' : 'ideas';
}

export function failureLine({ count, reason }: Generation['failures'][number]) {
  return `${count} ${ideas(count)} failed: ${reason}`;
}

function summary({ status, succeeded, requested }: Generation) {
  switch (status) {
    case 'queued':
    case 'running':
      return '';
    case 'done':
      return `Finished: ${succeeded} ${ideas(succeeded)} stored.`;
    case 'partly_failed':
      return `Finished: ${succeeded} of ${requested} ${ideas(requested)} stored.`;
    case 'failed':
      return 'Finished: no ideas stored.';
  }
}

/**
 * A generation's progress, read every second until it finishes (or brought by the live stream): the ideas stored of those
 * asked for, a bar filled by the ideas settled (stored or failed), then why any failed.
 */
export function GenerationProgress({ generationId }: { generationId: number }) {
  const labelId = useId();
  // While the brainstorm's stream is live it brings the progress; otherwise it is polled.
  const { status, showNewIdeas } = useLiveBrainstorm();
  const live = status === 'live';
  const { data: generation } = useGeneration(generationId, live);
  const finished = generation ? isFinished(generation.status) : false;

  // The last ideas are stored by now: the lists, and the brainstorm lists' idea counts, show
  // them without waiting for a refresh.
  const queryClient = useQueryClient();
  const wasFinished = useRef(finished);
  useEffect(() => {
    if (finished && !wasFinished.current) {
      // The caller's own ideas: a list held while others' arrive shows them too.
      showNewIdeas();
      void queryClient.invalidateQueries({ queryKey: ideaKeys.all });
      void queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() });
    }
    wasFinished.current = finished;
  }, [finished, queryClient, showNewIdeas]);

  if (!generation) return null;
  const { requested, succeeded, failed } = generation;
  const settled = Math.min(requested, succeeded + failed);
  const text = `${succeeded} of ${requested} ${ideas(requested)}`;
  const { stacked } = generation;
  const line =
    stacked > 0
      ? `${text} · ${stacked} ${stacked === 1 ? 'near-duplicate' : 'near-duplicates'} stacked`
      : text;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span id={labelId} className="font-medium">
          Idea generation
        </span>
        <span className="text-muted-foreground">{line}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={requested}
        aria-valuenow={settled}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${requested > 0 ? (settled / requested) * 100 : 0}%` }}
        />
      </div>
      <div role="status" className="grid gap-1 text-sm">
        {finished ? <p>{summary(generation)}</p> : null}
        {finished
          ? generation.failures.map((failure) => (
              <p key={failure.reason} className="text-destructive">
                {failureLine(failure)}
              </p>
            ))
          : null}
      </div>
    </div>
  );
}
