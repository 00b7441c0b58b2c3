import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
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
    await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);
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

  it('keep the active row in its place on screen, and active, when rows above it expire', async () => {
    serveReview(reviewIdeas(5));
    // A laid-out page: each idea's row 80 px tall under 300 px of page, scrolled by scrollBy.
    let scrollY = 0;
    const scrolled = vi.spyOn(window, 'scrollBy').mockImplementation((_x: number, y: number) => {
      scrollY += y;
    });
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const rows = [...document.querySelectorAll('tr[data-idea-id]')];
      const top = 300 + rows.indexOf(this) * 80 - scrollY;
      return DOMRect.fromRect({ x: 0, y: top, width: 800, height: 80 });
    });
    const top = (title: string) => row(title).getBoundingClientRect().top;
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key });
    };
    renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);

    // Ideas 1 and 2 reviewed, idea 3 active, scrolled to 60 px from the top of the window.
    expect(row('Idea number 1')).toHaveAttribute('data-active');
    press('u');
    press('j');
    press('u');
    press('j');
    expect(row('Idea number 3')).toHaveAttribute('data-active');
    expect(await screen.findByText('# Ideas to Review: 3 / 5')).toBeInTheDocument();
    scrollY = 400;
    window.dispatchEvent(new Event('scroll'));
    expect(top('Idea number 3')).toBe(60);

    // Their minute is up and they leave: the page scrolls up by their height instead of jumping.
    act(() => {
      vi.advanceTimersByTime(RECENTLY_INTERACTED_MS);
    });
    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Idea number 2' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('cell', { name: 'Idea number 1' })).not.toBeInTheDocument();
    expect(row('Idea number 3')).toHaveAttribute('data-active');
    expect(top('Idea number 3')).toBe(60);
    expect(scrolled).toHaveBeenCalled();

    // When the active idea itself leaves, the one after it takes its place and its mark.
    press('u');
    expect(await screen.findByText('# Ideas to Review: 2 / 5')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(RECENTLY_INTERACTED_MS);
    });
    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Idea number 3' })).not.toBeInTheDocument();
    });
    expect(row('Idea number 4')).toHaveAttribute('data-active');
    expect(top('Idea number 4')).toBe(60);
  });

  it('highlights the active row', async () => {
    serveReview(reviewIdeas(2));
    renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 2' }, APP_LOADED);
    fireEvent.focus(within(row('Idea number 2')).getByRole('button', { name: 'Vote Up' }));
    expect(row('Idea number 2')).toHaveAttribute('data-active');
    expect(row('Idea number 1')).not.toHaveAttribute('data-active');
  });
});
