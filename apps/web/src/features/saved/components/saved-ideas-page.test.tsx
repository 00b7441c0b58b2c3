import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import {
  makeSavedIdea,
  serveSavedIdeas,
  serveToggleBookmark,
  someSavedIdeas,
} from '../testing/saved-fixtures';

const user = makeUser();

function bodyRows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

function rowOf(title: string) {
  const row = screen.getByRole('cell', { name: title }).closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${title}`);
  return row;
}

beforeAll(stubPointerCapture);

describe('Saved ideas page', () => {
  it('shows "Loading saved ideas..." until the list arrives, then the table', async () => {
    const hold = deferred();
    server.use(
      http.get('/api/ideas/reviewed/', async () => {
        await hold.promise;
        return HttpResponse.json({
          count: 1,
          filteredCount: 1,
          next: null,
          previous: null,
          results: [makeSavedIdea({ id: 3, title: 'Coffee in the sink' })],
        });
      }),
    );
    renderApp('/saved', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: 'Saved Ideas', level: 1 })).toBeVisible();
    expect(screen.getByText('Loading saved ideas...')).toBeInTheDocument();
    hold.release();
    expect(await screen.findByRole('cell', { name: 'Coffee in the sink' })).toBeInTheDocument();
    expect(screen.queryByText('Loading saved ideas...')).not.toBeInTheDocument();
  });

  it("lists the caller's own bookmarks: title, summary, brainstorm, local date and actions", async () => {
    const { requests } = serveSavedIdeas([
      makeSavedIdea({
        id: 3,
        title: 'Coffee in the sink',
        summary: 'Store the coffee where the dishes go',
        brainstorm: 12,
        brainstorm_detail: { id: 12, title: 'Worse kitchens', type: 'bad_idea_contest' },
        created: '2026-03-01T10:15:00.000Z',
      }),
      makeSavedIdea({
        id: 4,
        title: 'Untitled brainstorm idea',
        brainstorm: 13,
        brainstorm_detail: { id: 13, title: '', type: 'bad_idea_contest' },
      }),
    ]);
    renderApp('/saved', { signedInAs: user });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Summary', 'Brainstorm', 'Created', 'Actions']);
    const [first, second] = bodyRows();
    if (!first || !second) throw new Error('expected two rows');
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual([
      'Coffee in the sink',
      'Summary' + 'Store the coffee where the dishes go',
      'Brainstorm' + 'Worse kitchens',
      'Created' + new Date('2026-03-01T10:15:00.000Z').toLocaleDateString(),
    ]);
    expect(
      within(first).getByRole('link', { name: 'View brainstorm Worse kitchens' }),
    ).toHaveAttribute('href', '/brainstorms/12');
    expect(
      within(first).getByRole('button', { name: 'Unsave Coffee in the sink' }),
    ).toBeInTheDocument();
    expect(within(second).getAllByRole('cell')[2]).toHaveTextContent('Untitled');
    expect(within(second).getByRole('link', { name: 'View brainstorm Untitled' })).toHaveAttribute(
      'href',
      '/brainstorms/13',
    );
    expect(requests.map((query) => query.toString())).toEqual([
      'user_filter=current&is_bookmarked=true&include_duplicates=true&with_annotations=true&page=1&page_size=10',
    ]);
  });

  it('says "No saved ideas yet" with a hint when there are none', async () => {
    serveSavedIdeas([]);
    renderApp('/saved', { signedInAs: user });
    expect(await screen.findByText('No saved ideas yet')).toBeInTheDocument();
    expect(
      screen.getByText('Bookmark ideas from your brainstorms to save them for later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByText('Showing 0 saved ideas out of 0 total (Page 1 of 1)'),
    ).toBeInTheDocument();
  });

  it('treats a failed load as empty, says so, and Try again recovers', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    let failing = true;
    server.use(
      http.get('/api/ideas/reviewed/', () =>
        failing
          ? HttpResponse.json({ detail: 'Down.' }, { status: 500 })
          : HttpResponse.json({
              count: 1,
              filteredCount: 1,
              next: null,
              previous: null,
              results: [makeSavedIdea({ id: 1, title: 'Back again' })],
            }),
      ),
    );
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    expect(
      await screen.findByText('Error loading saved ideas. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No saved ideas yet')).not.toBeInTheDocument();
    expect(
      screen.getByText('Showing 0 saved ideas out of 0 total (Page 1 of 1)'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"saved"'), expect.anything());
    failing = false;
    await actor.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Back again' })).toBeInTheDocument();
    expect(
      screen.queryByText('Error loading saved ideas. Please try again later.'),
    ).not.toBeInTheDocument();
  });

  it('pages forward and back with the footer, keeping the page in the address', async () => {
    serveSavedIdeas(someSavedIdeas(23));
    const { router, user: actor } = renderApp('/saved', { signedInAs: user });
    expect(
      await screen.findByText('Showing 10 saved ideas out of 23 total (Page 1 of 3)'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Showing 10 saved ideas out of 23 total (Page 2 of 3)'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/saved?page=2');
    expect(screen.getByRole('cell', { name: 'Saved idea 11' })).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Showing 3 saved ideas out of 23 total (Page 3 of 3)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await actor.click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByText('Showing 10 saved ideas out of 23 total (Page 2 of 3)'),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/saved?page=2');
  });

  it('reads the paging from the address and returns to page 1 on a new page size', async () => {
    const { requests } = serveSavedIdeas(someSavedIdeas(60));
    const { router, user: actor } = renderApp('/saved?page=3&page_size=5', { signedInAs: user });
    expect(
      await screen.findByText('Showing 5 saved ideas out of 60 total (Page 3 of 12)'),
    ).toBeInTheDocument();
    await actor.click(screen.getByRole('combobox', { name: 'Page size' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
    ]);
    await actor.click(screen.getByRole('option', { name: '25' }));
    expect(
      await screen.findByText('Showing 25 saved ideas out of 60 total (Page 1 of 3)'),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/saved?page_size=25');
    expect(requests.at(-1)?.get('page')).toBe('1');
    expect(requests.at(-1)?.get('page_size')).toBe('25');
  });

  it('goes back to the last page when the page in the address is past the end', async () => {
    serveSavedIdeas(someSavedIdeas(12));
    const { router } = renderApp('/saved?page=9', { signedInAs: user });
    expect(
      await screen.findByText('Showing 2 saved ideas out of 12 total (Page 2 of 2)'),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/saved?page=2');
  });
});

describe('Unsave', () => {
  it('asks to confirm; Cancel puts Unsave back and sends nothing', async () => {
    const { store } = serveSavedIdeas(someSavedIdeas(2));
    const toggled = serveToggleBookmark(store);
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await screen.findByRole('table');
    const row = rowOf('Saved idea 1');
    await actor.click(within(row).getByRole('button', { name: /^Unsave/ }));
    expect(within(row).queryByRole('button', { name: /^Unsave/ })).not.toBeInTheDocument();
    const question = within(row).getByRole('group', { name: 'Unsave Saved idea 1?' });
    expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Confirm']);
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await actor.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(row).getByRole('button', { name: /^Unsave/ })).toHaveFocus();
    expect(within(row).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(toggled).toEqual([]);
    expect(bodyRows()).toHaveLength(2);
  });

  it('Confirm toggles the bookmark off, and the row leaves once the list has refreshed', async () => {
    const { store, requests } = serveSavedIdeas(someSavedIdeas(2));
    const toggled = serveToggleBookmark(store);
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    expect(
      await screen.findByText('Showing 2 saved ideas out of 2 total (Page 1 of 1)'),
    ).toBeInTheDocument();
    const row = rowOf('Saved idea 2');
    await actor.click(within(row).getByRole('button', { name: /^Unsave/ }));
    await actor.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Showing 1 saved ideas out of 1 total (Page 1 of 1)'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Saved idea 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Saved idea 1' })).toBeInTheDocument();
    expect(toggled).toEqual([102]);
    expect(requests).toHaveLength(2);
  });

  it('sends one toggle on a double click of Confirm', async () => {
    const { store } = serveSavedIdeas(someSavedIdeas(2));
    const toggled = serveToggleBookmark(store);
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await screen.findByRole('table');
    const row = rowOf('Saved idea 1');
    await actor.click(within(row).getByRole('button', { name: /^Unsave/ }));
    await actor.dblClick(within(row).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Saved idea 1' })).not.toBeInTheDocument();
    });
    expect(toggled).toEqual([101]);
  });

  it('flips the bookmark back off when it had already been taken off elsewhere', async () => {
    const { store } = serveSavedIdeas(someSavedIdeas(1));
    const toggled: number[] = [];
    server.use(
      http.post('/api/idea-annotations/annotations/:id/toggle_bookmark/', ({ params }) => {
        toggled.push(Number(params.id));
        store.ideas = [];
        const [idea] = someSavedIdeas(1);
        if (!idea?.user_annotation) throw new Error('expected an annotation');
        return HttpResponse.json({
          ...idea.user_annotation,
          is_bookmarked: toggled.length === 1,
          idea_detail: { brainstorm: 7, id: 1, title: idea.title },
        });
      }),
    );
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await screen.findByRole('table');
    await actor.click(screen.getByRole('button', { name: /^Unsave/ }));
    await actor.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No saved ideas yet')).toBeInTheDocument();
    expect(toggled).toEqual([101, 101]);
  });

  it('keeps the row when the unsave fails, and only logs it', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveSavedIdeas(someSavedIdeas(2));
    server.use(
      http.post('/api/idea-annotations/annotations/:id/toggle_bookmark/', () =>
        HttpResponse.json({ detail: 'Down.' }, { status: 500 }),
      ),
    );
    const { user: actor } = renderApp('/saved', { signedInAs: user });
    await screen.findByRole('table');
    const row = rowOf('Saved idea 1');
    await actor.click(within(row).getByRole('button', { name: /^Unsave/ }));
    await actor.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(await within(row).findByRole('button', { name: /^Unsave/ })).toBeEnabled();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('"unsave"'),
      expect.objectContaining({ status: 500 }),
    );
  });

  it('goes back a page when the unsave empties the last page', async () => {
    const { store } = serveSavedIdeas(someSavedIdeas(11));
    serveToggleBookmark(store);
    const { router, user: actor } = renderApp('/saved?page=2', { signedInAs: user });
    expect(
      await screen.findByText('Showing 1 saved ideas out of 11 total (Page 2 of 2)'),
    ).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: /^Unsave/ }));
    await actor.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Showing 10 saved ideas out of 10 total (Page 1 of 1)'),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/saved');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
