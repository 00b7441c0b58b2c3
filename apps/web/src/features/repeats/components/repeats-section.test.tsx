import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeAnalysis,
  makePlan,
  offline,
  openai,
  serveAnalysisStates,
  serveLlmProviders,
  servePlan,
  serveStart,
} from '@/entities/analysis/testing/analysis-fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderInRouter } from '@/test/render-in-router';
import { OFFLINE_REPEATS_TEXT, RepeatsSection } from './repeats-section';

beforeAll(stubPointerCapture);

function renderSection() {
  const user = userEvent.setup();
  renderInRouter(<RepeatsSection brainstormId={7} />);
  return user;
}

describe('RepeatsSection', () => {
  it('says once, without a model, that only rewordings are caught and how to catch more', async () => {
    serveLlmProviders([offline]);
    const plans = servePlan();
    renderSection();
    const said = await screen.findByText(/^Only rewordings are stacked/);
    expect(said).toHaveTextContent(
      `${OFFLINE_REPEATS_TEXT} The person who runs this Ideaforge server can add a ` +
        'language-model provider to find those repeats too: see Language-model providers.',
    );
    expect(within(said).getByRole('link', { name: 'Language-model providers' })).toHaveAttribute(
      'href',
      '/about#providers',
    );
    expect(screen.getAllByText(/Only rewordings are stacked/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Find repeats' })).toBeNull();
    expect(plans).toEqual([]);
  });

  it('asks for no plan until opened, then finds repeats and says what it stacked', async () => {
    serveLlmProviders([offline, openai]);
    const plans = servePlan((request) =>
      Response.json(makePlan({ kind: request.kind, calls: 2, max_tokens: 9_400 })),
    );
    const starts = serveStart((request) =>
      Response.json(makeAnalysis({ id: 31, kind: request.kind }), { status: 202 }),
    );
    serveAnalysisStates([
      makeAnalysis({
        id: 31,
        kind: 'repeats',
        status: 'done',
        calls_made: 2,
        result: { kind: 'repeats', judged: 24, stacked: 3 },
      }),
    ]);
    const user = renderSection();
    const section = await screen.findByRole('region', { name: 'Repeats in other words' });
    expect(plans).toEqual([]);

    await user.click(within(section).getByText(/A model can find the ideas/));
    expect(await within(section).findByText('Up to 2 calls, at most 9,400 tokens')).toBeVisible();
    expect(plans).toEqual([{ kind: 'repeats', provider: 'openai', model: 'gpt-5-mini' }]);
    await user.click(within(section).getByRole('button', { name: 'Find repeats' }));
    expect(
      await within(section).findByText('24 pairs judged: 3 ideas stacked as repeats.'),
    ).toBeVisible();
    expect(starts).toEqual([{ kind: 'repeats', provider: 'openai', model: 'gpt-5-mini' }]);
  });
});
