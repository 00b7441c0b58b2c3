import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import type { Brainstorm } from '../api/types';
import { makeBrainstorm, serveBrainstormTypes } from '../testing/brainstorm-fixtures';

const user = makeUser();

interface ListRequest {
  page: number;
  pageSize: number;
}

/** Serves `total` brainstorms in pages the way the server does, recording each request. */
function serveBrainstorms(total: number, make = (id: number) => makeBrainstorm({ id })) {
  const all: Brainstorm[] = Array.from({ length: total }, (_, index) => make(index + 1));
  const requests: ListRequest[] = [];
  server.use(
    http.get('/api/brainstorms/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('page_size'));
      requests.push({ page, pageSize });
      const results = all.slice((page - 1) * pageSize, page * pageSize);
      const hasNext = page * pageSize < total;
      return HttpResponse.json({
        count: total,
        next: hasNext ? `/api/brainstorms/?page=${page + 1}` : null,
        previous: page > 1 ? `/api/brainstorms/?page=${page - 1}` : null,
        results,
      });
    }),
  );
  return requests;
}

beforeAll(stubPointerCapture);

beforeEach(() => {
  serveBrainstormTypes();
});

describe('Brainstorm list page', () => {
  it('shows "Loading..." until the first page arrives, then the table', async () => {
    const hold = deferred();
    server.use(
      http.get('/api/brainstorms/', async () => {
        await hold.promise;
        return HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [makeBrainstorm({ id: 4, title: 'Worse meetings' })],
        });
      }),
    );
    renderApp('/brainstorms', { signedInAs: user });

    expect(await screen.findByRole('heading', { name: 'Brainstorms' })).toBeInTheDocument();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();

    hold.release();

    expect(await screen.findByRole('cell', { name: 'Worse meetings' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('lists each brainstorm with its title linked, type, idea count, date and a View link', async () => {
    server.use(
      http.get('/api/brainstorms/', () =>
        HttpResponse.json({
          count: 2,
          next: null,
          previous: null,
          results: [
            makeBrainstorm({ id: 4, title: 'Worse meetings', ideas_count: 12 }),
            makeBrainstorm({
              id: 5,
              title: '',
              type: 'classic',
              type_display: 'Classic',
              parameters: { problem: 'p', themes: [], type: 'classic' },
            }),
          ],
        }),
      ),
    );
    renderApp('/brainstorms', { signedInAs: user });

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Type', '#Ideas', 'Created', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('expected two body rows');
    expect(within(first).getByRole('cell', { name: 'Worse meetings' })).toBeInTheDocument();
    expect(within(first).getByText('Bad Idea Contest')).toBeInTheDocument();
    expect(within(first).getByText('12')).toBeInTheDocument();
    expect(
      within(first).getByText(new Date('2026-02-15T09:30:00.000Z').toLocaleString()),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      '/brainstorms/4',
    );
    expect(within(first).getByRole('link', { name: 'Worse meetings' })).toHaveAttribute(
      'href',
      '/brainstorms/4',
    );
    expect(within(second).getByRole('cell', { name: 'Untitled' })).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Untitled' })).toHaveAttribute(
      'href',
      '/brainstorms/5',
    );
    expect(within(second).getByText('Classic')).toBeInTheDocument();
    // The debug line of raw type values, in every build.
    expect(within(second).getByText('classic / classic')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 brainstorms (Page 1 of 1)')).toBeInTheDocument();
  });

  it('shows the empty state when there are no brainstorms', async () => {
    serveBrainstorms(0);
    renderApp('/brainstorms', { signedInAs: user });

    expect(await screen.findByText('No brainstorms yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 brainstorms (Page 1 of 1)')).toBeInTheDocument();
  });

  it('shows "Error loading brainstorms" when the list fails', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(
      http.get('/api/brainstorms/', () =>
        HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 }),
      ),
    );
    renderApp('/brainstorms', { signedInAs: user });

    expect(await screen.findByText('Error loading brainstorms')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('brainstorms'), expect.anything());
  });

  it('shows the error within a second of a server failure, and Try again loads the list', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    let failing = true;
    let calls = 0;
    server.use(
      http.get('/api/brainstorms/', () => {
        calls += 1;
        if (failing) return HttpResponse.json({ detail: 'Down.' }, { status: 503 });
        return HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [makeBrainstorm({ id: 4, title: 'Worse meetings' })],
        });
      }),
    );
    const { user: actor } = renderApp('/brainstorms', { signedInAs: user });

    expect(
      await screen.findByText('Error loading brainstorms', {}, { timeout: 1500 }),
    ).toBeInTheDocument();
    // One quick retry, then the error.
    expect(calls).toBe(2);
    expect(logged).toHaveBeenCalledTimes(1);

    failing = false;
    await actor.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('cell', { name: 'Worse meetings' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading brainstorms')).not.toBeInTheDocument();
  });

  it('pages forward and back, keeping the page in the address', async () => {
    const requests = serveBrainstorms(23);
    const { router, user: actor } = renderApp('/brainstorms', { signedInAs: user });

    expect(
      await screen.findByText('Showing 10 of 23 brainstorms (Page 1 of 3)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(requests[0]).toEqual({ page: 1, pageSize: 10 });

    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Showing 10 of 23 brainstorms (Page 2 of 3)'),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms?page=2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Showing 3 of 23 brainstorms (Page 3 of 3)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await actor.click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByText('Showing 10 of 23 brainstorms (Page 2 of 3)'),
    ).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByText('Showing 10 of 23 brainstorms (Page 1 of 3)'),
    ).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms');
  });

  it('disables Next on the last page even when the server offers a next link', async () => {
    server.use(
      http.get('/api/brainstorms/', () =>
        HttpResponse.json({
          count: 5,
          next: '/api/brainstorms/?page=2',
          previous: null,
          results: Array.from({ length: 5 }, (_, index) => makeBrainstorm({ id: index + 1 })),
        }),
      ),
    );
    renderApp('/brainstorms?page_size=5', { signedInAs: user });

    expect(await screen.findByText('Showing 5 of 5 brainstorms (Page 1 of 1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reads page and page size from the address and returns to page 1 on a new page size', async () => {
    const requests = serveBrainstorms(60);
    const { router, user: actor } = renderApp('/brainstorms?page=3&page_size=5', {
      signedInAs: user,
    });

    expect(
      await screen.findByText('Showing 5 of 60 brainstorms (Page 3 of 12)'),
    ).toBeInTheDocument();
    expect(requests).toEqual([{ page: 3, pageSize: 5 }]);

    await actor.click(screen.getByRole('combobox', { name: 'Page size' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
    ]);
    await actor.click(screen.getByRole('option', { name: '25' }));

    expect(
      await screen.findByText('Showing 25 of 60 brainstorms (Page 1 of 3)'),
    ).toBeInTheDocument();
    // Page 1 is the default, so the address leaves it out.
    expect(router.state.location.href).toBe('/brainstorms?page_size=25');
    expect(requests.at(-1)).toEqual({ page: 1, pageSize: 25 });
  });

  it('goes back to page 1 when the page in the address is past the end', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    const requests = serveBrainstorms(3);
    server.use(
      http.get('/api/brainstorms/', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 1) return undefined;
        requests.push({ page, pageSize: 10 });
        return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
      }),
    );
    const { router } = renderApp('/brainstorms?page=7', { signedInAs: user });

    expect(await screen.findByText('Showing 3 of 3 brainstorms (Page 1 of 1)')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/brainstorms');
    expect(requests.map((r) => r.page)).toEqual([7, 1]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('brainstorms'), expect.anything());
  });

  it('falls back to page 1 and 10 per page for invalid search values', async () => {
    const requests = serveBrainstorms(3);
    renderApp('/brainstorms?page=-2&page_size=7', { signedInAs: user });

    expect(await screen.findByText('Showing 3 of 3 brainstorms (Page 1 of 1)')).toBeInTheDocument();
    await waitFor(() => {
      expect(requests).toEqual([{ page: 1, pageSize: 10 }]);
    });
  });
});
