import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBrainstorm } from '@/features/brainstorms/testing/brainstorm-fixtures';
import { deferred, makeProject, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

const user = makeUser();

/** Serves brainstorm `id`, holding the answer until the returned release is called. */
function serveSlowBrainstorm(id: number, title: string) {
  const hold = deferred();
  server.use(
    http.get(`/api/brainstorms/${id}/`, async () => {
      await hold.promise;
      return HttpResponse.json(makeBrainstorm({ id, title }));
    }),
  );
  return hold.release;
}

function breadcrumb() {
  return screen.getByRole('navigation', { name: 'breadcrumb' });
}

describe('while a page loads', () => {
  it('says "Loading..." within a fraction of a second of a hard load', async () => {
    const release = serveSlowBrainstorm(7, 'Slow one');
    const started = performance.now();
    renderApp('/brainstorms/7', { signedInAs: user });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    // The router's default would wait a whole second before showing anything.
    expect(performance.now() - started).toBeLessThan(900);

    release();
    expect(await screen.findByRole('heading', { name: 'Slow one', level: 1 })).toBeVisible();
  });

  it('keeps the breadcrumb of the page on screen until the next page shows', async () => {
    server.use(
      http.get('/api/brainstorms/5/', () =>
        HttpResponse.json(makeBrainstorm({ id: 5, title: 'Fast one' })),
      ),
    );
    const release = serveSlowBrainstorm(7, 'Slow one');
    const { router } = renderApp('/brainstorms/5', { signedInAs: user });
    await screen.findByRole('heading', { name: 'Fast one', level: 1 });

    void router.navigate({ to: '/brainstorms/$brainstormId', params: { brainstormId: 7 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/brainstorms/7');
    expect(screen.getByRole('heading', { name: 'Fast one', level: 1 })).toBeVisible();
    expect(within(breadcrumb()).getByText('Brainstorm 5')).toBeInTheDocument();

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(within(breadcrumb()).getByText('Brainstorm 7')).toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: 'Slow one', level: 1 })).toBeVisible();
    expect(within(breadcrumb()).getByText('Brainstorm 7')).toHaveAttribute('aria-current', 'page');
  });
});

describe('the browser tab', () => {
  beforeEach(() => {
    document.title = '';
  });

  it.each([
    ['/dashboard', 'Dashboard · Ideaforge'],
    ['/brainstorms', 'Brainstorms · Ideaforge'],
    ['/brainstorms/12', 'Brainstorm 12 · Ideaforge'],
    ['/brainstorms/12/review', 'Review Ideas · Brainstorm 12 · Ideaforge'],
    ['/projects', 'Projects · Ideaforge'],
    ['/projects/7', 'Launch plan · Ideaforge'],
    ['/saved', 'Saved Ideas · Ideaforge'],
    ['/about', 'About · Ideaforge'],
    ['/nowhere', 'Not Found · Ideaforge'],
    ['/brainstorms/12/other', 'Not Found · Ideaforge'],
    ['/projects/abc', 'Not Found · Ideaforge'],
    ['/brainstorms/0', 'Not Found · Ideaforge'],
  ])('at %s reads "%s"', async (path, title) => {
    server.use(
      http.get('/api/brainstorms/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
      http.get('/api/brainstorms/types/', () => HttpResponse.json([])),
      http.get('/api/brainstorms/12/', () => HttpResponse.json(makeBrainstorm({ id: 12 }))),
      http.get('/api/projects/7/', () =>
        HttpResponse.json(makeProject({ id: 7, name: 'Launch plan' })),
      ),
    );
    renderApp(path, { signedInAs: user });

    await waitFor(() => {
      expect(document.title).toBe(title);
    });
  });

  it('reads "Login · Ideaforge" on the sign-in page', async () => {
    server.use(
      http.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({ detail: 'No session.' }, { status: 401 }),
      ),
    );
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Login to Ideaforge' })).toBeInTheDocument();
    expect(document.title).toBe('Login · Ideaforge');
  });
});
