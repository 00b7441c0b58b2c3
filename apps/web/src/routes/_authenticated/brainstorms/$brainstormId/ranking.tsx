import { createFileRoute } from '@tanstack/react-router';
import { brainstormQueryOptions } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { RankingPage } from '@/features/ranking/components/ranking-page';
import { titleHead } from '@/lib/page-title';
import { idParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/ranking')({
  params: idParam('brainstormId'),
  // A failed load is shown by the page itself ('Error loading brainstorm').
  loader: ({ context, params }) =>
    context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined),
  head: ({ match, params }) => titleHead(`Ranking · Brainstorm ${params.brainstormId}`, match),
  component: RankingRoute,
});

function RankingRoute() {
  const { brainstormId } = Route.useParams();
  return (
    <BrainstormDetailPage
      brainstormId={brainstormId}
      place="ranking"
      ideas={<RankingPage key={`ranking-${String(brainstormId)}`} brainstormId={brainstormId} />}
    />
  );
}
