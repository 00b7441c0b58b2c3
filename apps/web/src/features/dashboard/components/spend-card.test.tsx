import { describe, expect, it, vi } from 'vitest';
import { holdDashboardPart, serveDashboardPart, someSpend } from '../testing/dashboard-fixtures';
import { openDashboard } from '../testing/open-dashboard';

describe('Spend card', () => {
  it('shows the skeleton while loading, then dollars, tokens and the budgets as progress bars', async () => {
    const { release } = holdDashboardPart('spend', someSpend());
    const { card } = openDashboard();
    const spend = await card('Spend this month');
    expect(spend.getByRole('status', { name: 'Loading spend this month' })).toBeInTheDocument();
    release();
    expect(await spend.findByText('$2.25')).toBeVisible();
    expect(spend.getByText('1,100,000 tokens')).toBeVisible();
    expect(spend.getByText('$2.55')).toBeVisible();
    expect(spend.getByText('600 not priced')).toBeVisible();
    const mine = spend.getByRole('progressbar', { name: 'Your use today' });
    expect(mine).toHaveAttribute('aria-valuenow', '25');
    expect(mine).toHaveAttribute('aria-valuetext', '50,000 of 200,000 tokens used today, 25%');
    expect(spend.getByRole('progressbar', { name: 'Team use today' })).toHaveAttribute(
      'aria-valuetext',
      '120,000 of 1,000,000 tokens used today, 12%',
    );
  });

  it('says not priced, never $0, when nothing used had a price; and lists the models', async () => {
    serveDashboardPart('spend', {
      ...someSpend(),
      me: { input_tokens: 500, output_tokens: 100, cost: null, unpriced_tokens: 600 },
      by_model: [
        {
          provider: 'ollama',
          provider_name: 'Ollama',
          model: 'llama3',
          input_tokens: 500,
          output_tokens: 100,
          cost: null,
        },
        {
          provider: 'openai',
          provider_name: 'OpenAI',
          model: 'gpt-5',
          input_tokens: 9000,
          output_tokens: 1000,
          cost: 0.0213,
        },
      ],
    });
    const { card } = openDashboard();
    const spend = await card('Spend this month');
    expect(await spend.findByText('not priced')).toBeVisible();
    const models = spend.getAllByRole('listitem').map((item) => item.textContent);
    expect(models).toEqual([
      'Ollama · llama3600 tokens · not priced',
      'OpenAI · gpt-510,000 tokens · $0.021',
    ]);
  });

  it('shows nothing spent as $0.00', async () => {
    const { card } = openDashboard();
    const spend = await card('Spend this month');
    expect(await spend.findAllByText('$0.00')).toHaveLength(2);
  });

  it('says a failed load with a retry', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveDashboardPart('spend', { status: 500 });
    const { card } = openDashboard();
    const spend = await card('Spend this month');
    expect(await spend.findByText('Error loading spend.')).toBeVisible();
    expect(spend.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
