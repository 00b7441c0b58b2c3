import { http, HttpResponse } from 'msw';
import { server } from '@/test/msw-server';
import type { Theme } from '../api/types';

export function makeTheme(overrides: Partial<Theme> = {}): Theme {
  const id = overrides.id ?? 1;
  return {
    id,
    brainstorm: 7,
    name: `Theme ${String(id)}`,
    description: `What theme ${String(id)} is about`,
    position: id,
    ideas_count: 0,
    created_by: 1,
    created: '2026-03-01T10:15:00.000Z',
    modified: '2026-03-01T10:15:00.000Z',
    ...overrides,
  };
}

/** Serves the brainstorm's themes as `themes()` says at each request. */
export function serveThemes(themes: () => Theme[]) {
  server.use(http.get('/api/brainstorms/:id/themes/', () => HttpResponse.json(themes())));
}
