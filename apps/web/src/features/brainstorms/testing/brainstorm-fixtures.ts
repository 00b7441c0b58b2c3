import { http, HttpResponse } from 'msw';
import { server } from '@/test/msw-server';
import type { Brainstorm, BrainstormTypeOption } from '../api/types';

export function makeBrainstorm(overrides: Partial<Brainstorm> = {}): Brainstorm {
  const id = overrides.id ?? 7;
  return {
    id,
    title: `Brainstorm number ${id}`,
    description: 'Ways to make the office kitchen worse',
    type: 'bad_idea_contest',
    type_display: 'Bad Idea Contest',
    parameters: {
      problem: 'The kitchen is too tidy',
      themes: ['coffee', 'fridge'],
      type: 'bad_idea_contest',
    },
    project: null,
    created_by: 1,
    ideas_count: 3,
    blind_review: false,
    created: '2026-02-15T09:30:00.000Z',
    modified: '2026-02-15T09:30:00.000Z',
    ...overrides,
  };
}

export const brainstormTypes: BrainstormTypeOption[] = [
  {
    value: 'bad_idea_contest',
    display_name: 'Bad Idea Contest',
    description: 'Collect deliberately terrible ideas, then turn them around.',
  },
  { value: 'classic', display_name: 'Classic', description: 'Free-flowing ideas, judged later.' },
];

export function serveBrainstormTypes(types: BrainstormTypeOption[] = brainstormTypes) {
  server.use(http.get('/api/brainstorms/types/', () => HttpResponse.json(types)));
}
