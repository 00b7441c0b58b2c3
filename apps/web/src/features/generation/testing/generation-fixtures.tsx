import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { makeGeneration } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import type { LlmProvider } from '@/entities/llm-provider/api/types';
import type { Generation, GenerationRequest } from '../api/types';
import { GenerationControls } from '../components/generation-controls';

/** The first provider's default model is not its first: a change of provider shows which. */
export const providers: LlmProvider[] = [
  {
    provider: 'openai',
    name: 'OpenAI',
    models: ['gpt-4o-mini', 'gpt-4o'],
    default_model: 'gpt-4o',
    capabilities: ['generate', 'cluster', 'assess', 'rank', 'combine', 'judge'],
  },
  {
    provider: 'anthropic',
    name: 'Anthropic',
    models: ['claude-haiku-4-5', 'claude-sonnet-4-5'],
    default_model: 'claude-sonnet-4-5',
    capabilities: ['generate', 'cluster', 'assess', 'rank', 'combine', 'judge'],
  },
];

export function serveProviders(list: LlmProvider[] = providers) {
  server.use(http.get('/api/llm-providers/', () => HttpResponse.json(list)));
}

/** Records each generation request's body and answers with `respond` (a 202 by default). */
export function serveGenerate(
  respond: () => Response | Promise<Response> = () =>
    HttpResponse.json(makeGeneration({ status: 'done' }), { status: 202 }),
  brainstormId = 7,
) {
  const bodies: GenerationRequest[] = [];
  server.use(
    http.post(`/api/brainstorms/${brainstormId}/brainstorm/`, async ({ request }) => {
      bodies.push((await request.json()) as GenerationRequest);
      return respond();
    }),
  );
  return bodies;
}

/** Answers each read of the generation with the next state, then the last one for good. */
export function serveGenerationStates(states: Generation[]) {
  let reads = 0;
  server.use(
    http.get('/api/generations/:id/', () => {
      const state = states[Math.min(reads, states.length - 1)];
      reads += 1;
      return HttpResponse.json(state);
    }),
  );
  return () => reads;
}

/**
 * Serves the brainstorm's idea total (the one-idea page the controls count with) as `total()`
 * says at each request, and counts the requests.
 */
export function serveIdeaTotal(total: () => number) {
  let requests = 0;
  server.use(
    http.get('/api/ideas/', () => {
      requests += 1;
      return HttpResponse.json({
        count: total(),
        filteredCount: total(),
        next: null,
        previous: null,
        results: [],
      });
    }),
  );
  return () => requests;
}

/** The controls alone, on the app's query client; with fake timers, user-event follows them. */
export function renderControls({ brainstormId = 7, poll = true } = {}) {
  const queryClient = createQueryClient();
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <GenerationControls brainstormId={brainstormId} poll={poll} />
    </QueryClientProvider>,
  );
  return { queryClient, user };
}
