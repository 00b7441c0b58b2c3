import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { makeUser } from '@/test/fixtures';
import { serveLiveStream } from '@/test/live-stream';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const me = makeUser();

function reviewRegion() {
  return screen.getByRole('region', { name: 'Ideas Review' });
}

function rowTitles() {
  return within(within(reviewRegion()).getByRole('table'))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-idea-id'))
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

/** What the review list's live regions say. */
function said() {
  return within(reviewRegion())
    .getAllByRole('status')
    .map((element) => element.textContent)
    .join(' ');
}

function row(title: string) {
  const found = within(reviewRegion()).getByRole('cell', { name: title }).closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
}

/** Reads of the lists and of single ideas (not of their comments). */
function ideaReads(requests: string[]) {
  return requests.filter(
    (request) => request.startsWith('GET /api/ideas/') && !request.includes('/comments/'),
  );
}

/** The review page of brainstorm 7, its list shown and its stream live. */
async function openLiveReview() {
  const live = serveLiveStream();
  renderApp('/brainstorms/7/review', { signedInAs: me });
  await within(await screen.findByRole('region', { name: 'Ideas Review' }, APP_LOADED)).findByRole(
    'cell',
    { name: 'Idea number 2' },
  );
  await live.connected();
  live.ready();
  return live;
}

const totals = {
  votes: 0,
  reaction_counts: { laugh: 0, idea: 0, surprised: 0, thumbtack: 0 },
  comments_count: 0,
  totals_hidden: false,
  duplicates_count: 0,
  duplicate_of: null,
  content_changed: false,
};

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});

