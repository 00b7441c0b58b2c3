import { createFileRoute } from '@tanstack/react-router';
import { brainstormQueryOptions } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { idParam } from '@/lib/route-params';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/')({
  params: idParam('brainstormId'),
  // A failed load is shown by the page itself ('Error loading brainstorm'), not the route error.
  loader: ({ context, params }) =>
    context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined),
  head: ({ match, params }) => titleHead(`Brainstorm ${params.brainstormId}`, match),
  component: BrainstormRoute,
});

function BrainstormRoute() {
  const { brainstormId } = Route.useParams();
  return <BrainstormDetailPage brainstormId={brainstormId} />;
}
