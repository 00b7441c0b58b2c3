import { Link } from '@tanstack/react-router';

/** 'All 50 ideas reviewed', or 'All 1 idea reviewed'. */
export function allReviewed(count: number) {
  return `All ${count.toString()} ${count === 1 ? 'idea' : 'ideas'} reviewed`;
}

interface ReviewEmptyProps {
  brainstormId: number;
  /** The brainstorm's ideas when the list is empty because the caller reviewed them all. */
  reviewedAll: number | null;
}

const nextStep = 'font-medium underline underline-offset-4 hover:text-primary';

/**
 * The spec's empty text; when the review is done, led by what matters then (issue 39): that it
 * is done, and the next steps, themes or a ranking.
 */
export function ReviewEmpty({ brainstormId, reviewedAll }: ReviewEmptyProps) {
  return (
    <div role="status" className="grid gap-1 text-sm">
      {reviewedAll ? (
        <p>
          <span className="font-medium text-foreground">{allReviewed(reviewedAll)}</span> — on to{' '}
          <Link
            to="/brainstorms/$brainstormId/themes"
            params={{ brainstormId }}
            className={nextStep}
          >
            themes
          </Link>{' '}
          or{' '}
          <Link
            to="/brainstorms/$brainstormId/ranking"
            params={{ brainstormId }}
            className={nextStep}
          >
            ranking
          </Link>
        </p>
      ) : null}
      <p className="text-muted-foreground">No ideas found for this brainstorm.</p>
    </div>
  );
}
