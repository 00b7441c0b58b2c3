import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  holdDashboardPart,
  serveDashboardPart,
  someRecentBrainstorms,
} from '../testing/dashboard-fixtures';
import { openDashboard } from '../testing/open-dashboard';

describe('Recent brainstorms card', () => {
  it('shows the skeleton while loading, then titles, idea counts, last activity and project', async () => {
    const { release } = holdDashboardPart('recent-brainstorms', someRecentBrainstorms());
    const { card } = openDashboard();
    const recent = await card('Recent brainstorms');
    expect(recent.getByRole('status', { name: 'Loading recent brainstorms' })).toBeInTheDocument();
    release();
    const link = await recent.findByRole('link', { name: 'Quieter offices' });
    expect(link).toHaveAttribute('href', '/brainstorms/12');
    expect(recent.getByText('9 ideas')).toBeVisible();
    expect(recent.getByText('5 minutes ago')).toBeVisible();
    expect(recent.getByText('Workplace')).toBeVisible();
  });

  it('asks for the caller’s own with Mine', async () => {
    const { urls } = serveDashboardPart('recent-brainstorms', someRecentBrainstorms());
    const { card, user } = openDashboard();
    const recent = await card('Recent brainstorms');
    await recent.findByRole('link', { name: 'Quieter offices' });
    expect(recent.getByRole('button', { name: 'Team' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(recent.getByRole('button', { name: 'Mine' }));
    await waitFor(() => {
      expect(urls.some((url) => url.includes('scope=mine'))).toBe(true);
    });
    expect(recent.getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when there are none, with a way to start one', async () => {
    const { card } = openDashboard();
    const recent = await card('Recent brainstorms');
    expect(await recent.findByText(/No brainstorms yet/)).toBeVisible();
    expect(recent.getByRole('link', { name: 'Start one' })).toHaveAttribute('href', '/brainstorms');
  });

  it('says a failed load with a retry', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveDashboardPart('recent-brainstorms', { status: 500 });
    const { card } = openDashboard();
    const recent = await card('Recent brainstorms');
    expect(await recent.findByText('Error loading recent brainstorms.')).toBeVisible();
    expect(recent.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
