import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { brainstormQueryOptions, useBrainstorm } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { GenerationControls } from '@/features/generation/components/generation-controls';
import { RepeatsSection } from '@/features/repeats/components/repeats-section';
import { ReviewPanel } from '@/features/review/components/review-panel';
import {
  reviewSearchDefaults,
  reviewSearchSchema,
  type ReviewView,
} from '@/features/review/lib/review-search';
import { idParam } from '@/lib/route-params';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/brainstorms/$brainstormId/review')({
  params: idParam('brainstormId'),
  // The list's page, page size and the two toggles; the defaults stay out of the address.
  validateSearch: reviewSearchSchema(),
  search: { middlewares: [stripSearchParams(reviewSearchDefaults)] },
  // A failed load is shown by the page itself ('Error loading brainstorm').
  loader: ({ context, params }) =>
    context.queryClient
      .query({ ...brainstormQueryOptions(params.brainstormId), staleTime: 'static' })
      .catch(() => undefined),
  head: ({ match, params }) => titleHead(`Review Ideas · Brainstorm ${params.brainstormId}`, match),
  component: ReviewRoute,
});

function ReviewRoute() {
  const { brainstormId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const brainstorm = useBrainstorm(brainstormId).data;
  const view: ReviewView = {
    page: search.page,
    pageSize: search.page_size,
    showHidden: search.show_hidden,
    showReviewed: search.show_reviewed,
    theme: search.theme,
  };
  const onViewChange = useCallback(
    (change: Partial<ReviewView>) => {
      void navigate({
        search: (previous) => ({
          page: change.page ?? previous.page,
          page_size: change.pageSize ?? previous.page_size,
          show_hidden: change.showHidden ?? previous.show_hidden,
          show_reviewed: change.showReviewed ?? previous.show_reviewed,
          theme: change.theme === undefined ? previous.theme : change.theme,
        }),
      });
    },
    [navigate],
  );
  return (
    <BrainstormDetailPage
      brainstormId={brainstormId}
      place="review"
      reviewLink={false}
      ideas={
        <ReviewPanel
          brainstormId={brainstormId}
          flippable={brainstorm?.type === 'bad_idea_contest'}
          view={view}
          onViewChange={onViewChange}
          generation={
            <GenerationControls
              key={`generation-${String(brainstormId)}`}
              brainstormId={brainstormId}
              poll={false}
            />
          }
          repeats={<RepeatsSection brainstormId={brainstormId} />}
        />
      }
    />
  );
}
