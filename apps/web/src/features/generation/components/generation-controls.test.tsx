import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { ApiError } from '@/lib/api/api-error';
import { deferred, makeGeneration } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import {
  providers,
  renderControls,
  serveGenerate,
  serveGenerationStates,
  serveIdeaTotal,
  serveProviders,
} from '../testing/generation-fixtures';

beforeAll(stubPointerCapture);
afterEach(() => {
  vi.useRealTimers();
});

const listKey = [...ideaKeys.lists(), { brainstormId: 7, page: 1, pageSize: 10 }];

async function readyButton() {
  const button = await screen.findByRole('button', { name: 'Generate New Ideas' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  return button;
}

describe('GenerationControls', () => {
  it('starts with the first provider, its default model and 10 ideas', async () => {
    serveProviders();
    renderControls();

    await readyButton();
    expect(screen.getByLabelText('# ideas:')).toHaveValue(10);
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveTextContent('OpenAI');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveTextContent('gpt-4o');
  });

  it("resets the model to the new provider's first model", async () => {
    serveProviders();
    const { user } = renderControls();
    await readyButton();

    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(screen.getByRole('option', { name: 'Anthropic' }));

    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveTextContent('Anthropic');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveTextContent('claude-haiku-4-5');
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      providers[1]?.models,
    );
  });

  it('reads a number of ideas that is not a number as 10', async () => {
    serveProviders();
    const bodies = serveGenerate();
    const { user } = renderControls({ poll: false });
    await readyButton();
    const count = screen.getByLabelText('# ideas:');

    await user.clear(count);
    await user.type(count, 'abc');
    await user.tab();
    expect(count).toHaveValue(10);
    expect(count).not.toHaveAttribute('aria-invalid');

    // Enter submits what was typed; a field left empty asks for 10.
    await user.clear(count);
    await user.type(count, '{Enter}');
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]?.num_workers).toBe(10);
    expect(count).toHaveValue(10);
  });

  it('says the limits at the field for a number outside 1 to 50, and sends nothing', async () => {
    serveProviders();
    const bodies = serveGenerate();
    const { user } = renderControls({ poll: false });
    const button = await readyButton();
    const count = screen.getByLabelText('# ideas:');
    expect(count).not.toHaveAttribute('aria-invalid');
    expect(count).not.toHaveAttribute('aria-describedby');

    for (const typed of ['60', '0', '-3']) {
      await user.clear(count);
      await user.type(count, typed);
      await user.tab();
      // Kept as typed, and refused with the reason beside it.
      expect(count).toHaveValue(Number(typed));
      expect(count).toHaveAttribute('aria-invalid', 'true');
      expect(count).toHaveAccessibleDescription('Choose between 1 and 50 ideas.');
      expect(screen.getByRole('alert')).toHaveTextContent('Choose between 1 and 50 ideas.');
      await user.click(button);
      // Nothing is sent: the field takes the focus back, so its reason is read out.
      expect(count).toHaveFocus();
      expect(button).toHaveTextContent('Generate New Ideas');
    }
    await user.type(count, '{Enter}');
    expect(count).toHaveFocus();

    // Back within the limits: the reason goes, and the number typed is asked for.
    await user.clear(count);
    await user.type(count, '50');
    expect(count).not.toHaveAttribute('aria-invalid');
    expect(count).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button);
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]?.num_workers).toBe(50);
  });

  it('disables the selects and the button when there are no providers', async () => {
    serveProviders([]);
    renderControls();

    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveTextContent('No providers');
    });
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeDisabled();
  });

  it('asks for one worker per idea with the chosen provider, model and settings', async () => {
    serveProviders();
    const bodies = serveGenerate();
    const { user } = renderControls({ poll: false });
    await readyButton();

    await user.clear(screen.getByLabelText('# ideas:'));
    await user.type(screen.getByLabelText('# ideas:'), '3');
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(screen.getByRole('option', { name: 'gpt-4o-mini' }));
    await user.click(screen.getByRole('button', { name: 'Generate New Ideas' }));

    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    const worker = {
      provider: 'openai',
      model: 'gpt-4o-mini',
      settings: { temperature: 0.7, max_tokens: 1000 },
    };
    expect(bodies[0]).toEqual({ num_workers: 3, worker_params: [worker, worker, worker] });
  });

  it('says "Generating...", then "Loading ideas..." until the ideas grow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveProviders();
    let total = 3;
    const totalRequests = serveIdeaTotal(() => total);
    const hold = deferred();
    serveGenerate(async () => {
      await hold.promise;
      return HttpResponse.json(makeGeneration({ status: 'done' }), { status: 202 });
    });
    const { queryClient, user } = renderControls();
    await user.click(await readyButton());

    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    await waitFor(() => {
      expect(totalRequests()).toBe(1);
    });
    hold.release();
    expect(await screen.findByRole('button', { name: 'Loading ideas...' })).toBeDisabled();
    queryClient.setQueryData(listKey, { results: [] });

    await vi.advanceTimersByTimeAsync(2000);
    expect(totalRequests()).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Loading ideas...' })).toBeDisabled();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);

    total = 4;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);

    const requests = totalRequests();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(totalRequests()).toBe(requests);
  });

  it('stops polling after 30 seconds when no new idea arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveProviders();
    const totalRequests = serveIdeaTotal(() => 3);
    serveGenerate();
    const { queryClient, user } = renderControls();
    await user.click(await readyButton());
    expect(await screen.findByRole('button', { name: 'Loading ideas...' })).toBeDisabled();
    queryClient.setQueryData(listKey, { results: [] });

    await vi.advanceTimersByTimeAsync(28_000);
    expect(screen.getByRole('button', { name: 'Loading ideas...' })).toBeDisabled();
    // The count before asking, then one every 2 seconds.
    expect(totalRequests()).toBeGreaterThanOrEqual(14);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    const requests = totalRequests();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(totalRequests()).toBe(requests);
  });

  it('goes back to idle as soon as the request is accepted when it does not poll', async () => {
    serveProviders();
    const totalRequests = serveIdeaTotal(() => 3);
    serveGenerate();
    const { queryClient, user } = renderControls({ poll: false });
    queryClient.setQueryData(listKey, { results: [] });
    await user.click(await readyButton());

    await waitFor(() => {
      expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    });
    expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    expect(totalRequests()).toBe(0);
  });

  it('shows the progress, then the reasons of the ideas that failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveProviders();
    serveGenerate(() => HttpResponse.json(makeGeneration({ requested: 5 }), { status: 202 }));
    serveGenerationStates([
      makeGeneration({ requested: 5, status: 'running', succeeded: 2 }),
      makeGeneration({
        requested: 5,
        status: 'partly_failed',
        succeeded: 2,
        failed: 3,
        failures: [
          { reason: 'rate limited by the provider', count: 2 },
          { reason: 'the provider could not be reached', count: 1 },
        ],
      }),
    ]);
    const { queryClient, user } = renderControls({ poll: false });
    await user.click(await readyButton());

    const bar = await screen.findByRole('progressbar', { name: 'Idea generation' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByText('0 of 5 ideas')).toBeInTheDocument();
    await waitFor(() => {
      expect(queryClient.getQueryState(listKey)).toBeUndefined();
    });
    queryClient.setQueryData(listKey, { results: [] });

    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText('2 of 5 ideas')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    const status = screen.getByRole('status');
    expect(await within(status).findByText('Finished: 2 of 5 ideas stored.')).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect([...status.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Finished: 2 of 5 ideas stored.',
      '2 ideas failed: rate limited by the provider',
      '1 idea failed: the provider could not be reached',
    ]);
    // The finished generation's ideas are stored: the lists read them again.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('shows the progress of a generation already under way when it opens', async () => {
    serveProviders();
    const running = makeGeneration({ id: 44, requested: 8, status: 'running', succeeded: 3 });
    server.use(
      http.get('/api/brainstorms/7/generations/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('page_size')).toBe('1');
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [running] });
      }),
    );
    serveGenerationStates([running]);
    renderControls();

    expect(await screen.findByRole('progressbar', { name: 'Idea generation' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(screen.getByText('3 of 8 ideas')).toBeInTheDocument();
  });

  it('shows no progress for a generation that has finished before it opens', async () => {
    serveProviders();
    const done = makeGeneration({ status: 'done', succeeded: 10 });
    let answered = false;
    server.use(
      http.get('/api/brainstorms/7/generations/', () => {
        answered = true;
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [done] });
      }),
    );
    const { queryClient } = renderControls();
    await readyButton();
    await waitFor(() => {
      expect(answered).toBe(true);
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("says 'Failed to generate ideas. Please try again.' with the server's reason", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveProviders();
    const detail =
      'You can ask for at most 200 ideas an hour; 20 left for now. ' +
      'Ask for fewer, or try again later.';
    serveGenerate(() => HttpResponse.json({ detail }, { status: 429 }));
    const { user } = renderControls();
    await user.click(await readyButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to generate ideas. Please try again.');
    expect(within(alert).getByText(detail)).toHaveClass('text-muted-foreground');
    expect(screen.getByText('Failed to generate ideas. Please try again.')).toHaveClass(
      'text-destructive',
    );
    expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
    // Logged once, with high severity, by the query client.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^\[high\] Mutation .* failed$/),
      expect.any(ApiError),
    );
  });

  it("shows a refused request's field messages when there is no detail", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveProviders();
    serveGenerate(() => HttpResponse.json({ worker_params: ['Unknown model.'] }, { status: 400 }));
    const { user } = renderControls({ poll: false });
    await user.click(await readyButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to generate ideas. Please try again.');
    expect(within(alert).getByText('Unknown model.')).toBeInTheDocument();
  });

  it("says 'Error loading LLM providers', and Try again loads them", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    let failing = true;
    server.use(
      http.get('/api/llm-providers/', () =>
        failing
          ? HttpResponse.json({ detail: 'Down.' }, { status: 503 })
          : HttpResponse.json(providers),
      ),
    );
    const { user } = renderControls();

    expect(await screen.findByText('Error loading LLM providers')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeDisabled();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await readyButton();
    expect(screen.queryByText('Error loading LLM providers')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveTextContent('OpenAI');
  });
});
