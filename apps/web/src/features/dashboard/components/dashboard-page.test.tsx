import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { serveDashboardPart, someReviewQueue, someSpend } from '../testing/dashboard-fixtures';

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
});
