import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { brainstormQueryOptions, useBrainstorm } from '@/features/brainstorms/api/get-brainstorm';
import { BrainstormDetailPage } from '@/features/brainstorms/components/brainstorm-detail-page';
import { ReviewPanel } from '@/features/review/components/review-panel';
import {
  reviewSearchDefaults,
  reviewSearchSchema,
  type ReviewView,
} from '@/features/review/lib/review-search';
import { idParam } from '@/lib/route-params';
import { titleHead } from '@/lib/page-title';

// Both come under a full page of ideas, out of sight when the page shows: their code is fetched
// once the list is there.
const GenerationControls = lazy(() =>
  import('@/features/generation/components/generation-controls').then((module) => ({
    default: module.GenerationControls,
  })),
);
const RepeatsSection = lazy(() =>
  import('@/features/repeats/components/repeats-section').then((module) => ({
    default: module.RepeatsSection,
  })),
);

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
            <Suspense fallback={null}>
              <GenerationControls
                key={`generation-${String(brainstormId)}`}
                brainstormId={brainstormId}
                poll={false}
              />
            </Suspense>
          }
          repeats={
            <Suspense fallback={null}>
              <RepeatsSection brainstormId={brainstormId} />
            </Suspense>
          }
        />
      }
    />
  );
}
