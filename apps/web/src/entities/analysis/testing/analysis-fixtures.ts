import { http, HttpResponse } from 'msw';
import type { LlmProvider } from '@/entities/llm-provider/api/types';
import { server } from '@/test/msw-server';
import type { Analysis, AnalysisPlan, AnalysisRequest } from '../api/types';

/** A language-model provider that can do every step. */
export const openai: LlmProvider = {
  provider: 'openai',
  name: 'OpenAI',
  models: ['gpt-5-mini', 'gpt-5'],
  default_model: 'gpt-5-mini',
  capabilities: ['generate', 'cluster', 'assess', 'rank', 'combine', 'judge'],
};

/** The offline provider: it generates and clusters by shared words, nothing else. */
export const offline: LlmProvider = {
  provider: 'offline',
  name: 'Offline sample ideas (no AI)',
  models: ['sample-ideas'],
  default_model: 'sample-ideas',
  capabilities: ['generate', 'cluster'],
};

export function serveLlmProviders(list: LlmProvider[] = [offline, openai]) {
  server.use(http.get('/api/llm-providers/', () => HttpResponse.json(list)));
}

/** A run as the server answers it: a themes run by gpt-5-mini, queued, seven calls planned. */
export function makeAnalysis(overrides: Partial<Analysis> = {}): Analysis {
  return {
    id: 90,
    brainstorm: 7,
    kind: 'themes',
    status: 'queued',
    provider: 'openai',
    model: 'gpt-5-mini',
    method: 'model',
    created_by: 1,
    ideas: [],
    calls_planned: 7,
    calls_made: 0,
    input_tokens: 0,
    output_tokens: 0,
    error: null,
    result: null,
    applied: null,
    applied_by: null,
    created: '2026-03-01T10:15:00.000Z',
    started: null,
    finished: null,
    ...overrides,
  };
}

export function makePlan(overrides: Partial<AnalysisPlan> = {}): AnalysisPlan {
  return {
    kind: 'themes',
    ideas: 40,
    calls: 7,
    rounds: null,
    max_tokens: 41_200,
    method: 'model',
    ...overrides,
  };
}

/** Answers every plan with `respond(request)`, and records the requests. */
export function servePlan(
  respond: (request: AnalysisRequest) => Response = (request) =>
    HttpResponse.json(makePlan({ kind: request.kind })),
) {
  const requests: AnalysisRequest[] = [];
  server.use(
    http.post('/api/brainstorms/:id/analyses/plan/', async ({ request }) => {
      const body = (await request.json()) as AnalysisRequest;
      requests.push(body);
      return respond(body);
    }),
  );
  return requests;
}

/** Answers every start with `respond(request)` (a queued run by default), and records them. */
export function serveStart(
  respond: (request: AnalysisRequest) => Response = (request) =>
    HttpResponse.json(makeAnalysis({ kind: request.kind }), { status: 202 }),
) {
  const requests: AnalysisRequest[] = [];
  server.use(
    http.post('/api/brainstorms/:id/analyses/', async ({ request }) => {
      const body = (await request.json()) as AnalysisRequest;
      requests.push(body);
      return respond(body);
    }),
  );
  return requests;
}

/** Answers each read of a run with the next state, then the last one for good. */
export function serveAnalysisStates(states: Analysis[]) {
  let reads = 0;
  server.use(
    http.get('/api/analyses/:id/', () => {
      const state = states[Math.min(reads, states.length - 1)];
      reads += 1;
      return HttpResponse.json(state);
    }),
  );
  return () => reads;
}

/** The brainstorm's newest run of each kind, as the list answers it (none when absent). */
export function serveLatestAnalyses(latest: Partial<Record<Analysis['kind'], Analysis>>) {
  server.use(
    http.get('/api/brainstorms/:id/analyses/', ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind') as Analysis['kind'] | null;
      const run = kind ? latest[kind] : undefined;
      return HttpResponse.json({
        count: run ? 1 : 0,
        next: null,
        previous: null,
        results: run ? [run] : [],
      });
    }),
    http.get('/api/analyses/:id/', ({ params }) => {
      const run = Object.values(latest).find((candidate) => candidate.id === Number(params.id));
      return run
        ? HttpResponse.json(run)
        : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
  );
}
