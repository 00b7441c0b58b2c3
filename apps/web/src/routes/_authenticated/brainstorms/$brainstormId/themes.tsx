import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { brainstormQueryOptions } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { ThemesPage } from '@/features/themes/components/themes-page';
import { titleHead } from '@/lib/page-title';
import { idParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/themes')({
  params: idParam('brainstormId'),
  // A failed load is shown by the page itself ('Error loading brainstorm').
  loader: ({ context, params }) =>
    context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined),
  head: ({ match, params }) => titleHead(`Themes · Brainstorm ${params.brainstormId}`, match),
  component: ThemesRoute,
});

function ThemesRoute() {
  const { brainstormId } = Route.useParams();
  // The page shows the board once the brainstorm has loaded: its given themes are there.
  const brainstorm = useQuery(brainstormQueryOptions(brainstormId));
  return (
    <BrainstormDetailPage
      brainstormId={brainstormId}
      place="themes"
      ideas={
        <ThemesPage
          key={`themes-${String(brainstormId)}`}
          brainstormId={brainstormId}
          given={brainstorm.data?.parameters.themes}
        />
      }
    />
  );
}
