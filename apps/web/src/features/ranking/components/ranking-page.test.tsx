import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  makeAnalysis,
  makePlan,
  openai,
  serveLatestAnalyses,
  serveLlmProviders,
  servePlan,
} from '@/entities/analysis/testing/analysis-fixtures';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';

beforeAll(stubPointerCapture);

const member = makeUser({ id: 2 });

const ranking = makeAnalysis({
  id: 93,
  kind: 'rank',
  status: 'done',
  result: {
    kind: 'rank',
    ideas: [
      { idea: 2, title: 'Cheaper lunches', rating: 1046.2, wins: 3, losses: 0, votes: 4 },
      { idea: 1, title: 'Free coffee', rating: 984.5, wins: 1, losses: 2, votes: 6 },
    ],
    correlation: -1,
  },
});

describe('RankingPage', () => {
  it('shows the plan for the chosen N before it starts', async () => {
    serveLlmProviders([openai]);
    serveLatestAnalyses({});
    const plans = servePlan((request) =>
      HttpResponse.json(
        makePlan({ kind: 'rank', calls: (request.top ?? 20) * 3, rounds: 5, max_tokens: 90_000 }),
      ),
    );
    const { user } = renderApp('/brainstorms/7/ranking', { signedInAs: member });

    expect(
      await screen.findByText('Up to 60 calls in 5 rounds, at most 90,000 tokens', {}, APP_LOADED),
    ).toBeVisible();
    const top = screen.getByLabelText('Ideas to rank');
    await user.clear(top);
    await user.type(top, '10');
    expect(
      await screen.findByText('Up to 30 calls in 5 rounds, at most 90,000 tokens'),
    ).toBeVisible();
    expect(plans.at(-1)).toMatchObject({ kind: 'rank', top: 10 });

    await user.clear(top);
    await user.type(top, '51');
    expect(screen.getByText('Choose from 2 to 50 ideas.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rank the top ideas' })).toBeDisabled();
  });

  it('shows the top ideas that may repeat each other, and stacks one with a click', async () => {
    serveLlmProviders([openai]);
    serveLatestAnalyses({});
    servePlan();
    const asked: string[] = [];
    const stacked: unknown[] = [];
    const pair = {
      idea: 14,
      title: 'Teen-only lounge with beanbags',
      may_repeat: 12,
      may_repeat_title: 'A loud-allowed lounge for teenagers',
      similarity: 0.31,
    };
    server.use(
      http.get('/api/brainstorms/7/possible-repeats/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ pairs: stacked.length > 0 ? [] : [pair] });
      }),
      http.post('/api/ideas/14/mark-duplicate/', async ({ request }) => {
        stacked.push(await request.json());
        return HttpResponse.json(makeIdea({ id: 14, duplicate_of: 12 }));
      }),
    );
    const { user } = renderApp('/brainstorms/7/ranking', { signedInAs: member });

    const list = await screen.findByRole(
      'list',
      { name: 'These top ideas may say the same thing' },
      APP_LOADED,
    );
    expect(
      within(list).getByText(
        '#14 “Teen-only lounge with beanbags” may repeat #12 “A loud-allowed lounge for teenagers”',
      ),
    ).toBeVisible();
    expect(asked).toEqual(['?top=20']);
    await user.click(within(list).getByRole('button', { name: 'Stack #14 under #12' }));
    await waitFor(() => {
      expect(
        screen.queryByRole('list', { name: 'These top ideas may say the same thing' }),
      ).toBeNull();
    });
    expect(stacked).toEqual([{ of: 12 }]);
  });

  it('lists the ranked ideas with their votes, the agreement figure and the reasons', async () => {
    serveLlmProviders([openai]);
    serveLatestAnalyses({ rank: ranking });
    servePlan();
    server.use(
      http.get('/api/analyses/93/comparisons/', () =>
        HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [{ round: 1, idea_a: 1, idea_b: 2, winner: 2, reason: 'Lunch matters more.' }],
        }),
      ),
    );
    const { user } = renderApp('/brainstorms/7/ranking', { signedInAs: member });

    expect(
      await screen.findByText('Agreement with team votes: -1.00 (Spearman)', {}, APP_LOADED),
    ).toBeVisible();
    const table = screen.getByRole('table');
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    // The last cell is the phone's 'Details' button; wins–losses and votes are hidden there.
    expect(cells()).toEqual([
      ['1', 'Cheaper lunches', '1046', '3–0', '4', ''],
      ['2', 'Free coffee', '985', '1–2', '6', ''],
    ]);

    // On a phone a row is one line: its details open under it, and close again.
    const details = screen.getByRole('button', { name: 'Details of Free coffee' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).getAllByRole('cell', { name: '3–0' })[0]).toHaveClass('max-sm:hidden');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const opened = document.getElementById(details.getAttribute('aria-controls') ?? '');
    expect(opened).toHaveClass('sm:hidden');
    expect(opened).toHaveTextContent('IdeaFree coffeeWins–losses1–2Team votes6');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(cells()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: "The model's comparisons" }));
    expect(await screen.findByText('Round 1: “Cheaper lunches” over “Free coffee”')).toBeVisible();
    expect(screen.getByText('Lunch matters more.')).toBeVisible();
  });

  it('hands the shortlist on: downloaded as CSV, and copied as a Markdown table', async () => {
    serveLlmProviders([openai]);
    serveLatestAnalyses({ rank: ranking });
    servePlan();
    const markdown = '## Shortlist: [Lunch](/brainstorms/7)\n\n| Rank | Idea |\n';
    const asked: string[] = [];
    server.use(
      http.get('/api/analyses/93/shortlist/', ({ request }) => {
        const format = new URL(request.url).searchParams.get('format') ?? 'json';
        asked.push(format);
        return format === 'markdown'
          ? new HttpResponse(markdown, { headers: { 'content-type': 'text/markdown' } })
          : new HttpResponse('\uFEFFRank,Title\r\n1,Cheaper lunches\r\n', {
              headers: { 'content-type': 'text/csv' },
            });
      }),
    );
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:test/1';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderApp('/brainstorms/7/ranking', { signedInAs: member });

    await user.click(
      await screen.findByRole('button', { name: 'Download shortlist (CSV)' }, APP_LOADED),
    );
    await waitFor(() => {
      expect(saved).toEqual(['shortlist-93.csv']);
    });
    click.mockRestore();

    await user.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    expect(await screen.findByText('Copied: paste it into a tracker or a chat.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(markdown);
    expect(asked).toEqual(['csv', 'markdown']);
  });

  it('says why there is no agreement figure', async () => {
    serveLlmProviders([openai]);
    serveLatestAnalyses({
      rank: { ...ranking, result: { kind: 'rank', ideas: [], correlation: null } },
    });
    servePlan();
    renderApp('/brainstorms/7/ranking', { signedInAs: member });
    expect(
      await screen.findByText(
        'Agreement with team votes: not available, as the votes are hidden or all equal.',
        {},
        APP_LOADED,
      ),
    ).toBeVisible();
    expect(screen.getByText('No ideas were ranked.')).toBeVisible();
  });
});
