import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { ideaQueryOptions } from '@/entities/idea/api/get-idea';
import { IdeaProvenance } from '@/entities/idea/components/idea-provenance';
import { useThemes } from '@/entities/theme/api/list-themes';
import { ApiError } from '@/lib/api/api-error';
import { ModelView } from './model-view';

interface IdeaDetailPageProps {
  brainstormId: number;
  ideaId: number;
}

/** The team's votes, or why they are not shown (blind review). */
function votesText(votes: number | null) {
  if (votes === null) return 'Team votes: hidden until you review it';
  return `Team votes: ${String(votes)}`;
}

/**
 * One idea on a page of its own (the matrix and the rankings open it): its text, the team's
 * votes, its theme and sources, and, kept apart, the model's scores.
 */
export function IdeaDetailPage({ brainstormId, ideaId }: IdeaDetailPageProps) {
  const idea = useQuery(ideaQueryOptions(ideaId));
  const themes = useThemes(brainstormId).data ?? [];
  const notFound =
    (idea.error instanceof ApiError && idea.error.status === 404) ||
    (idea.data !== undefined && idea.data.brainstorm !== brainstormId);

  let body;
  if (notFound) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        Idea not found
      </p>
    );
  } else if (idea.isError) {
    body = (
      <LoadError
        message="Error loading idea"
        retrying={idea.isFetching}
        onRetry={() => void idea.refetch()}
      />
    );
  } else if (!idea.data) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading idea...
      </p>
    );
  } else {
    const theme = themes.find((candidate) => candidate.id === idea.data.theme);
    body = (
      <div className="grid gap-3">
        <h2 className="text-lg font-semibold break-words">{idea.data.title}</h2>
        {idea.data.summary ? <p className="text-sm">{idea.data.summary}</p> : null}
        {idea.data.description ? (
          <p className="text-sm whitespace-pre-line text-muted-foreground">
            {idea.data.description}
          </p>
        ) : null}
        <IdeaProvenance idea={idea.data} listed={[]} />
        <p className="text-sm">{votesText(idea.data.votes)}</p>
        <p className="text-sm">Theme: {theme?.name ?? 'Unsorted'}</p>
        <ModelView ideaId={ideaId} />
      </div>
    );
  }

  return (
    <section aria-label="Idea" className="grid gap-4">
      <Link
        to="/brainstorms/$brainstormId"
        params={{ brainstormId }}
        className="inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All ideas of the brainstorm
      </Link>
      <Card className="gap-4 py-4 sm:py-6">
        <CardContent className="px-4 sm:px-6">{body}</CardContent>
      </Card>
    </section>
  );
}
