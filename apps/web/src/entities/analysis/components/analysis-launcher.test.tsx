import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderInRouter } from '@/test/render-in-router';
import type { Analysis, AnalysisKind, AnalysisOptions } from '../api/types';
import { useAnalysisRun } from '../hooks/use-analysis-run';
import {
  makeAnalysis,
  makePlan,
  offline,
  openai,
  serveAnalysisStates,
  serveLlmProviders,
  servePlan,
  serveStart,
} from '../testing/analysis-fixtures';
import { AnalysisLauncher } from './analysis-launcher';

beforeAll(stubPointerCapture);

/** The launcher following the run it starts, as a page does. */
function Harness({ kind, options }: { kind: AnalysisKind; options?: AnalysisOptions }) {
  const [runId, setRunId] = useState<number | null>(null);
  const run = useAnalysisRun(runId).data ?? null;
  return (
    <AnalysisLauncher
      brainstormId={7}
      kind={kind}
      startLabel="Go"
      options={options}
      analysis={run}
      onStarted={(started: Analysis) => {
        setRunId(started.id);
      }}
    />
  );
}

function renderLauncher(kind: AnalysisKind = 'themes', options?: AnalysisOptions) {
  const user = userEvent.setup();
  renderInRouter(<Harness kind={kind} options={options} />);
  return { user };
}

describe('AnalysisLauncher', () => {
  it('offers only the providers that can run the step, and shows the plan before it starts', async () => {
    serveLlmProviders([offline, openai]);
    const plans = servePlan((request) =>
      HttpResponse.json(
        makePlan({ kind: request.kind, calls: 95, rounds: 7, max_tokens: 412_000 }),
      ),
    );
    const { user } = renderLauncher('rank', { top: 20 });

    expect(
      await screen.findByText('Up to 95 calls in 7 rounds, at most 412,000 tokens'),
    ).toBeVisible();
    expect(plans[0]).toEqual({ kind: 'rank', provider: 'openai', model: 'gpt-5-mini', top: 20 });
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['OpenAI']);
  });

  it('says why a step cannot run when no provider can do it, and who can add one', async () => {
    serveLlmProviders([offline]);
    renderLauncher('rank');
    const why = await screen.findByText(/^No configured provider can rank ideas\./);
    expect(why).toHaveTextContent(
      'No configured provider can rank ideas. The person who runs this Ideaforge server can ' +
        'add one: see Language-model providers.',
    );
    expect(within(why).getByRole('link', { name: 'Language-model providers' })).toHaveAttribute(
      'href',
      '/about#providers',
    );
    expect(screen.queryByRole('button', { name: 'Go' })).not.toBeInTheDocument();
  });

  it('says keyword themes make no model calls', async () => {
    serveLlmProviders([offline]);
    servePlan(() => HttpResponse.json(makePlan({ method: 'keywords', calls: 0, max_tokens: 0 })));
    renderLauncher('themes');
    expect(await screen.findByText('No model calls: grouped by shared words')).toBeVisible();
  });

  it("shows the plan's refusal as the server words it, and offers no Start", async () => {
    serveLlmProviders([openai]);
    servePlan(() =>
      HttpResponse.json(
        { kind: ['Finding themes needs at least 6 ideas; this brainstorm has 3.'] },
        { status: 400 },
      ),
    );
    renderLauncher('themes');
    expect(
      await screen.findByText('Finding themes needs at least 6 ideas; this brainstorm has 3.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();
  });

  it('starts the run, then follows its calls until it is done', async () => {
    serveLlmProviders([openai]);
    servePlan();
    const starts = serveStart();
    serveAnalysisStates([
      makeAnalysis({ status: 'running', calls_made: 3 }),
      makeAnalysis({ status: 'done', calls_made: 7 }),
    ]);
    const { user } = renderLauncher('themes');

    const start = await screen.findByRole('button', { name: 'Go' });
    await waitFor(() => {
      expect(start).toBeEnabled();
    });
    await user.click(start);

    expect(await screen.findByText('Running: 3 of 7 calls')).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(await screen.findByText('Done: 7 calls made', {}, { timeout: 3000 })).toBeVisible();
    expect(starts).toEqual([{ kind: 'themes', provider: 'openai', model: 'gpt-5-mini' }]);
  });

  it('says why a run failed', async () => {
    serveLlmProviders([openai]);
    servePlan();
    serveStart();
    serveAnalysisStates([
      makeAnalysis({ status: 'failed', error: 'The provider refused the key (401).' }),
    ]);
    const { user } = renderLauncher('themes');
    const start = await screen.findByRole('button', { name: 'Go' });
    await waitFor(() => {
      expect(start).toBeEnabled();
    });
    await user.click(start);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The run failed: The provider refused the key (401).',
    );
  });

  it("shows a limit's refusal (429) in the server's words", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveLlmProviders([openai]);
    servePlan();
    serveStart(() =>
      HttpResponse.json(
        { detail: 'This would pass your daily token budget of 200,000 tokens.' },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    );
    const { user } = renderLauncher('themes');
    const start = await screen.findByRole('button', { name: 'Go' });
    await waitFor(() => {
      expect(start).toBeEnabled();
    });
    await user.click(start);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This would pass your daily token budget of 200,000 tokens.',
    );
  });

  it('says when the providers could not be loaded', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(
      http.get('/api/llm-providers/', () =>
        HttpResponse.json({ detail: 'Down.' }, { status: 503 }),
      ),
    );
    renderLauncher('themes');
    expect(await screen.findByText('Error loading LLM providers')).toBeVisible();
  });
});
