import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '@/lib/api/create-api';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { createAuthStore } from './auth-store';
import { createAuth } from './create-auth';

const user = makeUser();

function setup() {
  const store = createAuthStore();
  const { client, refreshSession } = createApi({ store, onSessionExpired: vi.fn() });
  return { store, auth: createAuth(store, client, refreshSession) };
}

function countRequests(method: 'get' | 'post', path: string, respond: () => Response) {
  const calls = { count: 0 };
  server.use(
    http[method](path, () => {
      calls.count += 1;
      return respond();
    }),
  );
  return calls;
}

describe('auth initialisation', () => {
  it('tries one silent refresh, however often it is asked to initialise', async () => {
    const refresh = countRequests('post', '/api/auth/token/refresh/', () =>
      HttpResponse.json({ access: 'a1', user }),
    );
    const { auth, store } = setup();

    await Promise.all([auth.initialise(), auth.initialise()]);
    await auth.initialise();

    expect(refresh.count).toBe(1);
    expect(store.getState()).toEqual({
      status: 'authenticated',
      accessToken: 'a1',
      user,
      initialised: true,
    });
  });

  it('loads the current user when the refresh answer carries none', async () => {
    server.use(http.post('/api/auth/token/refresh/', () => HttpResponse.json({ access: 'a1' })));
    const me = countRequests('get', '/api/users/me/', () => HttpResponse.json(user));
    const { auth, store } = setup();

    await auth.initialise();

    expect(me.count).toBe(1);
    expect(store.getState().user).toEqual(user);
  });

  it('stays signed out but initialised when there is no session', async () => {
    server.use(
      http.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({ detail: 'No session.' }, { status: 401 }),
      ),
    );
    const { auth, store } = setup();

    await auth.initialise();

    expect(store.getState()).toMatchObject({ status: 'unauthenticated', initialised: true });
  });

  it('lets waiting give up after the timeout', async () => {
    const { auth, store } = setup();
    const started = Date.now();
    await auth.waitForInitialisation(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(store.getState().initialised).toBe(false);
  });
});

describe('signing in', () => {
  it('keeps a failed current-user fetch silent, only logging it', async () => {
    server.use(
      http.post('/api/auth/token/', () =>
        HttpResponse.json({ access: 'a1', user: { ...user, email: '' } }),
      ),
      http.get('/api/users/me/', () => HttpResponse.json({ detail: 'Broken.' }, { status: 500 })),
    );
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const { auth, store } = setup();

    await expect(auth.login({ email: 'ada@example.com', password: 'pw' })).resolves.toBeUndefined();

    expect(store.getState().status).toBe('authenticated');
    expect(console.error).toHaveBeenCalledWith(
      '[low] Could not load the current user',
      expect.objectContaining({ status: 500 }),
    );
  });

  it('rejects with the server status when the credentials are refused', async () => {
    server.use(
      http.post('/api/auth/token/', () =>
        HttpResponse.json({ detail: 'Invalid credentials.' }, { status: 401 }),
      ),
    );
    const { auth, store } = setup();

    await expect(auth.login({ email: 'ada@example.com', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid credentials.',
    });
    expect(store.getState().status).toBe('unauthenticated');
  });
});
