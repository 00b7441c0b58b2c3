import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deferred, makeProject, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

const user = makeUser();

describe('protected pages', () => {
  it('send a signed-out visitor to log in, remembering the address', async () => {
    server.use(
      http.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({ detail: 'No session.' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/projects/7?tab=ideas');

    expect(await screen.findByRole('heading', { name: 'Login to Ideaforge' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ returnTo: '/projects/7?tab=ideas' });
  });

  it('wait up to 1500 ms for a slow silent refresh before sending the visitor to log in', async () => {
    const refresh = deferred();
    server.use(
      http.post('/api/auth/token/refresh/', async () => {
        await refresh.promise;
        return HttpResponse.json({ detail: 'No session.' }, { status: 401 });
      }),
    );
    const { router } = renderApp('/dashboard');

    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 1000 },
    );
    expect(router.state.location.search).toEqual({ returnTo: '/dashboard' });
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    refresh.release();
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('open after a silent refresh restores the session', async () => {
    server.use(
      http.post('/api/auth/token/refresh/', () => HttpResponse.json({ access: 'a1', user })),
    );
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText(/requires authentication/)).toBeInTheDocument();
  });

  it('redirects / to the dashboard', async () => {
    const { router } = renderApp('/', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('send the user to log in with returnTo when an API call finds the session gone', async () => {
    server.use(
      http.get('/api/users/me/', () => HttpResponse.json({ detail: 'Expired.' }, { status: 401 })),
      http.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({ detail: 'Expired.' }, { status: 401 }),
      ),
    );
    server.use(
      http.get('/api/projects/7/', () => HttpResponse.json(makeProject({ id: 7 }))),
      http.get('/api/brainstorms/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
    );
    const { api, router, store } = renderApp('/projects/7?tab=ideas', { signedInAs: user });
    expect(await screen.findByRole('heading', { name: 'Project 7' })).toBeInTheDocument();

    await api.GET('/api/users/me/');

    expect(await screen.findByRole('heading', { name: 'Login to Ideaforge' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ returnTo: '/projects/7?tab=ideas' });
    expect(store.getState().status).toBe('unauthenticated');
  });
});

describe('app shell', () => {
  it('shows the breadcrumb trail and marks the active sidebar item', async () => {
    renderApp('/brainstorms/5/review', { signedInAs: user });

    expect(await screen.findByRole('heading', { name: 'Review Ideas' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(trail).getByRole('link', { name: 'Brainstorms' })).toHaveAttribute(
      'href',
      '/brainstorms',
    );
    expect(within(trail).getByRole('link', { name: 'Brainstorm 5' })).toHaveAttribute(
      'href',
      '/brainstorms/5',
    );
    expect(within(trail).getByText('Review Ideas')).toHaveAttribute('aria-current', 'page');

    const sidebarLink = (name: string) =>
      screen.getAllByRole('link', { name }).find((link) => link.dataset.sidebar === 'menu-button');
    expect(sidebarLink('Brainstorms')).toHaveAttribute('data-active', 'true');
    expect(sidebarLink('Dashboard')).toHaveAttribute('data-active', 'false');
    expect(sidebarLink('Saved')).toHaveAttribute('href', '/saved');
    expect(sidebarLink('Insights')).toHaveAttribute('href', '/insights');
  });

  it.each([['/about', 'About', /team brainstorming with language models/]])(
    'renders the placeholder page at %s with a line of text and a way home',
    async (path, heading, text) => {
      renderApp(path, { signedInAs: user });
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      expect(document.querySelectorAll('[data-slot="sidebar"]')).toHaveLength(1);
    },
  );

  it.each(['/nowhere', '/brainstorms/12/other', '/projects/abc', '/brainstorms/0/review'])(
    'shows Not Found at %s in the app shell, with a way home',
    async (path) => {
      renderApp(path, { signedInAs: user });
      expect(await screen.findByRole('heading', { name: 'Not Found', level: 1 })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      expect(document.querySelectorAll('[data-slot="sidebar"]')).toHaveLength(1);
    },
  );

  it('shows Not Found to a signed-out visitor without the shell or a detour to log in', async () => {
    server.use(
      http.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({ detail: 'No session.' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/nowhere');

    expect(await screen.findByRole('heading', { name: 'Not Found', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();
    expect(document.querySelector('[data-slot="sidebar"]')).toBeNull();
    expect(router.state.location.pathname).toBe('/nowhere');
  });

  it('toggles the sidebar with Ctrl+B and remembers the choice in a cookie', async () => {
    const { user: actor } = renderApp('/dashboard', { signedInAs: user });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const sidebar = document.querySelector('[data-slot="sidebar"]');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await actor.keyboard('{Control>}b{/Control}');

    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar).toHaveAttribute('data-collapsible', 'icon');
    expect(document.cookie).toContain('sidebar_state=false');

    await actor.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });
});

describe('logging out', () => {
  it('from the dashboard ends the session and opens the login page', async () => {
    let loggedOut = false;
    server.use(
      http.post('/api/auth/logout/', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router, store, user: actor } = renderApp('/dashboard', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login to Ideaforge' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', accessToken: null });
  });

  it('from the user menu clears local auth even when the server call fails, and logs it', async () => {
    server.use(
      http.post('/api/auth/logout/', () =>
        HttpResponse.json({ detail: 'Cross-site request refused.' }, { status: 403 }),
      ),
    );
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const { store, user: actor } = renderApp('/saved', { signedInAs: user });
    await actor.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await actor.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Login to Ideaforge' })).toBeInTheDocument();
    expect(store.getState().status).toBe('unauthenticated');
    await waitFor(() => {
      expect(console.error).toHaveBeenCalledWith(
        '[medium] Logout request failed',
        expect.objectContaining({ status: 403 }),
      );
    });
  });
});
