import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { clickTwiceAtOnce } from '@/test/click-twice';
import { APP_LOADED, renderApp } from '@/test/render-app';

const user = makeUser();

function noSession() {
  server.use(
    http.post('/api/auth/token/refresh/', () =>
      HttpResponse.json({ detail: 'No session.' }, { status: 401 }),
    ),
  );
}

async function fillIn(actor: ReturnType<typeof renderApp>['user']) {
  await actor.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await actor.type(screen.getByLabelText('Password'), 'correct horse');
}

/** Every text the page shows from now on, so a test can say what never appeared. */
function recordTexts() {
  const seen = new Set<string>();
  const record = () => seen.add(document.body.textContent);
  record();
  const observer = new MutationObserver(record);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    seen: () => [...seen],
    stop: () => {
      observer.disconnect();
    },
  };
}

describe('Login page', () => {
  it('shows "Checking authentication..." while the silent refresh runs, then the form', async () => {
    const refresh = deferred();
    server.use(
      http.post('/api/auth/token/refresh/', async () => {
        await refresh.promise;
        return HttpResponse.json({ detail: 'No session.' }, { status: 401 });
      }),
    );
    renderApp('/login');

    expect(await screen.findByText('Checking authentication...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    refresh.release();

    expect(await screen.findByRole('heading', { name: 'Login to Ideaforge' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('redirects an already signed-in user to a same-origin returnTo', async () => {
    server.use(
      http.post('/api/auth/token/refresh/', () => HttpResponse.json({ access: 'a1', user })),
    );
    const { router } = renderApp('/login?returnTo=%2Fsaved');

    expect(await screen.findByRole('heading', { name: 'Saved Ideas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/saved');
  });

  it('shows "Logging in..." with disabled inputs while submitting, then follows returnTo', async () => {
    noSession();
    const signIn = deferred();
    let sentBody: unknown;
    server.use(
      http.post('/api/auth/token/', async ({ request }) => {
        sentBody = await request.json();
        await signIn.promise;
        return HttpResponse.json({ access: 'a1', user });
      }),
    );
    const { router, user: actor, store } = renderApp('/login?returnTo=%2Fbrainstorms%2F3%2Freview');
    await fillIn(actor);
    await actor.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(sentBody).toEqual({ email: 'ada@example.com', password: 'correct horse' });

    signIn.release();

    expect(await screen.findByRole('heading', { name: 'Review Ideas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/brainstorms/3/review');
    expect(store.getState()).toMatchObject({ status: 'authenticated', accessToken: 'a1', user });
  });

  it('signs in once on a double click of Login', async () => {
    noSession();
    let requests = 0;
    server.use(
      http.post('/api/auth/token/', async () => {
        requests += 1;
        await delay(50);
        return HttpResponse.json({ access: 'a1', user });
      }),
    );
    const { user: actor } = renderApp('/login');
    await fillIn(actor);
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('shows the failure message and keeps the user on the form', async () => {
    noSession();
    server.use(
      http.post('/api/auth/token/', () =>
        HttpResponse.json({ detail: 'Invalid credentials.' }, { status: 401 }),
      ),
    );
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const { router, user: actor } = renderApp('/login');
    await fillIn(actor);
    await actor.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it.each(['//evil.example', 'https://evil.example', 'dashboard'])(
    'ignores returnTo=%s after signing in and opens the dashboard',
    async (returnTo) => {
      noSession();
      server.use(http.post('/api/auth/token/', () => HttpResponse.json({ access: 'a1', user })));
      const { router, user: actor } = renderApp(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await fillIn(actor);
      await actor.click(screen.getByRole('button', { name: 'Login' }));

      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('fetches the current user when the sign-in answer has no email', async () => {
    noSession();
    server.use(
      http.post('/api/auth/token/', () =>
        HttpResponse.json({ access: 'a1', user: { ...user, email: '' } }),
      ),
      http.get('/api/users/me/', async ({ request }) => {
        await delay(10);
        return request.headers.get('Authorization') === 'Bearer a1'
          ? HttpResponse.json(user)
          : HttpResponse.json({ detail: 'no' }, { status: 401 });
      }),
    );
    const { store, user: actor } = renderApp('/login');
    await fillIn(actor);
    await actor.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => {
      expect(store.getState().user?.email).toBe('ada@example.com');
    });
  });
  it.each(['/login', '/dashboard'])(
    'says "Checking authentication..." from the start on %s, never the generic "Loading..."',
    async (path) => {
      const refresh = deferred();
      server.use(
        http.post('/api/auth/token/refresh/', async () => {
          await refresh.promise;
          return HttpResponse.json({ access: null, user: null });
        }),
      );
      const texts = recordTexts();
      const { router } = renderApp(path);

      expect(await screen.findByText('Checking authentication...')).toBeInTheDocument();
      // A protected address waits for the check (1.5 s at most), then goes to the login page.
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/login');
      }, APP_LOADED);
      refresh.release();
      expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
      texts.stop();
      expect(texts.seen().filter((text) => text.includes('Loading...'))).toEqual([]);
    },
  );

  it("shows the server's reason when too many attempts failed, and the spec's text otherwise", async () => {
    noSession();
    const reason = 'Too many failed sign-in attempts. Try again in 294 seconds.';
    let answer: 'wrong' | 'throttled' = 'wrong';
    server.use(
      http.post('/api/auth/token/', () =>
        answer === 'wrong'
          ? HttpResponse.json(
              { detail: 'No active account found with the given credentials' },
              { status: 401 },
            )
          : HttpResponse.json(
              { detail: reason },
              { status: 429, headers: { 'Retry-After': '294' } },
            ),
      ),
    );
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { router, user: actor } = renderApp('/login');
    await fillIn(actor);
    await actor.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );

    answer = 'throttled';
    await actor.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(reason));
    expect(screen.getByRole('alert')).not.toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says to wait a few minutes when a 429 comes without a reason', async () => {
    noSession();
    server.use(http.post('/api/auth/token/', () => new HttpResponse('slow down', { status: 429 })));
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { user: actor } = renderApp('/login');
    await fillIn(actor);
    await actor.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    );
  });
});