describe('Live review', () => {
  it("writes a teammate's totals into the rows in place: no read, no row moves, the comment row stays open", async () => {
    const { requests } = serveReview(reviewIdeas(3));
    const live = await openLiveReview();

    // The reviewer is writing a comment on the second idea.
    fireEvent.click(within(row('Idea number 2')).getByRole('button', { name: 'Comment (0)' }));
    const draft = await screen.findByRole('textbox', { name: /comment/i });
    fireEvent.change(draft, { target: { value: 'Half written' } });
    draft.focus();
    const readsBefore = ideaReads(requests).length;

    live.send('idea.updated', {
      ...totals,
      id: 2,
      votes: 5,
      reaction_counts: { laugh: 3, idea: 0, surprised: 1, thumbtack: 0 },
      comments_count: 4,
    });

    expect(
      await within(row('Idea number 2')).findByRole('button', { name: 'Comment (4)' }),
    ).toBeInTheDocument();
    expect(within(row('Idea number 2')).getByRole('button', { name: 'Laugh (3)' })).toBeVisible();
    expect(within(row('Idea number 2')).getByText('Votes:').parentElement).toHaveTextContent('5');
    expect(rowTitles()).toEqual(['Idea number 1', 'Idea number 2', 'Idea number 3']);
    expect(draft).toHaveFocus();
    expect(draft).toHaveValue('Half written');
    expect(ideaReads(requests)).toHaveLength(readsBefore);
  });

  it('reads its list once on arrival: the list held at that moment is that very read', async () => {
    const { requests } = serveReview(reviewIdeas(3));
    await openLiveReview();
    // The page of 50 (the counter reads a page of 1 for its count).
    const listReads = () =>
      requests.filter(
        (request) =>
          request.startsWith('GET /api/ideas/unreviewed/') && request.includes('page_size=50'),
      );
    await waitFor(() => {
      expect(said()).not.toContain('Loading');
    });
    expect(listReads()).toHaveLength(1);
    expect(listReads()[0]).not.toContain('up_to');
  });

  it("offers new ideas with '3 new ideas — show them' instead of putting them in the list, and loads them when asked", async () => {
    const server = serveReview(reviewIdeas(2));
    const live = await openLiveReview();

    const newer = (id: number, duplicate_of: number | null = null) =>
      makeIdea({
        id,
        title: `Fresh idea ${String(id)}`,
        created: `2026-03-02T10:0${String(id - 10)}:00.000Z`,
        duplicate_of,
      });
    server.add(newer(11));
    live.send('ideas.created', { count: 1, ideas: [{ id: 11, duplicate_of: null }] });
    const button = await within(reviewRegion()).findByRole('button', {
      name: '1 new idea — show them',
    });
    // Told politely, as a status, as they come.
    expect(button.closest('[role="status"]')).not.toBeNull();

    for (const id of [12, 13]) server.add(newer(id));
    server.add(newer(14, 1));
    live.send('ideas.created', {
      count: 3,
      ideas: [
        { id: 12, duplicate_of: null },
        { id: 13, duplicate_of: null },
        // Stacked under an idea: it shows in that idea's stack, not as a new one.
        { id: 14, duplicate_of: 1 },
      ],
    });
    expect(
      await within(reviewRegion()).findByRole('button', { name: '3 new ideas — show them' }),
    ).toBe(button);
    expect(rowTitles()).toEqual(['Idea number 1', 'Idea number 2']);

    fireEvent.click(button);
    await waitFor(() => {
      expect(rowTitles()).toHaveLength(5);
    });
    expect(rowTitles()).toEqual(
      expect.arrayContaining(['Fresh idea 11', 'Fresh idea 12', 'Fresh idea 13']),
    );
    expect(within(reviewRegion()).queryByRole('button', { name: /new idea/ })).toBeNull();
    // The focus goes to the list's heading, not to the page's top.
    expect(within(reviewRegion()).getByRole('heading', { name: 'Ideas Review' })).toHaveFocus();
  });

  it('carries on from the last row into the ideas that arrived, with j and with Next', async () => {
    // Ids grow with time, as the database's do.
    const server = serveReview(
      [3, 2, 1].map((id) =>
        makeIdea({
          id,
          title: `Idea number ${String(id)}`,
          created: `2026-03-01T10:0${String(id)}:00.000Z`,
        }),
      ),
    );
    const live = await openLiveReview();
    const actor = userEvent.setup();
    const fresh = (id: number) =>
      makeIdea({
        id,
        title: `Fresh idea ${String(id)}`,
        created: `2026-03-02T10:0${String(id - 10)}:00.000Z`,
      });
    await actor.keyboard('jj');
    expect(row('Idea number 1')).toHaveAttribute('data-active');

    // Two ideas arrive while the reviewer works through the list: it keeps its rows.
    server.add(fresh(11));
    server.add(fresh(12));
    live.send('ideas.created', {
      count: 2,
      ideas: [
        { id: 11, duplicate_of: null },
        { id: 12, duplicate_of: null },
      ],
    });
    await within(reviewRegion()).findByRole('button', { name: '2 new ideas — show them' });
    expect(rowTitles()).toEqual(['Idea number 3', 'Idea number 2', 'Idea number 1']);

    // Past the last row, j shows them and goes on to the first of them, where the order put it.
    await actor.keyboard('j');
    await waitFor(() => {
      expect(row('Fresh idea 12')).toHaveAttribute('data-active');
    });
    expect(rowTitles()).toEqual([
      'Fresh idea 12',
      'Fresh idea 11',
      'Idea number 3',
      'Idea number 2',
      'Idea number 1',
    ]);
    expect(within(reviewRegion()).queryByRole('button', { name: /new idea/ })).toBeNull();
    await waitFor(() => {
      expect(said()).toContain('2 new ideas shown: on to the first of them');
    });

    // Next does the same on the last page, once another arrives.
    server.add(fresh(13));
    live.send('ideas.created', { count: 1, ideas: [{ id: 13, duplicate_of: null }] });
    await within(reviewRegion()).findByRole('button', { name: '1 new idea — show them' });
    const next = within(reviewRegion()).getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await actor.click(next);
    await waitFor(() => {
      expect(row('Fresh idea 13')).toHaveAttribute('data-active');
    });
    expect(rowTitles()[0]).toBe('Fresh idea 13');
    expect(within(reviewRegion()).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says who else is reviewing, by name, and nothing when the caller is alone', async () => {
    serveReview(reviewIdeas(1));
    const live = serveLiveStream();
    renderApp('/brainstorms/7/review', { signedInAs: me });
    await screen.findByRole('heading', { name: 'Worse kitchens', level: 1 }, APP_LOADED);
    await live.connected();
    const ana = { id: 2, name: 'Ana', on: ['review'] };
    const ben = { id: 3, name: 'Ben', on: ['review'] };
    const cy = { id: 4, name: 'Cy', on: ['review'] };
    const self = { id: me.id, name: me.name, on: ['review'] };

    live.ready([self, ana]);
    expect(await screen.findByText('Ana reviewing')).toBeInTheDocument();
    live.send('presence', { users: [ana, self, ben] });
    expect(await screen.findByText('Ana and Ben reviewing')).toBeInTheDocument();
    live.send('presence', { users: [self, ana, ben, cy] });
    const line = await screen.findByText('Ana and 2 others reviewing');
    // Read out politely, as a status.
    expect(line.closest('[role="status"]')).not.toBeNull();
    // Each says what they are on.
    live.send('presence', { users: [self, ana, { ...ben, on: ['themes', 'ranking'] }] });
    expect(
      await screen.findByText('Ana reviewing, Ben on themes and on the ranking'),
    ).toBeInTheDocument();
    expect(new URL(live.connections[0]?.url ?? '').searchParams.get('on')).toBe('review');
    live.send('presence', { users: [self] });
    await waitFor(() => {
      expect(screen.queryByText(/reviewing/)).toBeNull();
    });
  });
});
