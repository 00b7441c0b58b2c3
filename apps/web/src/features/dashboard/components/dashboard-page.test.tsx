import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { APP_LOADED, renderApp } from '@/test/render-app';
import {
  serveDashboardPart,
  someActivity,
  someRecentBrainstorms,
  someReviewQueue,
  someSpend,
} from '../testing/dashboard-fixtures';

const user = makeUser();

const card = async (name: string) => screen.findByRole('region', { name }, APP_LOADED);

describe('Dashboard page', () => {
  it('keeps the heading, Logout and the welcome, then four cards', async () => {
    renderApp('/dashboard', { signedInAs: user });
    expect(
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, APP_LOADED),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeVisible();
    for (const name of [
      'Review queue',
      'Recent brainstorms',
      'Team activity',
      'Spend this month',
    ]) {
      expect(await card(name)).toBeVisible();
    }
  });

  it('shows each empty state', async () => {
    renderApp('/dashboard', { signedInAs: user });
    expect(await within(await card('Review queue')).findByText(/All caught up/)).toBeVisible();
    expect(
      await within(await card('Recent brainstorms')).findByText(/No brainstorms yet/),
    ).toBeVisible();
    expect(await within(await card('Team activity')).findByText(/Nothing yet/)).toBeVisible();
  });

  it('lists the review queue with links straight into review', async () => {
    serveDashboardPart('review-queue', someReviewQueue());
    renderApp('/dashboard', { signedInAs: user });
    const queue = await card('Review queue');
    expect(await within(queue).findByText('7 ideas to review in 2 brainstorms')).toBeVisible();
    const link = within(queue).getByRole('link', { name: /Quieter offices/ });
    expect(link).toHaveAttribute('href', '/brainstorms/12/review');
    expect(link).toHaveTextContent('5 to review');
    expect(within(queue).getByText('Workplace')).toBeVisible();
  });

  it('shows a failed part with a retry while the others stay', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveDashboardPart('review-queue', { status: 500 });
    serveDashboardPart('spend', someSpend());
    const { user: clicker } = renderApp('/dashboard', { signedInAs: user });
    const queue = await card('Review queue');
    expect(
      await within(queue).findByText('Error loading the review queue.', {}, APP_LOADED),
    ).toBeVisible();
    const spend = await card('Spend this month');
    expect(await within(spend).findByText('$2.25')).toBeVisible();
    serveDashboardPart('review-queue', someReviewQueue());
    await clicker.click(within(queue).getByRole('button', { name: 'Try again' }));
    expect(await within(queue).findByText('7 ideas to review in 2 brainstorms')).toBeVisible();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('"review-count","dashboard"'),
      expect.objectContaining({ status: 500 }),
    );
  });

  it('shows the loading skeleton until a part arrives', async () => {
    renderApp('/dashboard', { signedInAs: user });
    expect(
      await screen.findByRole('status', { name: 'Loading team activity' }, APP_LOADED),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading team activity' })).toBeNull();
    });
  });

  it('toggles recent brainstorms between the team and mine', async () => {
    const { urls } = serveDashboardPart('recent-brainstorms', someRecentBrainstorms());
    const { user: clicker } = renderApp('/dashboard', { signedInAs: user });
    const recent = await card('Recent brainstorms');
    const link = await within(recent).findByRole('link', { name: 'Quieter offices' });
    expect(link).toHaveAttribute('href', '/brainstorms/12');
    expect(within(recent).getByText('9 ideas')).toBeVisible();
    expect(within(recent).getByText('5 minutes ago')).toBeVisible();
    expect(within(recent).getByRole('button', { name: 'Team' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await clicker.click(within(recent).getByRole('button', { name: 'Mine' }));
    await waitFor(() => {
      expect(urls.some((url) => url.includes('scope=mine'))).toBe(true);
    });
    expect(within(recent).getByRole('button', { name: 'Mine' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('tells the team activity in sentences linked to the idea or brainstorm', async () => {
    serveDashboardPart('activity', someActivity());
    renderApp('/dashboard', { signedInAs: user });
    const activity = await card('Team activity');
    const items = await within(activity).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Bob Baker commented on Quiet trains in Commuting: Why not buses?2 minutes ago',
      'Desks on ferries in Commuting was pinned (3 pins)30 minutes ago',
      'Ada Lovelace asked for 4 ideas in Quieter offices with offline · sample-ideas (4 ideas made)2 hours ago',
    ]);
    const [comment, , generation] = items;
    if (!comment || !generation) throw new Error('expected three items');
    expect(within(comment).getByRole('link', { name: 'Quiet trains' })).toHaveAttribute(
      'href',
      '/brainstorms/14/ideas/40',
    );
    expect(within(generation).getByRole('link', { name: 'Quieter offices' })).toHaveAttribute(
      'href',
      '/brainstorms/12',
    );
  });

  it('shows spend in dollars, unpriced tokens, and the budgets as progress bars', async () => {
    serveDashboardPart('spend', {
      ...someSpend(),
      me: { input_tokens: 500, output_tokens: 100, cost: null, unpriced_tokens: 600 },
    });
    renderApp('/dashboard', { signedInAs: user });
    const spend = await card('Spend this month');
    expect(await within(spend).findByText('not priced')).toBeVisible();
    expect(within(spend).getByText('$2.55')).toBeVisible();
    expect(within(spend).getByText('600 not priced')).toBeVisible();
    const mine = within(spend).getByRole('progressbar', { name: 'Your use today' });
    expect(mine).toHaveAttribute('aria-valuenow', '25');
    expect(mine).toHaveAttribute('aria-valuetext', '50,000 of 200,000 tokens used today, 25%');
    expect(within(spend).getByRole('progressbar', { name: 'Team use today' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
  });
});
