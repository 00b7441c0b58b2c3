import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ideaQueryOptions } from '../api/get-idea';
import type { Idea } from '../api/types';
import { steeringSummary } from '../lib/steering-summary';
import { CombinedFrom } from './combined-from';

export const STEERING_HIDDEN = 'Steering hidden until you review the ideas before it';

interface IdeaProvenanceProps {
  idea: Idea;
  /** The ideas listed beside it: the one it was developed from is found there first. */
  listed: readonly Idea[];
  /** Brings a listed idea into view. */
  onShowIdea?: (ideaId: number) => void;
}

/**
 * 'Developed from “…”', 'Steered by N liked and M rejected ideas' and 'Combined from: …', when
 * they apply. Under blind review the steering may be withheld, whether or not there was any: it
 * says so rather than nothing, which would read as nothing steered.
 */
export function IdeaProvenance({ idea, listed, onShowIdea }: IdeaProvenanceProps) {
  const inspiredBy = idea.provenance?.inspired_by ?? null;
  const steeredBy = idea.provenance?.steered_by ?? null;
  const steered = idea.provenance?.steering_hidden
    ? STEERING_HIDDEN
    : steeredBy
      ? steeringSummary(steeredBy.liked.length, steeredBy.rejected.length)
      : null;
  const combined = (idea.combined_from?.length ?? 0) > 0;
  if (inspiredBy === null && steered === null && !combined) return null;
  return (
    <div className="grid gap-0.5 text-xs font-normal text-muted-foreground">
      {combined ? <CombinedFrom idea={idea} listed={listed} /> : null}
      {inspiredBy !== null ? (
        <DevelopedFrom
          source={listed.find((other) => other.id === inspiredBy)}
          sourceId={inspiredBy}
          onShowIdea={onShowIdea}
        />
      ) : null}
      {steered !== null ? <p>{steered}</p> : null}
    </div>
  );
}

interface DevelopedFromProps {
  /** The idea it was developed from, when listed beside it. */
  source: Idea | undefined;
  sourceId: number;
  onShowIdea?: (ideaId: number) => void;
}

/**
 * 'Developed from “…”': a button that brings the idea into view when it is listed; otherwise its
 * title, read on its own (another page, or reviewed), and nothing until it is read.
 */
function DevelopedFrom({ source, sourceId, onShowIdea }: DevelopedFromProps) {
  const fetched = useQuery({ ...ideaQueryOptions(sourceId), enabled: source === undefined }).data;
  const title = source?.title ?? fetched?.title;
  if (title === undefined) return null;
  return (
    <p>
      Developed from{' '}
      {source && onShowIdea ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs whitespace-normal"
          onClick={() => {
            onShowIdea(source.id);
          }}
        >
          “{title}”
        </Button>
      ) : (
        <>“{title}”</>
      )}
    </p>
  );
}
