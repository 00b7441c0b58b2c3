import { http, HttpResponse } from 'msw';

/**
 * What the mocked server answers unless a test says otherwise. A brainstorm's page lists its
 * ideas, so every test that opens one would otherwise need to serve them: by default there are
 * none. Its generation controls read the providers and the newest generation: by default there
 * are none either.
 */
export const defaultHandlers = [
  http.get('/api/ideas/', () =>
    HttpResponse.json({ count: 0, filteredCount: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/llm-providers/', () => HttpResponse.json([])),
  http.get('/api/brainstorms/:id/generations/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
];
