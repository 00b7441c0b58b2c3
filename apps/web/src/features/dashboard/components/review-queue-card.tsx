import { Link } from '@tanstack/react-router';
import { ClipboardCheck } from 'lucide-react';
import { useReviewQueue } from '../api/get-review-queue';
import { CardEmpty, DashboardCard } from './dashboard-card';

const ideas = (count: number) => `${count} ${count === 1 ? 'idea' : 'ideas'}`;

/** The brainstorms with ideas the caller has yet to review, each a way straight into review. */
export function ReviewQueueCard() {
  const query = useReviewQueue();
  return (
    <DashboardCard
      title="Review queue"
      icon={ClipboardCheck}
      query={query}
      errorMessage="Error loading the review queue."
      isEmpty={(queue) => queue.total === 0}
      empty={<CardEmpty>All caught up: no ideas are waiting for your review.</CardEmpty>}
    >
      {(queue) => (
        <div className="grid grid-cols-1 gap-3">
          <p className="text-sm text-muted-foreground">
            {ideas(queue.total)} to review in {queue.brainstorms_total}{' '}
            {queue.brainstorms_total === 1 ? 'brainstorm' : 'brainstorms'}
          </p>
          <ul className="grid grid-cols-1 gap-1">
            {queue.results.map(({ brainstorm, unreviewed }) => (
              <li key={brainstorm.id}>
                <Link
                  to="/brainstorms/$brainstormId/review"
                  params={{ brainstormId: brainstorm.id }}
                  className="flex min-w-0 items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {brainstorm.title || `Brainstorm ${brainstorm.id}`}
                    </span>
                    {brainstorm.project ? (
                      <span className="block truncate text-xs text-muted-foreground">
                        {brainstorm.project.name}
                      </span>
                    ) : null}
                  </span>
                  <span className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                    {unreviewed} to review
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </DashboardCard>
  );
}
