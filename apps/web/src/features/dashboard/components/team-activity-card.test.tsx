import { describe, expect, it, vi } from 'vitest';
import { holdDashboardPart, serveDashboardPart, someActivity } from '../testing/dashboard-fixtures';
import { openDashboard } from '../testing/open-dashboard';

describe('Team activity card', () => {
  it('shows the skeleton while loading, then each item as a sentence with its time', async () => {
    const { release } = holdDashboardPart('activity', someActivity());
    const { card } = openDashboard();
    const activity = await card('Team activity');
    expect(activity.getByRole('status', { name: 'Loading team activity' })).toBeInTheDocument();
    release();
    const items = await activity.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Bob Baker commented on Quiet trains in Commuting: Why not buses?2 minutes ago',
      'Desks on ferries in Commuting was pinned (3 pins)30 minutes ago',
      'Ada Lovelace asked for 4 ideas in Quieter offices with offline · sample-ideas (4 ideas made)2 hours ago',
    ]);
  });

  it('links comments and pins to their idea, generations to their brainstorm', async () => {
    serveDashboardPart('activity', someActivity());
    const { card } = openDashboard();
    const activity = await card('Team activity');
    expect(await activity.findByRole('link', { name: 'Quiet trains' })).toHaveAttribute(
      'href',
      '/brainstorms/14/ideas/40',
    );
    expect(activity.getByRole('link', { name: 'Desks on ferries' })).toHaveAttribute(
      'href',
      '/brainstorms/14/ideas/41',
    );
    expect(activity.getByRole('link', { name: 'Quieter offices' })).toHaveAttribute(
      'href',
      '/brainstorms/12',
    );
  });

  it('says when nothing happened yet', async () => {
    const { card } = openDashboard();
    const activity = await card('Team activity');
    expect(await activity.findByText(/Nothing yet/)).toBeVisible();
  });

  it('says a failed load with a retry', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveDashboardPart('activity', { status: 500 });
    const { card } = openDashboard();
    const activity = await card('Team activity');
    expect(await activity.findByText('Error loading team activity.')).toBeVisible();
    expect(activity.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
