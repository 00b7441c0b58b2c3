import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { insightRow, insightsAnswer } from '../testing/insights-fixtures';
import { ModelInsightsTable } from './model-insights-table';

const rows = [
  insightRow({ model: 'gpt-5', kept: 4, cost: 0.045, cost_per_kept_idea: 0.01125 }),
  insightRow({ model: 'gpt-5-mini', kept: 9, cost: 1234.5, cost_per_kept_idea: 137.17 }),
  insightRow({
    provider: 'anthropic',
    provider_name: 'anthropic',
    model: 'claude-mystery',
    kept: 2,
    cost: null,
    cost_per_kept_idea: null,
  }),
];

function renderTable() {
  render(<ModelInsightsTable rows={rows} totals={insightsAnswer(rows).totals} />);
  return userEvent.setup();
}

const modelsInOrder = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

/** The body's rows, then the totals row. */
function bodyRows() {
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  const [a, b, c, totals] = rows;
  if (!a || !b || !c || !totals) throw new Error('expected three rows and the totals');
  return { body: [a, b, c] as const, totals };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('ModelInsightsTable', () => {
  it('starts with the most kept first, and says so with aria-sort', () => {
    renderTable();
    expect(modelsInOrder()).toEqual(['gpt-5-mini', 'gpt-5', 'claude-mystery']);
    expect(header('Kept')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Model')).not.toHaveAttribute('aria-sort');
  });

  it('sorts by a clicked header, and turns round on a second click', async () => {
    const user = renderTable();
    await user.click(screen.getByRole('button', { name: 'Model' }));
    expect(modelsInOrder()).toEqual(['claude-mystery', 'gpt-5', 'gpt-5-mini']);
    expect(header('Model')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Kept')).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Model' }));
    expect(modelsInOrder()).toEqual(['gpt-5-mini', 'gpt-5', 'claude-mystery']);
    expect(header('Model')).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows costs as dollars and an unknown cost as a dash with no price, last however sorted', async () => {
    const user = renderTable();
    await user.click(screen.getByRole('button', { name: 'Cost' }));
    expect(modelsInOrder()).toEqual(['gpt-5-mini', 'gpt-5', 'claude-mystery']);
    await user.click(screen.getByRole('button', { name: 'Cost' }));
    expect(modelsInOrder()).toEqual(['gpt-5', 'gpt-5-mini', 'claude-mystery']);
    const [cheap, dear, unpriced] = bodyRows().body;
    expect(within(cheap).getByText('$0.045')).toBeVisible();
    expect(within(cheap).getByText('$0.01125')).toBeVisible();
    expect(within(dear).getByText('$1,234.50')).toBeVisible();
    expect(within(unpriced).getAllByText('no price')).toHaveLength(2);
    expect(within(unpriced).queryByText(/\$/)).toBeNull();
  });

  it('shows a withheld count as a dash saying so, last however sorted', async () => {
    const withheld = insightRow({
      model: 'tiny',
      ideas: 2,
      kept: null,
      hidden: null,
      down_voted: null,
      private_counts_withheld: true,
      cost_per_kept_idea: null,
    });
    const shown = [...rows, withheld];
    render(<ModelInsightsTable rows={shown} totals={insightsAnswer(shown).totals} />);
    const user = userEvent.setup();
    const last = () =>
      within(screen.getByRole('table')).getAllByRole('row').at(-2) ?? document.body;
    expect(within(last()).getAllByText('withheld')).toHaveLength(3);
    expect(within(last()).getByRole('cell', { name: 'tiny' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Kept' }));
    expect(within(last()).getByRole('cell', { name: 'tiny' })).toBeVisible();
  });

  it('closes with the totals of every model', () => {
    renderTable();
    const { totals } = bodyRows();
    expect(within(totals).getByText('All models')).toBeVisible();
    expect(within(totals).getByText('15')).toBeVisible();
  });
});
