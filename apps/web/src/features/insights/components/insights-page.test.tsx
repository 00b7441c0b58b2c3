import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import { insightRow, insightsAnswer } from '../testing/insights-fixtures';

const user = makeUser();

function serveProjects() {
  server.use(
    http.get('/api/projects/', () =>
      HttpResponse.json({
        count: 1,
        next: null,
        previous: null,
        results: [
          { id: 4, name: 'Roadmap', description: '', created_by: 1, created: '', modified: '' },
        ],
      }),
    ),
    http.get('/api/brainstorms/:id/', () => HttpResponse.json({ id: 12, title: 'Worse kitchens' })),
  );
}

/** Answers the insights with `body`, recording each query it was asked with. */
function serveInsights(body: object, status = 200) {
  const queries: string[] = [];
  serveProjects();
  server.use(
    http.get('/api/insights/models/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(body, { status });
    }),
  );
  return queries;
}

beforeAll(stubPointerCapture);

describe('Model insights page', () => {
  it('says it is loading, then shows the table, the chart and the prices', async () => {
    const hold = deferred();
    serveProjects();
    server.use(
      http.get('/api/insights/models/', async () => {
        await hold.promise;
        return HttpResponse.json(insightsAnswer());
      }),
    );
    renderApp('/insights', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: 'Model insights', level: 1 })).toBeVisible();
    expect(screen.getByText('Loading model insights...')).toBeInTheDocument();
    expect(
      screen.getByText(/An idea is kept when anyone up-voted, bookmarked or pinned/),
    ).toBeVisible();
    hold.release();
    const table = await screen.findByRole('table', { name: 'Model insights' });
    expect(within(table).getByRole('cell', { name: 'gpt-5' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Cost per kept idea', level: 2 })).toBeVisible();
    expect(screen.getByText('Prices')).toBeInTheDocument();
    expect(screen.getByText('openai:gpt-5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Model prices' })).toHaveAttribute(
      'href',
      '/about#prices',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  });

  it('says which counts are withheld, and why', async () => {
    serveInsights(
      insightsAnswer([
        insightRow({ unreviewed_blind: 3, cost_per_kept_idea: null }),
        insightRow({
          model: 'tiny',
          ideas: 2,
          kept: null,
          hidden: null,
          down_voted: null,
          private_counts_withheld: true,
        }),
      ]),
    );
    renderApp('/insights', { signedInAs: user });
    const table = await screen.findByRole('table', { name: 'Model insights' });
    const tiny = within(table).getByRole('cell', { name: 'tiny' }).closest('tr');
    expect(within(tiny ?? table).getAllByText('withheld')).toHaveLength(3);
    expect(screen.getByText(/^Fewer than 5 ideas: private counts withheld\./)).toHaveTextContent(
      /the totals leave out 2 ideas\.$/,
    );
    expect(
      screen.getByText(
        '3 ideas under blind review that you have not reviewed yet are left out of kept, ' +
          'hidden and down-voted.',
      ),
    ).toBeVisible();
  });

  it('says when no ideas were generated yet', async () => {
    serveInsights(insightsAnswer([]));
    renderApp('/insights', { signedInAs: user });
    expect(await screen.findByText('No generated ideas yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the figures cannot be loaded, with a way to try again', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveInsights({ detail: 'down' }, 500);
    renderApp('/insights', { signedInAs: user });
    expect(
      await screen.findByText('Error loading model insights. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"insights"'), expect.anything());
  });

  it('asks with the brainstorm of the address, shown as a chip that removes it', async () => {
    const queries = serveInsights(insightsAnswer([insightRow()]));
    const { user: clicker } = renderApp('/insights?brainstorm=12', { signedInAs: user });
    await screen.findByRole('table', { name: 'Model insights' });
    expect(queries.at(-1)).toBe('?brainstorm=12');
    await clicker.click(
      await screen.findByRole('button', { name: 'Remove the brainstorm filter Worse kitchens' }),
    );
    await expect.poll(() => queries.at(-1)).toBe('');
  });
});
