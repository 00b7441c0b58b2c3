import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const user = makeUser();
const HIDDEN = 'Votes hidden until you review';

function actions(title: string) {
  const found = screen.getByRole('cell', { name: title }).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return within(within(found).getByRole('group', { name: 'Actions' }));
}

/** Two ideas the team has voted on, reacted to and commented on, in a blind brainstorm. */
function serveBlindReview() {
  const ideas = reviewIdeas(2).map((idea) => ({
    ...idea,
    votes: 4,
    reaction_counts: { laugh: 2, idea: 0, surprised: 0, thumbtack: 1 },
    comments_count: 3,
  }));
  return serveReview(ideas, { blind: true });
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm(7, { blindReview: true });
});

describe('Blind review on the review page', () => {
  it('says the totals are hidden, once an idea, and shows no count', async () => {
    serveBlindReview();
    renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);

    expect(screen.getByText('Blind review')).toBeInTheDocument();
    const first = actions('Idea number 1');
    expect(first.getAllByText(HIDDEN)).toHaveLength(1);
    expect(first.queryByText('Votes:')).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Laugh' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Comment' })).toBeInTheDocument();
    const group = screen
      .getAllByRole('group', { name: 'Actions' })
      .map((element) => element.textContent);
    expect(group.every((text) => !/\d/.test(text))).toBe(true);
    expect(actions('Idea number 2').getAllByText(HIDDEN)).toHaveLength(1);
  });

  it("shows the team's totals once the reviewer votes, and only on that idea", async () => {
    const { requests } = serveBlindReview();
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);

    await actor.click(actions('Idea number 1').getByRole('button', { name: 'Vote Up' }));
    // The vote is the caller's at once; the team's total comes from the server.
    await waitFor(() => {
      expect(actions('Idea number 1').getByText('Votes:').parentElement).toHaveTextContent(
        /^Votes: You: \+1 · Team: 5$/,
      );
    });
    expect(requests).toContain('GET /api/ideas/1/?with_annotations=true');
    const first = actions('Idea number 1');
    expect(first.queryByText(HIDDEN)).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Laugh (2)' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Comment (3)' })).toBeInTheDocument();
    expect(actions('Idea number 2').getByText(HIDDEN)).toBeInTheDocument();

    // Reacting now counts from the team's total.
    await actor.click(first.getByRole('button', { name: 'Laugh (2)' }));
    expect(first.getByRole('button', { name: 'Laugh (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("says the team's comments are hidden until the reviewer has reviewed the idea", async () => {
    serveBlindReview();
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    await screen.findByRole('cell', { name: 'Idea number 1' }, APP_LOADED);
    await actor.click(actions('Idea number 2').getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Comments hidden until you review.')).toBeInTheDocument();
  });
});
