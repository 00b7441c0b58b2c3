import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
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
  await screen.findByRole('cell', { name: 'Idea number 1' }, { timeout: 3000 });
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
    await actor.keyboard('j');
    expect(row('Idea number 1')).toHaveAttribute('data-active');
    expect(said()).toContain('Idea number 1 (1 of 3)');
    await actor.keyboard('j{ArrowDown}');
    expect(row('Idea number 3')).toHaveAttribute('data-active');
    await actor.keyboard('j');
    expect(row('Idea number 3')).toHaveAttribute('data-active');
    await actor.keyboard('{ArrowUp}k');
    expect(row('Idea number 1')).toHaveAttribute('data-active');
    expect(row('Idea number 3')).not.toHaveAttribute('data-active');
  });

  it('brings the row it moves to into view', async () => {
    serveReview(reviewIdeas(3));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user: actor } = await openReview();
    await actor.keyboard('jj');
    expect(scrolled.mock.contexts).toEqual([row('Idea number 1'), row('Idea number 2')]);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
  });

  it('votes, reacts, bookmarks and hides the active row', async () => {
    const { annotations } = serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.keyboard('jj');
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

  it('opens the comment row with c, ignores keys typed in it, and closes it with Esc', async () => {
    serveReview(reviewIdeas(1));
    const { user: actor } = await openReview();
    await actor.keyboard('jc');
    const field = await screen.findByLabelText('Your comment');
    expect(field).toHaveFocus();
    await actor.keyboard('udbh');
    expect(field).toHaveValue('udbh');
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Vote Up' }),
    ).toBeInTheDocument();
    await actor.keyboard('{Escape}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
    await actor.keyboard('c');
    expect(await screen.findByLabelText('Your comment')).toBeInTheDocument();
    await actor.click(document.body);
    await actor.keyboard('{Escape}');
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  it('lists every key in an overlay on ?', async () => {
    serveReview(reviewIdeas(1));
    const { user: actor } = await openReview();
    await actor.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const action of [
      'Next idea',
      'Previous idea',
      '😂 Laugh',
      '📌 Pin for group',
      'Close the comment row',
    ]) {
      expect(within(dialog).getByText(action)).toBeInTheDocument();
    }
    // Keys belong to the overlay while it is open.
    await actor.keyboard('j');
    expect(document.querySelector('tr[data-idea-id="1"]')).not.toHaveAttribute('data-active');
    await actor.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
