import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findCachedIdea } from '@/entities/idea/lib/annotation-cache';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const user = makeUser();

function row(title: string) {
  const cell = screen.getByRole('cell', { name: title });
  const found = cell.closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
}

async function openReview() {
  const app = renderApp('/brainstorms/7/review', { signedInAs: user });
  await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);
  const queryClient = app.router.options.context.queryClient;
  return { ...app, queryClient };
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});

describe('Voting', () => {
  it('votes up, clears with the same direction, and colours the vote given', async () => {
    const { requests } = serveReview(reviewIdeas(3));
    const { user: actor } = await openReview();
    expect(screen.getByText('# Ideas to Review: 3 / 3')).toBeInTheDocument();
    const actions = within(row('Idea number 1'));

    await actor.click(actions.getByRole('button', { name: 'Vote Up' }));
    const up = actions.getByRole('button', { name: 'Remove Vote' });
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(up).toHaveClass('text-green-600');
    expect(actions.getByRole('button', { name: 'Vote Down' })).toHaveClass('opacity-40');
    // The first action creates the annotation; the counter falls once the server has it.
    expect(await screen.findByText('# Ideas to Review: 2 / 3')).toBeInTheDocument();
    expect(requests).toContain('POST /api/idea-annotations/annotations/');

    await actor.click(up);
    expect(actions.getByRole('button', { name: 'Vote Up' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(actions.getByRole('button', { name: 'Vote Down' })).not.toHaveClass('opacity-40');
    await waitFor(() => {
      expect(requests).toContain('POST /api/idea-annotations/annotations/500/vote/');
    });

    await actor.click(actions.getByRole('button', { name: 'Vote Down' }));
    const down = actions.getByRole('button', { name: 'Remove Vote' });
    expect(down).toHaveClass('text-red-600');
    expect(actions.getByRole('button', { name: 'Vote Up' })).toHaveClass('opacity-40');
  });

  it("shows the change at once with a temp- id, replaced by the server's when it answers", async () => {
    serveReview(reviewIdeas(2), { writeDelay: 100 });
    const { user: actor, queryClient } = await openReview();
    await actor.click(within(row('Idea number 2')).getByRole('button', { name: 'Vote Up' }));
    expect(
      within(row('Idea number 2')).getByRole('button', { name: 'Remove Vote' }),
    ).toBeInTheDocument();
    const pending = findCachedIdea(queryClient, 2)?.user_annotation;
    expect(String(pending?.id)).toMatch(/^temp-/);
    expect(pending?.vote).toBe(1);
    await waitFor(() => {
      expect(findCachedIdea(queryClient, 2)?.user_annotation?.id).toBe(500);
    });
    expect(findCachedIdea(queryClient, 2)?.user_annotation?.vote).toBe(1);
  });

  it('rolls the change back when the server refuses, logging it and telling the user nothing', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveReview(reviewIdeas(2), { refuseWrites: true });
    const { user: actor, queryClient } = await openReview();
    await actor.click(within(row('Idea number 1')).getByRole('button', { name: 'Vote Up' }));
    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining('"vote"'),
        expect.objectContaining({ status: 500 }),
      );
    });
    expect(within(row('Idea number 1')).getByRole('button', { name: 'Vote Up' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The annotation made for the vote is gone with it: the idea is still unreviewed here.
    expect(findCachedIdea(queryClient, 1)?.user_annotation).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Vote total', () => {
  it("shows each idea's votes beside its vote buttons, and the change at once", async () => {
    const ideas = reviewIdeas(2).map((idea) => ({ ...idea, votes: idea.id === 1 ? 2 : -1 }));
    serveReview(ideas, { writeDelay: 100 });
    const { user: actor, queryClient } = await openReview();
    const actions = (title: string) =>
      within(within(row(title)).getByRole('group', { name: 'Actions' }));
    // Screen readers hear 'Votes: ' before what the eye sees beside the vote buttons.
    const votes = (title: string) => actions(title).getByText('Votes:').parentElement;
    // Not reviewed yet: the team's sum, as on the brainstorm's page.
    expect(votes('Idea number 1')).toHaveTextContent(/^Votes: 2$/);
    expect(votes('Idea number 1')).toBeVisible();
    expect(votes('Idea number 2')).toHaveTextContent(/^Votes: -1$/);

    await actor.click(actions('Idea number 1').getByRole('button', { name: 'Vote Up' }));
    // Before the server has answered: the caller's vote and the team's sum with it.
    expect(String(findCachedIdea(queryClient, 1)?.user_annotation?.id)).toMatch(/^temp-/);
    expect(votes('Idea number 1')).toHaveTextContent(/^Votes: You: \+1 · Team: 3$/);

    await actor.click(actions('Idea number 2').getByRole('button', { name: 'Vote Down' }));
    expect(votes('Idea number 2')).toHaveTextContent(/^Votes: You: -1 · Team: -2$/);
    await actor.click(actions('Idea number 2').getByRole('button', { name: 'Remove Vote' }));
    expect(votes('Idea number 2')).toHaveTextContent(/^Votes: You: 0 · Team: -1$/);
    await waitFor(() => {
      expect(findCachedIdea(queryClient, 2)?.user_annotation?.vote).toBe(0);
      expect(queryClient.isMutating()).toBe(0);
    });
    // The server's answers agree with what was shown.
    expect(votes('Idea number 1')).toHaveTextContent(/^Votes: You: \+1 · Team: 3$/);
    expect(votes('Idea number 2')).toHaveTextContent(/^Votes: You: 0 · Team: -1$/);
  });
});

describe('Reactions, bookmark and hide', () => {
  it('toggles each reaction with the team count beside it', async () => {
    const ideas = reviewIdeas(1).map((idea) => ({
      ...idea,
      reaction_counts: { laugh: 2, idea: 0, surprised: 0, thumbtack: 1 },
    }));
    const { requests } = serveReview(ideas);
    const { user: actor } = await openReview();
    const actions = within(row('Idea number 1'));
    expect(actions.getByRole('button', { name: 'Laugh (2)' })).toHaveAttribute('title', 'Laugh');
    expect(actions.getByRole('button', { name: 'Great Idea (0)' })).toHaveTextContent('💡');
    expect(actions.getByRole('button', { name: 'Surprised (0)' })).toHaveTextContent('😮');
    expect(actions.getByRole('button', { name: 'Pin for group (1)' })).toHaveTextContent('📌');

    await actor.click(actions.getByRole('button', { name: 'Laugh (2)' }));
    expect(actions.getByRole('button', { name: 'Laugh (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => {
      expect(requests).toContain('POST /api/idea-annotations/reactions/');
    });
    await actor.click(actions.getByRole('button', { name: 'Laugh (3)' }));
    expect(actions.getByRole('button', { name: 'Laugh (2)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() => {
      expect(requests).toContain('DELETE /api/idea-annotations/reactions/501/');
    });
  });

  it('bookmarks and takes the bookmark off', async () => {
    const { requests, annotations } = serveReview(reviewIdeas(1));
    const { user: actor } = await openReview();
    const bookmark = within(row('Idea number 1')).getByRole('button', {
      name: 'Bookmark for private future reference',
    });
    await actor.click(bookmark);
    expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      expect(annotations.get(1)?.is_bookmarked).toBe(true);
    });
    await actor.click(bookmark);
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => {
      expect(requests).toContain('PATCH /api/idea-annotations/annotations/500/');
    });
    await waitFor(() => {
      expect(annotations.get(1)?.is_bookmarked).toBe(false);
    });
  });

  it('hides an idea, which stays in the list for now with "Show idea"', async () => {
    const { annotations } = serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.click(within(row('Idea number 1')).getByRole('button', { name: 'Hide idea' }));
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Show idea' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(annotations.get(1)?.is_hidden).toBe(true);
    });
    expect(await screen.findByText('# Ideas to Review: 1 / 2')).toBeInTheDocument();
    await actor.click(within(row('Idea number 1')).getByRole('button', { name: 'Show idea' }));
    await waitFor(() => {
      expect(annotations.get(1)?.is_hidden).toBe(false);
    });
  });
});

describe('More actions menu', () => {
  it("holds the reactions, checked when given, and hide/show, with the buttons' names", async () => {
    const ideas = reviewIdeas(1).map((idea) => ({
      ...idea,
      reaction_counts: { laugh: 2, idea: 0, surprised: 0, thumbtack: 1 },
    }));
    const { requests, annotations } = serveReview(ideas);
    const { user: actor } = await openReview();
    // Until first pressed the button stands in for the menu's trigger, which then takes its place.
    const more = () => within(row('Idea number 1')).getByRole('button', { name: 'More actions' });
    expect(more()).toHaveAttribute('aria-haspopup', 'menu');
    expect(more()).toHaveAttribute('aria-expanded', 'false');

    await actor.click(more());
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitemcheckbox').map((item) => item.title)).toEqual([
      'Laugh',
      'Great Idea',
      'Surprised',
      'Pin for group',
    ]);
    expect(menu.getByRole('menuitemcheckbox', { name: 'Great Idea (0)' })).toHaveTextContent('💡');
    expect(menu.getByRole('menuitemcheckbox', { name: 'Pin for group (1)' })).toHaveTextContent(
      '📌',
    );
    const laugh = menu.getByRole('menuitemcheckbox', { name: 'Laugh (2)' });
    expect(laugh).toHaveAttribute('aria-checked', 'false');
    expect(menu.getByRole('menuitem', { name: 'Hide idea' })).toHaveAttribute('title', 'Hide idea');

    // A reaction chosen in the menu closes it, is sent, and shows checked the next time.
    await actor.click(laugh);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(requests).toContain('POST /api/idea-annotations/reactions/');
    });
    await actor.click(more());
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitemcheckbox', { name: 'Laugh (3)' }),
    ).toHaveAttribute('aria-checked', 'true');
    // The table's button agrees: both are the same command.
    expect(within(row('Idea number 1')).getByRole('button', { name: 'Laugh (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Taken back by the keyboard: Escape closes the menu, Enter opens it on its first item.
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more()).toHaveFocus();
    await actor.keyboard('{Enter}');
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitemcheckbox', { name: 'Laugh (3)' }),
    ).toHaveFocus();
    await actor.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(requests).toContain('DELETE /api/idea-annotations/reactions/501/');
    });
    expect(within(row('Idea number 1')).getByRole('button', { name: 'Laugh (2)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await actor.click(more());
    await actor.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Hide idea' }),
    );
    await waitFor(() => {
      expect(annotations.get(1)?.is_hidden).toBe(true);
    });
    await actor.click(more());
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Show idea' }),
    ).toHaveAttribute('title', 'Show idea');
  });
});

