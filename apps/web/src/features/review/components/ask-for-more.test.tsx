import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerIdea } from '@/entities/idea/api/types';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import type { components } from '@/lib/api/schema';
import { makeGeneration, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

type GenerationRequest = components['schemas']['GenerationRequest'];

const user = makeUser();

const provenance: NonNullable<ServerIdea['provenance']> = {
  generation: 40,
  input_tokens: 10,
  output_tokens: 20,
  model: 'gpt-4o',
  provider: 'openai',
  prompt_version: 'bad_idea_contest@2',
  settings: null,
  technique: 'bad_idea_contest',
  inspired_by: 1,
  steered_by: { liked: [1, 2], rejected: [3] },
  steering_hidden: false,
};

function generation(id: number, status: 'queued' | 'running' | 'done') {
  return makeGeneration({ id, status, succeeded: status === 'done' ? 10 : 0 });
}

/** Records each 'More like this' and 'Flip it' request; the generation runs until read twice. */
function serveAsking(refusal?: string) {
  const asked: { path: string; body: GenerationRequest }[] = [];
  let reads = 0;
  const answer = async (path: string, request: Request) => {
    asked.push({ path, body: (await request.json()) as GenerationRequest });
    if (refusal) return HttpResponse.json({ detail: refusal }, { status: 429 });
    return HttpResponse.json(generation(50, 'queued'), { status: 202 });
  };
  server.use(
    http.get('/api/llm-providers/', () =>
      HttpResponse.json([
        {
          provider: 'openai',
          name: 'OpenAI',
          models: ['gpt-4o'],
          default_model: 'gpt-4o',
          capabilities: ['generate', 'cluster', 'assess', 'rank', 'combine', 'judge'],
        },
      ]),
    ),
    http.post('/api/ideas/:id/more-like-this/', ({ params, request }) =>
      answer(`more ${String(params.id)}`, request),
    ),
    http.post('/api/ideas/:id/flip-it/', ({ params, request }) =>
      answer(`flip ${String(params.id)}`, request),
    ),
    http.get('/api/generations/:id/', () => {
      reads += 1;
      return HttpResponse.json(generation(50, reads > 1 ? 'done' : 'running'));
    }),
  );
  return asked;
}

async function openReview() {
  const app = renderApp('/brainstorms/7/review', { signedInAs: user });
  await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);
  return app;
}

function rowOf(title: string) {
  const found = screen.getByRole('cell', { name: title }).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
}

function region() {
  return screen.getByRole('region', { name: 'Ideas Review' });
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});

describe('More like this and Flip it', () => {
  it("asks with the controls' provider, model and count, and says so until it ends", async () => {
    serveReview(reviewIdeas(2));
    const asked = serveAsking();
    const { user: actor } = await openReview();
    // The controls under the list have chosen by the time their button is ready.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    });

    await actor.click(
      within(rowOf('Idea number 2')).getByRole('button', { name: 'More like this' }),
    );

    expect(
      await within(region()).findByText('Generating 10 more like “Idea number 2”…'),
    ).toHaveAttribute('role', 'status');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.path).toBe('more 2');
    expect(asked[0]?.body.num_workers).toBe(10);
    expect(asked[0]?.body.worker_params[0]).toMatchObject({ provider: 'openai', model: 'gpt-4o' });
    expect(asked[0]?.body).not.toHaveProperty('steer');
    // Once the generation ends, the line goes and the list is read again.
    await waitFor(
      () => {
        expect(within(region()).queryByText(/Generating 10 more like/)).not.toBeInTheDocument();
      },
      { timeout: 4000 },
    );
  });

  it("asks with the controls' variety when it is high", async () => {
    serveReview(reviewIdeas(2));
    const asked = serveAsking();
    const { user: actor } = await openReview();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    });
    await actor.click(screen.getByRole('combobox', { name: 'Variety' }));
    await actor.click(screen.getByRole('option', { name: 'High — 3 candidates per idea' }));

    await actor.click(
      within(rowOf('Idea number 1')).getByRole('button', { name: 'More like this' }),
    );
    await waitFor(() => {
      expect(asked).toHaveLength(1);
    });
    expect(asked[0]?.body).toMatchObject({ variety: 'high', num_workers: 10 });
  });

  it("flips a Bad Idea Contest's idea, 'm' asks for more like the active one, 'f' flips it", async () => {
    serveReview(reviewIdeas(2));
    const asked = serveAsking();
    const { user: actor } = await openReview();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    });

    await actor.click(within(rowOf('Idea number 1')).getByRole('button', { name: 'Flip it' }));
    expect(
      await within(region()).findByText('Flipping “Idea number 1” into a workable idea…'),
    ).toBeInTheDocument();
    expect(asked[0]?.path).toBe('flip 1');

    await actor.keyboard('m');
    await waitFor(() => {
      expect(asked.map((request) => request.path)).toEqual(['flip 1', 'more 1']);
    });
    await actor.keyboard('j');
    await actor.keyboard('f');
    await waitFor(() => {
      expect(asked.map((request) => request.path)).toEqual(['flip 1', 'more 1', 'flip 2']);
    });
  });

  it("shows the server's reason when it refuses", async () => {
    serveReview(reviewIdeas(1));
    serveAsking('The daily token budget is spent.');
    // The refusal is logged once, by the query client.
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    const { user: actor } = await openReview();
    await actor.click(
      within(rowOf('Idea number 1')).getByRole('button', { name: 'More like this' }),
    );

    const alert = await within(region()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to generate ideas. Please try again.');
    expect(alert).toHaveTextContent('The daily token budget is spent.');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('shows what an idea was developed from and what steered it', async () => {
    serveReview([...reviewIdeas(1), makeIdea({ id: 4, title: 'A developed idea', provenance })]);
    const { user: actor } = await openReview();
    const developed = rowOf('A developed idea');

    expect(
      within(developed).getByText('Steered by 2 liked and 1 rejected idea'),
    ).toBeInTheDocument();
    const link = within(developed).getByRole('button', { name: '“Idea number 1”' });
    expect(link.closest('p')).toHaveTextContent('Developed from “Idea number 1”');
    await actor.click(link);
    expect(rowOf('Idea number 1')).toHaveAttribute('data-active');
  });
});
