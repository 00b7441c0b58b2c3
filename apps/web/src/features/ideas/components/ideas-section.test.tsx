import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeIdea,
  serveIdeas,
  someIdeas,
  withAnnotation,
} from '@/entities/idea/testing/idea-fixtures';
import type { components } from '@/lib/api/schema';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';

const user = makeUser();

function serveBrainstorm(id = 7) {
  const brainstorm: components['schemas']['Brainstorm'] = {
    id,
    title: 'Worse kitchens',
    description: '',
    type: 'bad_idea_contest',
    type_display: 'Bad Idea Contest',
    parameters: { problem: 'The kitchen is too tidy', themes: [], type: 'bad_idea_contest' },
    project: null,
    created_by: user.id,
    ideas_count: 0,
    blind_review: false,
    created: '2026-02-15T09:30:00.000Z',
    modified: '2026-02-15T09:30:00.000Z',
  };
  server.use(http.get(`/api/brainstorms/${id}/`, () => HttpResponse.json(brainstorm)));
}

function ideasRegion() {
  return screen.getByRole('region', { name: 'Ideas' });
}

function bodyRows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

/** Warnings are expected in the fallback tests; they go through the logger to console.warn. */
function captureWarnings() {
  return vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});

describe('Ideas section of the brainstorm page', () => {
  it('shows "Loading ideas..." until the ideas arrive, then the table', async () => {
    const hold = deferred();
    server.use(
      http.get('/api/ideas/', async () => {
        await hold.promise;
        return HttpResponse.json({
          count: 1,
          filteredCount: 1,
          next: null,
          previous: null,
          results: [makeIdea({ id: 3, title: 'Coffee in the sink' })],
        });
      }),
    );
    renderApp('/brainstorms/7', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: 'Ideas', level: 2 })).toBeInTheDocument();
    expect(within(ideasRegion()).getByText('Loading ideas...')).toBeInTheDocument();
    hold.release();
    expect(await screen.findByRole('cell', { name: 'Coffee in the sink' })).toBeInTheDocument();
    expect(screen.queryByText('Loading ideas...')).not.toBeInTheDocument();
  });

  it('lists title, summary, description, votes and the local creation time of each idea', async () => {
    const requests = serveIdeas([
      makeIdea({
        id: 3,
        title: 'Coffee in the sink',
        summary: 'Store the coffee where the dishes go',
        description: 'Everybody finds it, nobody likes it.',
        votes: 4,
        created: '2026-03-01T10:15:00.000Z',
        created_by: null,
      }),
    ]);
    // A teammate, who may not change the generated idea: the spec's columns and nothing else.
    renderApp('/brainstorms/7', { signedInAs: makeUser({ id: 2 }) });
    const table = await within(await screen.findByRole('region', { name: 'Ideas' })).findByRole(
      'table',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Summary', 'Description', 'Votes', 'Created']);
    const [row] = bodyRows();
    if (!row) throw new Error('expected a row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Coffee in the sink',
      'Summary' + 'Store the coffee where the dishes go',
      'Description' + 'Everybody finds it, nobody likes it.',
      'Votes' + '4',
      // The row's one action for every viewer follows the date.
      'Created' +
        new Date('2026-03-01T10:15:00.000Z').toLocaleString() +
        'Mark as duplicate… Coffee in the sink',
    ]);
    expect(requests[0]).toEqual({
      brainstorm: '7',
      page: '1',
      pageSize: '10',
      ordering: '-created',
      withAnnotations: 'true',
    });
  });

  it('shows my vote, else the team sum, and the sum beside my vote when they differ', async () => {
    serveIdeas([
      withAnnotation(makeIdea({ id: 1, title: 'Mine differs', votes: 5 }), { vote: 1 }),
      withAnnotation(makeIdea({ id: 2, title: 'Mine agrees', votes: -1 }), { vote: -1 }),
      makeIdea({ id: 3, title: 'Not reviewed', votes: 3 }),
      withAnnotation(makeIdea({ id: 4, title: 'Bookmarked only', votes: 2 }), {
        vote: 0,
        is_bookmarked: true,
      }),
    ]);
    renderApp('/brainstorms/7', { signedInAs: user });
    await screen.findByRole('table');
    const votes = bodyRows().map((row) => within(row).getAllByRole('cell')[3]?.textContent);
    expect(votes).toEqual(['VotesYou: +1 · Team: 5', 'Votes-1', 'Votes3', 'VotesYou: 0 · Team: 2']);
  });

  it('says "No ideas found for this brainstorm." when it has none', async () => {
    serveIdeas([]);
    renderApp('/brainstorms/7', { signedInAs: user });
    expect(await screen.findByText('No ideas found for this brainstorm.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByText('Showing 0 filtered ideas (0 matching) out of 0 total ideas (Page 1 of 1)'),
    ).toBeInTheDocument();
  });

  it('shows the footer and pages forward and back, keeping the page in the address', async () => {
    const requests = serveIdeas(someIdeas(23));
    const { router, user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
    expect(
      await screen.findByText(
        'Showing 10 filtered ideas (23 matching) out of 23 total ideas (Page 1 of 3)',
      ),
    ).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Showing 10 filtered ideas (23 matching) out of 23 total ideas (Page 2 of 3)',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms/7?page=2');
    expect(screen.getByRole('cell', { name: 'Idea number 11' })).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Showing 3 filtered ideas (23 matching) out of 23 total ideas (Page 3 of 3)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await actor.click(screen.getByRole('button', { name: 'Previous' }));
    await actor.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByText(
        'Showing 10 filtered ideas (23 matching) out of 23 total ideas (Page 1 of 3)',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms/7');
    // The total comes from its own one-idea page.
    expect(requests).toContainEqual(expect.objectContaining({ page: '1', pageSize: '1' }));
  });

  it('counts filtered ideas, matching ideas and all the brainstorm ideas apart', async () => {
    const ideas = someIdeas(30);
    server.use(
      http.get('/api/ideas/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('page_size') === '1') {
          return HttpResponse.json({
            count: 30,
            filteredCount: 30,
            next: '/api/ideas/?page=2',
            previous: null,
            results: ideas.slice(0, 1),
          });
        }
        return HttpResponse.json({
          count: 25,
          filteredCount: 12,
          next: '/api/ideas/?page=2',
          previous: null,
          results: ideas.slice(0, 10),
        });
      }),
    );
    renderApp('/brainstorms/7', { signedInAs: user });
    expect(
      await screen.findByText(
        'Showing 10 filtered ideas (12 matching) out of 30 total ideas (Page 1 of 2)',
      ),
    ).toBeInTheDocument();
  });

  it('disables Next at the last page even when the server offers a next link', async () => {
    server.use(
      http.get('/api/ideas/', ({ request }) => {
        const pageSize = new URL(request.url).searchParams.get('page_size');
        return HttpResponse.json({
          count: 40,
          filteredCount: pageSize === '1' ? 40 : 5,
          next: '/api/ideas/?page=2',
          previous: null,
          results: someIdeas(5),
        });
      }),
    );
    renderApp('/brainstorms/7?page_size=5', { signedInAs: user });
    expect(
      await screen.findByText(
        'Showing 5 filtered ideas (5 matching) out of 40 total ideas (Page 1 of 1)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('disables Next when the server offers no next page', async () => {
    server.use(
      http.get('/api/ideas/', () =>
        HttpResponse.json({
          count: 40,
          filteredCount: 40,
          next: null,
          previous: null,
          results: someIdeas(10),
        }),
      ),
    );
    renderApp('/brainstorms/7', { signedInAs: user });
    expect(
      await screen.findByText(
        'Showing 10 filtered ideas (40 matching) out of 40 total ideas (Page 1 of 4)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reads page and page size from the address and returns to page 1 on a new page size', async () => {
    const requests = serveIdeas(someIdeas(60));
    const { router, user: actor } = renderApp('/brainstorms/7?page=3&page_size=5', {
      signedInAs: user,
    });
    expect(
      await screen.findByText(
        'Showing 5 filtered ideas (60 matching) out of 60 total ideas (Page 3 of 12)',
      ),
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
      await screen.findByText(
        'Showing 25 filtered ideas (60 matching) out of 60 total ideas (Page 1 of 3)',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms/7?page_size=25');
    expect(requests.filter((request) => request.pageSize !== '1').at(-1)).toMatchObject({
      page: '1',
      pageSize: '25',
    });
  });

  it('goes back to page 1 when the page in the address is past the end', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveIdeas(someIdeas(3));
    const { router } = renderApp('/brainstorms/7?page=4', { signedInAs: user });
    expect(
      await screen.findByText(
        'Showing 3 filtered ideas (3 matching) out of 3 total ideas (Page 1 of 1)',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms/7');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('ideas'), expect.anything());
  });

  it("falls back to the plain list, keeping this brainstorm's ideas, when the list fails", async () => {
    const warned = captureWarnings();
    const plain = [
      makeIdea({ id: 1, brainstorm: 7, title: 'Ours, newest' }),
      makeIdea({ id: 2, brainstorm: 8, title: 'Another brainstorm' }),
      makeIdea({ id: 3, brainstorm: 7, title: 'Ours, older' }),
    ];
    const plainQueries: string[] = [];
    server.use(
      http.get('/api/ideas/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('page_size') === '1') {
          return HttpResponse.json({
            count: 2,
            filteredCount: 2,
            next: null,
            previous: null,
            results: [],
          });
        }
        if (query.has('brainstorm')) {
          return HttpResponse.json({ detail: 'Down.' }, { status: 503 });
        }
        plainQueries.push(query.toString());
        return HttpResponse.json({
          count: 3,
          filteredCount: 3,
          next: null,
          previous: null,
          results: plain,
        });
      }),
    );
    renderApp('/brainstorms/7', { signedInAs: user });
    expect(await screen.findByRole('cell', { name: 'Ours, newest' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ours, older' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Another brainstorm' })).not.toBeInTheDocument();
    expect(ideasRegion()).toHaveTextContent(/could not be loaded/);
    expect(
      screen.getByText('Showing 2 filtered ideas (2 matching) out of 2 total ideas (Page 1 of 1)'),
    ).toBeInTheDocument();
    expect(plainQueries[0]).toBe('page=1&page_size=100&ordering=-created&with_annotations=true');
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining('trying the plain list'),
      expect.anything(),
    );
  });

  it('shows "Error loading ideas" with a warning when the plain list fails too, and Try again recovers', async () => {
    const warned = captureWarnings();
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    let failing = true;
    server.use(
      http.get('/api/ideas/', () =>
        failing
          ? HttpResponse.json({ detail: 'Down.' }, { status: 500 })
          : HttpResponse.json({
              count: 1,
              filteredCount: 1,
              next: null,
              previous: null,
              results: [makeIdea({ id: 1, title: 'Back again' })],
            }),
      ),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
    expect(await screen.findByText('Error loading ideas')).toBeInTheDocument();
    expect(screen.queryByText('No ideas found for this brainstorm.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining('showing no ideas'),
      expect.anything(),
    );
    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('"total"'), expect.anything());
    });
    failing = false;
    await actor.click(within(ideasRegion()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Back again' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading ideas')).not.toBeInTheDocument();
  });

  it('treats an unexpected response shape as no result, with a warning', async () => {
    const warned = captureWarnings();
    server.use(http.get('/api/ideas/', () => HttpResponse.json([makeIdea()])));
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    renderApp('/brainstorms/7', { signedInAs: user });
    expect(await screen.findByText('Error loading ideas')).toBeInTheDocument();
    // The total's own query fails on the same answer, after its one retry.
    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining('"total"'),
        new Error('Unexpected ideas response shape'),
      );
    });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(warned).toHaveBeenCalledWith('Unexpected ideas response shape', [makeIdea()]);
  });

  it('is not shown when the brainstorm does not exist', async () => {
    server.use(
      http.get('/api/brainstorms/99/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderApp('/brainstorms/99', { signedInAs: user });
    expect(await screen.findByText('Brainstorm not found')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Ideas' })).not.toBeInTheDocument();
    });
  });

  describe('ideas written by hand', () => {
    /** Records the bodies of POST, PATCH and DELETE on ideas, answered by `answer`. */
    function serveWrites(answer: (method: string, body: unknown) => Response) {
      const writes: { method: string; url: string; body: unknown }[] = [];
      const record = async ({ request }: { request: Request }) => {
        const body: unknown = request.method === 'DELETE' ? null : await request.json();
        writes.push({ method: request.method, url: new URL(request.url).pathname, body });
        return answer(request.method, body);
      };
      server.use(
        http.post('/api/ideas/', record),
        http.patch('/api/ideas/:id/', record),
        http.delete('/api/ideas/:id/', record),
      );
      return writes;
    }

    it('adds an idea with Add Idea, asking for its title, and lists it', async () => {
      let ideas = [makeIdea({ id: 3, title: 'Coffee in the sink' })];
      server.use(
        http.get('/api/ideas/', () =>
          HttpResponse.json({
            count: ideas.length,
            filteredCount: ideas.length,
            next: null,
            previous: null,
            results: ideas,
          }),
        ),
      );
      const writes = serveWrites((_, body) => {
        const created = makeIdea({ id: 4, ...(body as object) });
        ideas = [created, ...ideas];
        return HttpResponse.json(created, { status: 201 });
      });
      const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
      await actor.click(await screen.findByRole('button', { name: 'Add Idea' }));
      const form = screen.getByRole('form', { name: 'Add an idea' });
      expect(within(form).getByLabelText('Title *')).toHaveFocus();
      await actor.click(within(form).getByRole('button', { name: 'Save' }));
      expect(within(form).getByLabelText('Title *')).toHaveAccessibleDescription(
        'Title is required',
      );
      expect(writes).toEqual([]);

      await actor.type(within(form).getByLabelText('Title *'), 'Mugs with holes');
      await actor.type(within(form).getByLabelText('Summary'), 'Drink faster');
      await actor.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('cell', { name: 'Mugs with holes' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Add an idea' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add Idea' })).toHaveFocus();
      expect(writes).toEqual([
        {
          method: 'POST',
          url: '/api/ideas/',
          body: {
            brainstorm: 7,
            title: 'Mugs with holes',
            summary: 'Drink faster',
            description: '',
          },
        },
      ]);
    });

    it("shows the server's field errors at their fields and keeps what was typed", async () => {
      vi.mocked(console.error).mockImplementation(() => undefined);
      serveIdeas([]);
      serveWrites(() =>
        HttpResponse.json(
          { title: ['Ensure this field has no more than 300 characters.'] },
          {
            status: 400,
          },
        ),
      );
      const { user: actor } = renderApp('/brainstorms/7', { signedInAs: user });
      await actor.click(await screen.findByRole('button', { name: 'Add Idea' }));
      const form = screen.getByRole('form', { name: 'Add an idea' });
      await actor.type(within(form).getByLabelText('Title *'), 'Too long');
      await actor.click(within(form).getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        expect(within(form).getByLabelText('Title *')).toHaveAccessibleDescription(
          'Ensure this field has no more than 300 characters.',
        );
      });
      expect(within(form).getByLabelText('Title *')).toHaveValue('Too long');
    });

    it('edits and deletes, after confirming, an idea I may change, and not one I may not', async () => {
      const mine = makeIdea({ id: 3, title: 'Coffee in the sink', created_by: 2 });
      const theirs = makeIdea({ id: 5, title: 'Tea in the kettle', created_by: 3 });
      serveIdeas([mine, theirs]);
      // Bob, who neither created the brainstorm nor is staff: his own idea only.
      const bob = makeUser({ id: 2 });
      const writes = serveWrites((method, body) =>
        method === 'DELETE'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ ...mine, ...(body as object) }),
      );
      const { user: actor } = renderApp('/brainstorms/7', { signedInAs: bob });
      await screen.findByRole('cell', { name: 'Tea in the kettle' });
      expect(screen.queryByRole('button', { name: 'Edit Tea in the kettle' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete Tea in the kettle' })).toBeNull();

      await actor.click(screen.getByRole('button', { name: 'Edit Coffee in the sink' }));
      const form = screen.getByRole('form', { name: 'Edit idea' });
      expect(within(form).getByLabelText('Title *')).toHaveValue('Coffee in the sink');
      await actor.clear(within(form).getByLabelText('Title *'));
      await actor.type(within(form).getByLabelText('Title *'), 'Coffee in the fridge');
      await actor.click(within(form).getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        expect(screen.queryByRole('form', { name: 'Edit idea' })).not.toBeInTheDocument();
      });
      expect(screen.getByRole('button', { name: 'Edit Coffee in the sink' })).toHaveFocus();

      await actor.click(screen.getByRole('button', { name: 'Delete Coffee in the sink' }));
      const confirm = screen.getByRole('group', { name: 'Delete Coffee in the sink?' });
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await actor.click(within(confirm).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => {
        expect(writes.map(({ method, url }) => `${method} ${url}`)).toEqual([
          'PATCH /api/ideas/3/',
          'DELETE /api/ideas/3/',
        ]);
      });
      expect(writes[0]?.body).toEqual({
        title: 'Coffee in the fridge',
        summary: mine.summary,
        description: mine.description,
      });
    });
  });
});
