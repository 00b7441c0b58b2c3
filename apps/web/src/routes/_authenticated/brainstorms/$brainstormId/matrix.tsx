import { createFileRoute } from '@tanstack/react-router';
import { brainstormQueryOptions } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { MatrixPage } from '@/features/matrix/components/matrix-page';
import { titleHead } from '@/lib/page-title';
import { idParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/matrix')({
  params: idParam('brainstormId'),
  // A failed load is shown by the page itself ('Error loading brainstorm').
  loader: ({ context, params }) =>
    context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined),
  head: ({ match, params }) => titleHead(`Matrix · Brainstorm ${params.brainstormId}`, match),
  component: MatrixRoute,
});

function MatrixRoute() {
  const { brainstormId } = Route.useParams();
  return (
    <BrainstormDetailPage
      brainstormId={brainstormId}
      place="matrix"
      ideas={<MatrixPage key={`matrix-${String(brainstormId)}`} brainstormId={brainstormId} />}
    />
  );
}
