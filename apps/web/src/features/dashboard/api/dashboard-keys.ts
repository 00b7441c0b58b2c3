import { ideaKeys } from '@/entities/idea/api/idea-keys';

/** The dashboard's parts. The review queue is a count of ideas to review: any annotation changes it. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  reviewQueue: () => [...ideaKeys.reviewCounts(), 'dashboard'] as const,
  recentBrainstorms: (scope: string) => [...dashboardKeys.all, 'recent', scope] as const,
  activity: (limit: number) => [...dashboardKeys.all, 'activity', limit] as const,
  spend: () => [...dashboardKeys.all, 'spend'] as const,
};

/** A summary is read afresh on every visit: what it sums changes elsewhere all the time. */
export const DASHBOARD_STALE_TIME = 0;
