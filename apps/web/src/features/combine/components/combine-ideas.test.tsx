import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeAnalysis,
  openai,
  serveAnalysisStates,
  serveLlmProviders,
  servePlan,
  serveStart,
} from '@/entities/analysis/testing/analysis-fixtures';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';

beforeAll(stubPointerCapture);

const member = makeUser({ id: 2 });

const combined = makeIdea({ id: 9, title: 'Coffee with lunch', combined_from: [1, 2] });

/** The brainstorm's ideas, the combined one among them once `listed`; it is read by itself too. */
function serveIdeas({ listed }: { listed: boolean }) {
  const ideas = [
    makeIdea({ id: 1, title: 'Free coffee' }),
    makeIdea({ id: 2, title: 'Cheaper lunches' }),
    makeIdea({ id: 3, title: 'Lunch by the river' }),
    ...(listed ? [combined] : []),
  ];
  server.use(
    http.get('/api/ideas/', ({ request }) => {
      if (new URL(request.url).searchParams.get('format') === 'json') {
        return HttpResponse.json(ideas);
      }
      return HttpResponse.json({
        count: ideas.length,
        filteredCount: ideas.length,
        next: null,
        previous: null,
        results: ideas,
      });
    }),
    http.get('/api/ideas/9/', () => HttpResponse.json(combined)),
  );
}

describe('Combine ideas', () => {
  it('combines the ideas picked, then links to the new idea and says how to undo it', async () => {
    serveLlmProviders([openai]);
    // The list was read before the combined idea was stored: its link reads the idea itself.
    serveIdeas({ listed: false });
    const plans = servePlan();
    const starts = serveStart(() =>
      HttpResponse.json(makeAnalysis({ id: 95, kind: 'combine', calls_planned: 1 }), {
        status: 202,
      }),
    );
    serveAnalysisStates([
      makeAnalysis({
        id: 95,
        kind: 'combine',
        status: 'done',
        calls_planned: 1,
        calls_made: 1,
        result: { kind: 'combine', idea: 9 },
      }),
    ]);
    const { user } = renderApp('/brainstorms/7', { signedInAs: member });

    await user.click(await screen.findByRole('button', { name: 'Combine ideas' }, APP_LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Combine ideas' });
    await user.type(await within(dialog).findByLabelText('Search ideas'), 'lunch');
    expect(within(dialog).queryByLabelText('Free coffee')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Cheaper lunches'));
    await user.click(within(dialog).getByLabelText('Lunch by the river'));
    expect(within(dialog).getByText('Ideas to combine (2 of 4 chosen)')).toBeVisible();

    const start = within(dialog).getByRole('button', { name: 'Combine' });
    await waitFor(() => {
      expect(start).toBeEnabled();
    });
    expect(plans.at(-1)).toMatchObject({ kind: 'combine', ideas: [2, 3] });
    await user.click(start);

    const done = await within(dialog).findByRole('link', { name: 'Coffee with lunch' });
    expect(done).toHaveAttribute('href', '/brainstorms/7/ideas/9');
    expect(
      within(dialog).getByText(
        'The ideas it merges stay as they were; deleting the combined idea is the undo.',
      ),
    ).toBeVisible();
    expect(starts).toEqual([
      { kind: 'combine', provider: 'openai', model: 'gpt-5-mini', ideas: [2, 3] },
    ]);
  });

  it('shows where a combined idea came from in the ideas list', async () => {
    serveIdeas({ listed: true });
    renderApp('/brainstorms/7', { signedInAs: member });
    expect(
      (
        await screen.findAllByText(
          'Combined from: “Free coffee”, “Cheaper lunches”',
          {},
          APP_LOADED,
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});
