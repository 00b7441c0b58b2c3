import { vi, describe, expect, it } from 'vitest';
import {
  holdDashboardPart,
  serveDashboardPart,
  someReviewQueue,
} from '../testing/dashboard-fixtures';
import { openDashboard } from '../testing/open-dashboard';

describe('Review queue card', () => {
  it('shows the skeleton while loading, then each brainstorm with a link into review', async () => {
    const { release } = holdDashboardPart('review-queue', someReviewQueue());
    const { card } = openDashboard();
    const queue = await card('Review queue');
    expect(queue.getByRole('status', { name: 'Loading review queue' })).toBeInTheDocument();
    release();
    expect(await queue.findByText('7 ideas to review in 2 brainstorms')).toBeVisible();
    const link = queue.getByRole('link', { name: /Quieter offices/ });
    expect(link).toHaveAttribute('href', '/brainstorms/12/review');
    expect(link).toHaveTextContent('5 to review');
    expect(queue.getByText('Workplace')).toBeVisible();
    expect(queue.getByRole('link', { name: /Commuting/ })).toHaveTextContent('2 to review');
  });

  it('says all caught up when nothing waits', async () => {
    const { card } = openDashboard();
    const queue = await card('Review queue');
    expect(await queue.findByText(/All caught up/)).toBeVisible();
  });

  it('says a failed load, and Try again recovers', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveDashboardPart('review-queue', { status: 500 });
    const { card, user } = openDashboard();
    const queue = await card('Review queue');
    expect(await queue.findByText('Error loading the review queue.')).toBeVisible();
    serveDashboardPart('review-queue', someReviewQueue());
    await user.click(queue.getByRole('button', { name: 'Try again' }));
    expect(await queue.findByText('7 ideas to review in 2 brainstorms')).toBeVisible();
    expect(logged).toHaveBeenCalled();
  });
});
