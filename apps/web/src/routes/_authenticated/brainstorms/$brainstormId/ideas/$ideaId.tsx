import { createFileRoute } from '@tanstack/react-router';
import { brainstormQueryOptions } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { IdeaDetailPage } from '@/features/idea-detail/components/idea-detail-page';
import { titleHead } from '@/lib/page-title';
import { parseId } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/ideas/$ideaId')({
  params: {
    parse: (params: { brainstormId: string; ideaId: string }) => ({
      brainstormId: parseId(params.brainstormId),
      ideaId: parseId(params.ideaId),
    }),
    stringify: (params: { brainstormId: number; ideaId: number }) => ({
      brainstormId: String(params.brainstormId),
      ideaId: String(params.ideaId),
    }),
  },
  // A failed load is shown by the page itself ('Error loading brainstorm').
  loader: ({ context, params }) =>
    context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined),
  head: ({ match, params }) => titleHead(`Idea ${params.ideaId}`, match),
  component: IdeaRoute,
});

function IdeaRoute() {
  const { brainstormId, ideaId } = Route.useParams();
  return (
    <BrainstormDetailPage
      brainstormId={brainstormId}
      // An idea's own page is where it is reviewed and discussed.
      place="review"
      ideas={
        <IdeaDetailPage
          key={`idea-${String(ideaId)}`}
          brainstormId={brainstormId}
          ideaId={ideaId}
        />
      }
    />
  );
}
