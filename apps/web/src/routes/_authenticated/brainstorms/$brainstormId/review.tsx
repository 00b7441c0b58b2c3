import { createFileRoute } from '@tanstack/react-router';
import { BrainstormReviewPage } from '@/features/brainstorms/components/brainstorm-review-page';
import { idParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/review')({
  params: idParam('brainstormId'),
  component: ReviewRoute,
});

function ReviewRoute() {
  const { brainstormId } = Route.useParams();
  return <BrainstormReviewPage brainstormId={brainstormId} />;
}
