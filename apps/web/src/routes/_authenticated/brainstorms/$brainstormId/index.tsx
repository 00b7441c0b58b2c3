import { createFileRoute } from '@tanstack/react-router';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { idParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/')({
  params: idParam('brainstormId'),
  component: BrainstormRoute,
});

function BrainstormRoute() {
  const { brainstormId } = Route.useParams();
  return <BrainstormDetailPage brainstormId={brainstormId} />;
}
