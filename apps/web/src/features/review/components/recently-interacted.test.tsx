import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import { RECENTLY_INTERACTED_MS } from '../hooks/use-recently-interacted';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const user = makeUser();

function row(title: string) {
  const found = screen.getByRole('cell', { name: title }).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
}

function listRequests(requests: string[]) {
  return requests.filter(
    (r) => r.startsWith('GET /api/ideas/unreviewed/') && r.includes('page_size=50'),
  );
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
  // Fake timers that still move with real time, so the requests and React keep running.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Recently interacted ideas', () => {
  it('are marked for 60 s and stay while they leave the list, then the lists are read again', async () => {
    const { requests } = serveReview(reviewIdeas(2));
    const { router } = renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 1' }, { timeout: 3000 });
    expect(row('Idea number 1')).not.toHaveAttribute('data-recent');

    fireEvent.click(within(row('Idea number 1')).getByRole('button', { name: 'Vote Up' }));
    expect(row('Idea number 1')).toHaveAttribute('data-recent');
    expect(row('Idea number 1')).toHaveClass('border-l-amber-500');
    expect(await screen.findByText('# Ideas to Review: 1 / 2')).toBeInTheDocument();

    // The list is read again (a generation finished, say): the server leaves the idea out now.
    const { queryClient } = router.options.context;
    const before = listRequests(requests).length;
    await act(() => queryClient.invalidateQueries({ queryKey: ideaKeys.lists() }));
    await waitFor(() => {
      expect(listRequests(requests).length).toBeGreaterThan(before);
    });
    expect(row('Idea number 1')).toHaveAttribute('data-recent');
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Remove Vote' }),
    ).toBeInTheDocument();
    // Still there for the next action, which is shown at once too.
    fireEvent.click(within(row('Idea number 1')).getByRole('button', { name: 'Vote Down' }));
    expect(within(row('Idea number 1')).getByRole('button', { name: 'Remove Vote' })).toHaveClass(
      'text-red-600',
    );

    const beforeExpiry = listRequests(requests).length;
    act(() => {
      vi.advanceTimersByTime(RECENTLY_INTERACTED_MS - 1_000);
    });
    expect(row('Idea number 1')).toHaveAttribute('data-recent');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Idea number 1' })).not.toBeInTheDocument();
    });
    expect(listRequests(requests).length).toBeGreaterThan(beforeExpiry);
    expect(row('Idea number 2')).not.toHaveAttribute('data-recent');
  });

  it('highlights the active row', async () => {
    serveReview(reviewIdeas(2));
    renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 2' }, { timeout: 3000 });
    fireEvent.focus(within(row('Idea number 2')).getByRole('button', { name: 'Vote Up' }));
    expect(row('Idea number 2')).toHaveAttribute('data-active');
    expect(row('Idea number 1')).not.toHaveAttribute('data-active');
  });
});
