import type { paths } from '@/lib/api/schema';

type Ok<Path extends keyof paths> = paths[Path]['get'] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

export type ReviewQueue = Ok<'/api/dashboard/review-queue/'>;
export type RecentBrainstorms = Ok<'/api/dashboard/recent-brainstorms/'>;
export type RecentBrainstorm = RecentBrainstorms['results'][number];
export type Activity = Ok<'/api/dashboard/activity/'>;
export type ActivityItem = Activity['results'][number];
export type Spend = Ok<'/api/dashboard/spend/'>;
export type Usage = Spend['me'];
export type BrainstormScope = 'team' | 'mine';
