import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import type { PresencePlace } from '@/entities/brainstorm/live/events';
import { BrainstormLiveContext } from '@/entities/brainstorm/live/live-context';
import { useBrainstormLive } from '@/entities/brainstorm/live/use-brainstorm-live';
import { useBrainstorm } from '../api/get-brainstorm';
import { BrainstormHeaderCard } from './brainstorm-header-card';

function PageMessage({ children, role }: { children: string; role: 'status' | 'alert' }) {
  return (
    <p
      role={role}
      className={role === 'alert' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
    >
      {children}
    </p>
  );
}

interface BrainstormDetailPageProps {
  brainstormId: number;
  /** Which of the brainstorm's pages this is: presence tells the others. */
  place: PresencePlace;
  /** The generation controls, from the generation feature; shown once the brainstorm has loaded. */
  generation?: ReactNode;
  /** The 'Ideas' section, from the ideas feature; shown once the brainstorm has loaded. */
  ideas?: ReactNode;
  /** The header card's 'Review Ideas' link: the review page, which shows this page too, leaves it out. */
  reviewLink?: boolean;
}

export function BrainstormDetailPage({
  brainstormId,
  place,
  generation,
  ideas,
  reviewLink = true,
}: BrainstormDetailPageProps) {
  const brainstorm = useBrainstorm(brainstormId);
  // One stream for the page: its header, lists and generation progress follow it.
  const live = useBrainstormLive(brainstormId, place);

  if (brainstorm.isPending) return <PageMessage role="status">Loading...</PageMessage>;
  if (brainstorm.isError) {
    return (
      <LoadError
        message="Error loading brainstorm"
        retrying={brainstorm.isFetching}
        onRetry={() => void brainstorm.refetch()}
      />
    );
  }
  if (!brainstorm.data) return <PageMessage role="alert">Brainstorm not found</PageMessage>;

  return (
    <BrainstormLiveContext value={live}>
      <BrainstormHeaderCard
        key={brainstorm.data.id}
        brainstorm={brainstorm.data}
        reviewLink={reviewLink}
      />
      {generation}
      {ideas}
    </BrainstormLiveContext>
  );
}
