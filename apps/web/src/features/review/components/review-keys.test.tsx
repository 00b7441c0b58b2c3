import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeIdea, withAnnotation } from '@/entities/idea/testing/idea-fixtures';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const user = makeUser();

function row(title: string) {
  const found = screen.getByRole('cell', { name: title }).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
}

function said() {
  return within(screen.getByRole('region', { name: 'Ideas Review' }))
    .getAllByRole('status')
    .map((element) => element.textContent)
    .join(' ');
}

async function openReview() {
  const app = renderApp('/brainstorms/7/review', { signedInAs: user });
  await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);
  return app;
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});

describe('Keyboard review', () => {
  it('moves the active row with j/k and the arrows, saying where it is', async () => {
    serveReview(reviewIdeas(3));
    const { user: actor } = await openReview();
    // A checkbox just ticked is no field being typed in.
    await actor.click(screen.getByRole('checkbox', { name: 'Show Hidden' }));
    await screen.findByRole('cell', { name: 'Idea number 1' });
    expect(row('Idea number 1')).toHaveAttribute('data-active');
    await actor.keyboard('j');
    expect(row('Idea number 2')).toHaveAttribute('data-active');
    expect(row('Idea number 1')).not.toHaveAttribute('data-active');
    expect(said()).toContain('Idea number 2 (2 of 3)');
    await actor.keyboard('{ArrowDown}');
    expect(row('Idea number 3')).toHaveAttribute('data-active');
    await actor.keyboard('j');
    expect(row('Idea number 3')).toHaveAttribute('data-active');
    await actor.keyboard('{ArrowUp}k');
    expect(row('Idea number 1')).toHaveAttribute('data-active');
    expect(row('Idea number 3')).not.toHaveAttribute('data-active');
  });

  it('makes the first unreviewed row active on arrival, so the keys act on it at once', async () => {
    const { annotations } = serveReview([
      withAnnotation(makeIdea({ id: 9, title: 'Voted on', created: '2026-03-02T10:00:00.000Z' }), {
        vote: 1,
      }),
      ...reviewIdeas(2),
    ]);
    const { user: actor } = await openReview();
    expect(row('Idea number 1')).toHaveAttribute('data-active');
    await actor.keyboard('u');
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Remove Vote' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(said()).toContain('Voted up: Idea number 1');
    await waitFor(() => {
      expect(annotations.get(1)).toMatchObject({ vote: 1 });
    });

    // Another list keeps the active idea when it is listed there too.
    await actor.click(screen.getByRole('checkbox', { name: 'Show Already Reviewed' }));
    await screen.findByRole('cell', { name: 'Voted on' });
    expect(row('Voted on')).not.toHaveAttribute('data-active');
    expect(row('Idea number 1')).toHaveAttribute('data-active');
  });

  it('brings the row it moves to into view', async () => {
    serveReview(reviewIdeas(3));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user: actor } = await openReview();
    await actor.keyboard('jj');
    expect(scrolled.mock.contexts).toEqual([row('Idea number 2'), row('Idea number 3')]);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
  });

  it('votes, reacts, bookmarks and hides the active row', async () => {
    const { annotations } = serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.keyboard('j');
    const actions = within(row('Idea number 2'));
    await actor.keyboard('u');
    expect(actions.getByRole('button', { name: 'Remove Vote' })).toHaveClass('text-green-600');
    expect(said()).toContain('Voted up: Idea number 2');
    await actor.keyboard('d');
    expect(actions.getByRole('button', { name: 'Remove Vote' })).toHaveClass('text-red-600');
    await actor.keyboard('1');
    expect(actions.getByRole('button', { name: 'Laugh (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await actor.keyboard('4');
    expect(actions.getByRole('button', { name: 'Pin for group (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await actor.keyboard('b');
    expect(
      actions.getByRole('button', { name: 'Bookmark for private future reference' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await actor.keyboard('h');
    expect(actions.getByRole('button', { name: 'Show idea' })).toBeInTheDocument();
    expect(said()).toContain('Hidden: Idea number 2');
    await waitFor(() => {
      expect(annotations.get(2)).toMatchObject({ vote: -1, is_bookmarked: true, is_hidden: true });
    });
    expect(row('Idea number 1')).not.toHaveAttribute('data-recent');
  });

  it("moves into an open stack and acts on a near-duplicate's row", async () => {
    const [original, other] = reviewIdeas(2);
    if (!original || !other) throw new Error('two ideas');
    const { annotations } = serveReview([
      { ...original, duplicates_count: 1 },
      other,
      makeIdea({ id: 3, title: 'Idea number one, again', duplicate_of: 1 }),
    ]);
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    // A title cell holds its stack's control too: '+1 similar', or 'Not a duplicate'.
    const rowOf = (title: string) => screen.getByText(title).closest('tr');
    const toggle = await screen.findByRole('button', { name: '+1 similar' }, APP_LOADED);
    expect(rowOf('Idea number 1')).toHaveAttribute('data-active');
    expect(screen.queryByText('Idea number one, again')).toBeNull();
    await actor.click(toggle);
    await screen.findByText('Idea number one, again');

    await actor.keyboard('j');
    expect(rowOf('Idea number one, again')).toHaveAttribute('data-active');
    expect(said()).toContain('Idea number one, again (2 of 3)');
    await actor.keyboard('u');
    expect(said()).toContain('Voted up: Idea number one, again');
    await waitFor(() => {
      expect(annotations.get(3)).toMatchObject({ vote: 1 });
    });
    expect(annotations.has(1)).toBe(false);
    // Reviewed, it stays under its original rather than joining the list as a row of its own.
    expect(screen.getAllByText('Idea number one, again')).toHaveLength(1);
    await actor.keyboard('j');
    expect(row('Idea number 2')).toHaveAttribute('data-active');
  });

  it('opens the comment row with c, ignores keys typed in it, and closes it with Esc', async () => {
    serveReview(reviewIdeas(1));
    const { user: actor } = await openReview();
    await actor.keyboard('c');
    const field = await screen.findByLabelText('Your comment');
    expect(field).toHaveFocus();
    await actor.keyboard('udbh');
    expect(field).toHaveValue('udbh');
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Vote Up' }),
    ).toBeInTheDocument();
    await actor.clear(field);
    // Nothing typed: Esc closes at once, and the row has the keys again.
    await actor.keyboard('{Escape}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    expect(row('Idea number 1')).toContainElement(document.activeElement as HTMLElement);
    await actor.keyboard('c');
    expect(await screen.findByLabelText('Your comment')).toBeInTheDocument();
    await actor.click(document.body);
    await actor.keyboard('{Escape}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  it('submits the comment with Enter or Ctrl/Cmd+Enter, and hands the keys back to its row', async () => {
    const { comments, annotations } = serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.keyboard('c');
    const field = await screen.findByLabelText('Your comment');
    await actor.keyboard('First line{Shift>}{Enter}{/Shift}second line');
    expect(field).toHaveValue('First line\nsecond line');
    await actor.keyboard('{Enter}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(comments.get(1)?.map((comment) => comment.text)).toEqual(['First line\nsecond line']);
    });
    // Focus is back on the idea's row: its keys work at once.
    expect(row('Idea number 1')).toContainElement(document.activeElement as HTMLElement);
    await actor.keyboard('u');
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Remove Vote' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      expect(annotations.get(1)).toMatchObject({ vote: 1 });
    });

    // A blank comment is not sent, and Enter adds no line to it.
    await actor.keyboard('c');
    await actor.keyboard('{Enter}');
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
    await actor.keyboard('With Ctrl{Control>}{Enter}{/Control}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    await actor.keyboard('c');
    await actor.keyboard('With Cmd{Meta>}{Enter}{/Meta}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(comments.get(1)?.map((comment) => comment.text)).toEqual([
        'First line\nsecond line',
        'With Ctrl',
        'With Cmd',
      ]);
    });
    await actor.keyboard('j');
    expect(row('Idea number 2')).toHaveAttribute('data-active');
  });

  it('asks before Esc throws typed text away: Keep editing returns to it, Discard closes', async () => {
    const { comments, requests } = serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.keyboard('c');
    const field = await screen.findByLabelText('Your comment');
    await actor.keyboard('Half a thought');
    await actor.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: 'Discard your comment?' });
    const keep = within(ask).getByRole('button', { name: 'Keep editing' });
    expect(keep).toHaveFocus();
    expect(field).toHaveValue('Half a thought');
    // The review keys wait while it asks.
    await actor.keyboard('uj');
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Vote Up' }),
    ).toBeInTheDocument();
    expect(row('Idea number 1')).toHaveAttribute('data-active');

    // Esc, or Keep editing, goes back to the text.
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Half a thought');
    await actor.keyboard('{Escape}');
    await actor.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(field).toHaveFocus();

    // From outside the field too, Esc asks first.
    await actor.click(document.body);
    await actor.keyboard('{Escape}');
    await actor.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(row('Idea number 1')).toContainElement(document.activeElement as HTMLElement);
    await actor.keyboard('j');
    expect(row('Idea number 2')).toHaveAttribute('data-active');
    expect(comments.size).toBe(0);
    expect(
      requests.filter((request) => request.startsWith('POST') && request.includes('comments')),
    ).toEqual([]);
  });

  it("asks before another row's Comment button throws typed text away", async () => {
    serveReview(reviewIdeas(3));
    const { user: actor } = await openReview();
    await actor.keyboard('c');
    await screen.findByLabelText('Your comment');
    await actor.keyboard('Half a thought');
    // Idea 3's row was drawn before the text was typed, and not since: its button still asks.
    await actor.click(within(row('Idea number 3')).getByRole('button', { name: /^Comment/ }));
    expect(screen.getByRole('alertdialog', { name: 'Discard your comment?' })).toBeVisible();
    await actor.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Your comment')).toHaveValue('Half a thought');
  });

  it('lists every key in an overlay on ?', async () => {
    serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const action of [
      'Next idea',
      'Previous idea',
      '😂 Laugh',
      '📌 Pin for group',
      'Close the comment row',
      'Submit the comment',
      'Start a new line',
      'Close the comment row, asking first if it holds text',
    ]) {
      expect(within(dialog).getByText(action)).toBeInTheDocument();
    }
    // Keys belong to the overlay while it is open.
    await actor.keyboard('j');
    expect(document.querySelector('tr[data-idea-id="2"]')).not.toHaveAttribute('data-active');
    await actor.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
