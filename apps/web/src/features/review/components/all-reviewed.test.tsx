import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeIdea, withAnnotation } from '@/entities/idea/testing/idea-fixtures';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { RECENTLY_INTERACTED_MS } from '../hooks/use-recently-interacted';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const user = makeUser();
const EMPTY = 'No ideas found for this brainstorm.';

function reviewRegion() {
  return screen.getByRole('region', { name: 'Ideas Review' });
}

/** The polite live region where the keys say what they did. */
function liveRegion() {
  const found = within(reviewRegion())
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-live') === 'polite');
  if (!found) throw new Error('no live region');
  return found;
}

function reviewed(count: number) {
  return reviewIdeas(count).map((idea) => withAnnotation(idea, { vote: 1 }));
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Every idea reviewed', () => {
  it('leads with it, the count and the next steps, above the empty text', async () => {
    serveReview([...reviewed(49), withAnnotation(makeIdea({ id: 50 }), { is_hidden: true })]);
    renderApp('/brainstorms/7/review', { signedInAs: user });
    const empty = await within(
      await screen.findByRole('region', { name: 'Ideas Review' }),
    ).findByText(EMPTY, undefined, APP_LOADED);
    const status = empty.closest('[role="status"]');
    if (!(status instanceof HTMLElement)) throw new Error('no status');
    const done = within(status).getByText('All 50 ideas reviewed');
    expect(done.parentElement).toHaveTextContent('All 50 ideas reviewed — on to themes or ranking');
    // It comes first; the spec's text stays.
    expect(done.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'themes' })).toHaveAttribute(
      'href',
      '/brainstorms/7/themes',
    );
    expect(within(status).getByRole('link', { name: 'ranking' })).toHaveAttribute(
      'href',
      '/brainstorms/7/ranking',
    );
    expect(await screen.findByText('# Ideas to Review: 0 / 50')).toBeInTheDocument();
  });

  it('says "idea" for one', async () => {
    serveReview(reviewed(1));
    renderApp('/brainstorms/7/review', { signedInAs: user });
    expect(await screen.findByText('All 1 idea reviewed', undefined, APP_LOADED)).toBeVisible();
    expect(screen.getByText(EMPTY)).toBeVisible();
  });

  it('says only the empty text when there are no ideas, or none reviewed to show', async () => {
    serveReview([]);
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    expect(await screen.findByText('# Ideas to Review: 0 / 0')).toBeInTheDocument();
    expect(await within(reviewRegion()).findByText(EMPTY)).toHaveTextContent(
      new RegExp(`^${EMPTY}$`),
    );
    expect(screen.queryByText(/ideas? reviewed$/)).not.toBeInTheDocument();

    // Nothing reviewed yet: the reviewed list is empty, but not everything is reviewed.
    serveReview(reviewIdeas(2));
    await actor.click(screen.getByRole('checkbox', { name: 'Show Already Reviewed' }));
    await waitFor(() => {
      expect(within(reviewRegion()).getByText(EMPTY)).toHaveTextContent(new RegExp(`^${EMPTY}$`));
    });
    expect(screen.queryByText(/ideas? reviewed$/)).not.toBeInTheDocument();
  });

  it("clears the keys' last announcement when the last idea leaves the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveReview(reviewIdeas(1));
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);

    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(liveRegion()).toHaveTextContent('Voted up: Idea number 1');
    expect(await screen.findByText('# Ideas to Review: 0 / 1')).toBeInTheDocument();

    // Its minute up, the reviewed idea leaves the list: nothing is left to have voted on.
    act(() => {
      vi.advanceTimersByTime(RECENTLY_INTERACTED_MS);
    });
    expect(await screen.findByText('All 1 idea reviewed')).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'Idea number 1' })).not.toBeInTheDocument();
    expect(liveRegion()).toBeEmptyDOMElement();

    // The idea is listed again (reviewed ones shown): the old announcement does not come back.
    await actor.click(screen.getByRole('checkbox', { name: 'Show Already Reviewed' }));
    await screen.findByRole('cell', { name: 'Idea number 1' });
    expect(liveRegion()).toBeEmptyDOMElement();
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(liveRegion()).toHaveTextContent('Idea number 1 (1 of 1)');
  });
});
