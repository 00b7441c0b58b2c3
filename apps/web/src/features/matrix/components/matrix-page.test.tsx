import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  offline,
  openai,
  serveLatestAnalyses,
  serveLlmProviders,
  servePlan,
} from '@/entities/analysis/testing/analysis-fixtures';
import { makeTheme, serveThemes } from '@/entities/theme/testing/theme-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { makeAssessment, serveAssessments } from '../testing/matrix-fixtures';

beforeAll(stubPointerCapture);

const member = makeUser({ id: 2 });

function openMatrix() {
  serveLatestAnalyses({});
  servePlan();
  return renderApp('/brainstorms/7/matrix', { signedInAs: member });
}

describe('MatrixPage', () => {
  it("lists the model's scores by quadrant, apart from the votes, with the model's name", async () => {
    serveLlmProviders([openai]);
    serveThemes(() => [makeTheme({ id: 4, name: 'Pricing' })]);
    serveAssessments(
      [
        makeAssessment({ idea: 1, title: 'Free coffee', impact: 2, effort: 4, votes: 1 }),
        makeAssessment({
          idea: 2,
          title: 'Cheaper lunches',
          impact: 5,
          effort: 1,
          votes: 3,
          theme: 4,
        }),
        makeAssessment({ idea: 3, title: 'New canteen', impact: 4, effort: 5, votes: null }),
      ],
      {
        model_favours: [{ idea: 3, title: 'New canteen', impact: 4, votes: 0, gap: 0.8 }],
        team_favours: [],
      },
    );
    openMatrix();

    expect(await screen.findByText("Model's view: gpt-5-mini", {}, APP_LOADED)).toBeVisible();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'QuadrantQuick wins',
      'QuadrantBig bets',
      'QuadrantMoney pits',
    ]);
    const [quickWin, bigBet] = rows.map((row) => within(row));
    expect(quickWin?.getByRole('link', { name: 'Cheaper lunches' })).toHaveAttribute(
      'href',
      '/brainstorms/7/ideas/2',
    );
    expect(quickWin?.getByText('Pricing')).toBeVisible();
    expect(bigBet?.getByText('Hidden')).toBeVisible();

    const disagreements = screen.getByRole('region', {
      name: 'Where the model and the team disagree',
    });
    expect(within(disagreements).getByRole('link', { name: 'New canteen' })).toBeVisible();
    expect(within(disagreements).getByText("Model's impact 4 · Team votes 0")).toBeVisible();
    expect(within(disagreements).getByText('None.')).toBeVisible();
  });

  it('says nothing has been assessed yet, and why the offline provider cannot', async () => {
    serveLlmProviders([offline]);
    serveAssessments([]);
    openMatrix();
    expect(
      await screen.findByText(
        'No idea has been assessed yet: Assess ideas has a model score them.',
        {},
        APP_LOADED,
      ),
    ).toBeVisible();
    expect(screen.getByText(/^No configured provider can assess ideas\./)).toHaveTextContent(
      'No configured provider can assess ideas. The person who runs this Ideaforge server can ' +
        'add one: see Language-model providers.',
    );
  });

  it('says when the assessments could not be loaded', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveLlmProviders([openai]);
    serveAssessments([]);
    server.use(
      http.get('/api/brainstorms/:id/assessments/', () =>
        HttpResponse.json({ detail: 'Down.' }, { status: 503 }),
      ),
    );
    openMatrix();
    expect(await screen.findByText('Error loading the assessments', {}, APP_LOADED)).toBeVisible();
  });
});