describe('Description', () => {
  it("is behind a disclosure button on a phone's card, and in full in the table", async () => {
    const ideas = reviewIdeas(1).map((idea) => ({ ...idea, description: 'The long version' }));
    serveReview(ideas);
    const { user: actor } = await openReview();
    const card = within(row('Idea number 1'));
    const text = card.getByText('The long version');
    const show = card.getByRole('button', { name: 'Show description' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(show).toHaveAttribute('aria-controls', text.id);
    // Only on the card: the table shows the text and no button.
    expect(show).toHaveClass('hidden', 'stacked:inline-flex');
    expect(text).toHaveClass('stacked:hidden');

    await actor.click(show);
    expect(card.getByRole('button', { name: 'Hide description' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(text).not.toHaveClass('stacked:hidden');
  });
});

describe('Comments', () => {
  it('opens one comment row at a time; Submit waits for text; Cancel closes', async () => {
    serveReview(reviewIdeas(2));
    const { user: actor } = await openReview();
    await actor.click(within(row('Idea number 1')).getByRole('button', { name: 'Comment (0)' }));
    expect(screen.getByRole('form', { name: 'Comment on Idea number 1' })).toBeInTheDocument();
    await actor.click(within(row('Idea number 2')).getByRole('button', { name: 'Comment (0)' }));
    expect(
      screen.queryByRole('form', { name: 'Comment on Idea number 1' }),
    ).not.toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Comment on Idea number 2' }));
    expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await actor.type(form.getByLabelText('Your comment'), '   ');
    expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await actor.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /^Comment on/ })).not.toBeInTheDocument();
  });

  it("adds the comment at once, clears and closes the row, and lists it with the team's", async () => {
    const { requests } = serveReview(reviewIdeas(1));
    const { user: actor } = await openReview();
    await actor.click(within(row('Idea number 1')).getByRole('button', { name: 'Comment (0)' }));
    const form = within(screen.getByRole('form', { name: 'Comment on Idea number 1' }));
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    await actor.type(form.getByLabelText('Your comment'), '  Too tidy by half  ');
    await actor.click(form.getByRole('button', { name: 'Submit' }));
    expect(
      screen.queryByRole('form', { name: 'Comment on Idea number 1' }),
    ).not.toBeInTheDocument();
    expect(
      within(row('Idea number 1')).getByRole('button', { name: 'Comment (1)' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(requests).toContain('POST /api/idea-annotations/comments/');
    });
    await actor.click(within(row('Idea number 1')).getByRole('button', { name: 'Comment (1)' }));
    expect(await screen.findByText('Too tidy by half')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Team comments' })).getByText('Ada Lovelace'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
  });
});

describe('Mark as duplicate', () => {
  it("opens the dialog for the row's idea, offering the others, and Cancel closes it", async () => {
    serveReview(reviewIdeas(3));
    const { user: actor } = await openReview();

    await actor.click(
      within(row('Idea number 2')).getByRole('button', { name: 'Mark as duplicate…' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Mark as duplicate' });
    expect(dialog).toHaveTextContent('“Idea number 2” will be stacked under the idea it repeats.');
    const field = within(dialog).getByRole('combobox', { name: 'Repeats which idea?' });
    await within(field).findByRole('option', { name: 'Idea number 1' });
    expect(within(field).queryByRole('option', { name: 'Idea number 2' })).toBeNull();
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
