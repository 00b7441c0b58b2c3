/** 'All 50 ideas reviewed', or 'All 1 idea reviewed'. */
export function allReviewed(count: number) {
  return `All ${count.toString()} ${count === 1 ? 'idea' : 'ideas'} reviewed`;
}

interface ReviewEmptyProps {
  /** The brainstorm's ideas when the list is empty because the caller reviewed them all. */
  reviewedAll: number | null;
}

/** The spec's empty text, and beside it that the review is done when that is why. */
export function ReviewEmpty({ reviewedAll }: ReviewEmptyProps) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      No ideas found for this brainstorm.
      {reviewedAll ? (
        <>
          {' '}
          <span className="font-medium text-foreground">{allReviewed(reviewedAll)}</span>
        </>
      ) : null}
    </p>
  );
}
