import { http, HttpResponse } from 'msw';

/**
 * What the mocked server answers unless a test says otherwise. A brainstorm's page lists its
 * ideas, so every test that opens one would otherwise need to serve them: by default there are
 * none. Its generation controls read the providers and the newest generation: by default there
 * are none either. Nor has the caller saved any ideas (/saved lists the reviewed ones). The
 * dashboard's parts are empty: nothing to review, no brainstorms, no activity, nothing spent.
 * The settings page lists no personal access tokens.
 */
export const defaultHandlers = [
  http.get('/api/ideas/', () =>
    HttpResponse.json({ count: 0, filteredCount: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/ideas/reviewed/', () =>
    HttpResponse.json({ count: 0, filteredCount: 0, next: null, previous: null, results: [] }),
  ),
  // A brainstorm of any id, for pages that open one in passing (the review page from sign-in).
  http.get('/api/brainstorms/:id/', ({ params }) =>
    HttpResponse.json({
      id: Number(params.id),
      title: 'A brainstorm',
      description: '',
      type: 'bad_idea_contest',
      type_display: 'Bad Idea Contest',
      parameters: { problem: 'A problem', themes: [], type: 'bad_idea_contest' },
      project: null,
      created_by: 1,
      ideas_count: 0,
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-01T00:00:00.000Z',
    }),
  ),
  // The review page's ideas left to review: none by default.
  http.get('/api/ideas/unreviewed/', () =>
    HttpResponse.json({ count: 0, filteredCount: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/llm-providers/', () => HttpResponse.json([])),
  // The ranking page's top ideas that may repeat each other: none.
  http.get('/api/brainstorms/:id/possible-repeats/', () => HttpResponse.json({ pairs: [] })),
  // The settings page's personal access tokens: none.
  http.get('/api/tokens/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/projects/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  // Nothing the team reviewed steers the next generation.
  http.get('/api/brainstorms/:id/steering/', () => HttpResponse.json({ liked: [], rejected: [] })),
  http.get('/api/brainstorms/:id/generations/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  // No themes, and no sense-making runs: the ideas lists' theme filter stays out of sight.
  http.get('/api/brainstorms/:id/themes/', () => HttpResponse.json([])),
  http.get('/api/brainstorms/:id/analyses/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  // No live stream: the pages poll as they do without one (src/test/live-stream.ts serves one).
  http.get('/api/brainstorms/:id/events/', () =>
    HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
  ),
  http.get('/api/dashboard/review-queue/', () =>
    HttpResponse.json({ total: 0, brainstorms_total: 0, results: [] }),
  ),
  http.get('/api/dashboard/recent-brainstorms/', () => HttpResponse.json({ results: [] })),
  http.get('/api/dashboard/activity/', () => HttpResponse.json({ results: [] })),
  http.get('/api/dashboard/spend/', () =>
    HttpResponse.json({
      month_start: '2026-01-01T00:00:00.000Z',
      me: { input_tokens: 0, output_tokens: 0, cost: 0, unpriced_tokens: 0 },
      team: { input_tokens: 0, output_tokens: 0, cost: 0, unpriced_tokens: 0 },
      today: {
        me_tokens: 0,
        team_tokens: 0,
        daily_tokens_per_user: 200_000,
        daily_tokens_total: 1_000_000,
      },
      by_model: [],
    }),
  ),
];
