import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { ThemeFilterSelect } from '@/entities/theme/components/theme-filter-select';
import type { ReviewView } from '../lib/review-search';
import { ReviewCounter } from './review-counter';
import { ReviewSection } from './review-section';
import { ReviewToggles } from './review-toggles';

interface ReviewPanelProps {
  brainstormId: number;
  /** A Bad Idea Contest: its ideas can be flipped into workable ones. */
  flippable?: boolean;
  view: ReviewView;
  onViewChange: (view: Partial<ReviewView>) => void;
  /** The generation controls, from the generation feature, shown under the list. */
  generation?: ReactNode;
  /** Finding repeats in other words, from the repeats feature, shown last. */
  repeats?: ReactNode;
}

/** The review page below the brainstorm's header card: the queue, its toggles and list. */
export function ReviewPanel({
  brainstormId,
  flippable,
  view,
  onViewChange,
  generation,
  repeats,
}: ReviewPanelProps) {
  return (
    <>
      <section aria-labelledby="review-queue-heading">
        <Card className="gap-4 py-4 sm:py-6">
          <CardContent className="grid gap-4 px-4 sm:px-6">
            <h2 id="review-queue-heading" className="text-lg font-semibold">
              Review Ideas
            </h2>
            <ReviewCounter brainstormId={brainstormId} showHidden={view.showHidden} />
            <ReviewToggles
              showHidden={view.showHidden}
              showReviewed={view.showReviewed}
              onChange={(toggles) => {
                // Another filter is another list: it starts at its first page.
                onViewChange({ ...toggles, page: 1 });
              }}
            />
            <ThemeFilterSelect
              brainstormId={brainstormId}
              value={view.theme}
              onChange={(theme) => {
                onViewChange({ theme, page: 1 });
              }}
            />
          </CardContent>
        </Card>
      </section>
      <ReviewSection
        brainstormId={brainstormId}
        flippable={flippable}
        view={view}
        onViewChange={onViewChange}
      />
      {generation}
      {repeats}
    </>
  );
}
