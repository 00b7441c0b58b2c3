import { http, HttpResponse } from 'msw';
import type { Assessment, Disagreements } from '@/entities/analysis/api/assessment-types';
import { server } from '@/test/msw-server';

export function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  const idea = overrides.idea ?? 1;
  return {
    idea,
    title: `Idea number ${String(idea)}`,
    theme: null,
    votes: 0,
    impact: 3,
    effort: 3,
    novelty: 3,
    reasons: { impact: 'Helps many.', effort: 'A week of work.', novelty: 'Seen before.' },
    provider: 'openai',
    model: 'gpt-5-mini',
    analysis: 91,
    created: '2026-03-01T10:15:00.000Z',
    ...overrides,
  };
}

/** Serves the brainstorm's assessments and disagreements. */
export function serveAssessments(
  assessments: Assessment[],
  disagreements: Disagreements = { model_favours: [], team_favours: [] },
) {
  server.use(
    http.get('/api/brainstorms/:id/assessments/', () => HttpResponse.json(assessments)),
    http.get('/api/brainstorms/:id/disagreements/', () => HttpResponse.json(disagreements)),
  );
}
