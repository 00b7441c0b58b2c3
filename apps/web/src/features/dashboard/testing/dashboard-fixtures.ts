import { http, HttpResponse } from 'msw';
import { server } from '@/test/msw-server';
import type { Activity, RecentBrainstorms, ReviewQueue, Spend } from '../api/types';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const someReviewQueue = (): ReviewQueue => ({
  total: 7,
  brainstorms_total: 2,
  results: [
    {
      brainstorm: { id: 12, title: 'Quieter offices', project: { id: 3, name: 'Workplace' } },
      unreviewed: 5,
      ideas_count: 9,
    },
    { brainstorm: { id: 14, title: 'Commuting', project: null }, unreviewed: 2, ideas_count: 4 },
  ],
});

export const someRecentBrainstorms = (): RecentBrainstorms => ({
  results: [
    {
      id: 12,
      title: 'Quieter offices',
      type_display: 'Bad Idea Contest',
      project: { id: 3, name: 'Workplace' },
      ideas_count: 9,
      created_by: { id: 2, name: 'Bob Baker' },
      last_activity: minutesAgo(5),
    },
  ],
});

export const someActivity = (): Activity => ({
  results: [
    {
      kind: 'comment',
      id: 5,
      author: { id: 2, name: 'Bob Baker' },
      excerpt: 'Why not buses?',
      idea: { id: 40, title: 'Quiet trains' },
      brainstorm: { id: 14, title: 'Commuting' },
      at: minutesAgo(2),
    },
    {
      kind: 'pin',
      idea: { id: 41, title: 'Desks on ferries' },
      brainstorm: { id: 14, title: 'Commuting' },
      pins: 3,
      at: minutesAgo(30),
    },
    {
      kind: 'generation',
      id: 9,
      who: { id: 1, name: 'Ada Lovelace' },
      requested: 4,
      succeeded: 4,
      failed: 0,
      status: 'done',
      provider: 'offline',
      model: 'sample-ideas',
      brainstorm: { id: 12, title: 'Quieter offices' },
      at: minutesAgo(120),
    },
  ],
});

export const someSpend = (): Spend => ({
  month_start: '2026-05-01T00:00:00.000Z',
  me: { input_tokens: 1_000_000, output_tokens: 100_000, cost: 2.25, unpriced_tokens: 0 },
  team: { input_tokens: 1_200_000, output_tokens: 120_000, cost: 2.55, unpriced_tokens: 600 },
  today: {
    me_tokens: 50_000,
    team_tokens: 120_000,
    daily_tokens_per_user: 200_000,
    daily_tokens_total: 1_000_000,
  },
  by_model: [],
});

type Answer = object | { status: number };

/** Serves one dashboard part: a body, or an error status. */
export function serveDashboardPart(path: string, answer: Answer) {
  const urls: string[] = [];
  server.use(
    http.get(`/api/dashboard/${path}/`, ({ request }) => {
      urls.push(request.url);
      if ('status' in answer && typeof answer.status === 'number') {
        return HttpResponse.json({ detail: 'A server error occurred.' }, { status: answer.status });
      }
      return HttpResponse.json(answer);
    }),
  );
  return { urls };
}

/** Holds a dashboard part's answer until `release`, to see the card loading. */
export function holdDashboardPart(path: string, answer: object) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(`/api/dashboard/${path}/`, async () => {
      await held;
      return HttpResponse.json(answer);
    }),
  );
  return { release };
}
