import { createFileRoute } from '@tanstack/react-router';
import { BrainstormReviewPage } from '@/features/brainstorms/components/brainstorm-review-page';
import { idParam } from '@/lib/route-params';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/review')({
  params: idParam('brainstormId'),
  head: ({ match, params }) => titleHead(`Review Ideas · Brainstorm ${params.brainstormId}`, match),
  component: ReviewRoute,
});

function ReviewRoute() {
  const { brainstormId } = Route.useParams();
  return <BrainstormReviewPage brainstormId={brainstormId} />;
}
