import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore, type AuthStore } from '@/lib/auth/auth-store';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { createApi } from './create-api';

const user = makeUser();
let store: AuthStore;
let onSessionExpired: ReturnType<typeof vi.fn<(returnTo: string | null) => void>>;
let refreshCalls: number;

function setup() {
  return createApi({
    store,
    onSessionExpired,
    currentPath: () => '/brainstorms/3/review?page=2',
  }).client;
}

/** /api/users/me/ answers 401 unless the request carries `Bearer <validToken>`. */
function meAcceptsOnly(validToken: string, seen: (string | null)[]) {
  server.use(
    http.get('/api/users/me/', ({ request }) => {
      const authorization = request.headers.get('Authorization');
      seen.push(authorization);
      return authorization === `Bearer ${validToken}`
        ? HttpResponse.json(user)
        : HttpResponse.json({ detail: 'Token expired.' }, { status: 401 });
    }),
  );
}

function refreshAnswers(response: () => Response | Promise<Response>) {
  server.use(
    http.post('/api/auth/token/refresh/', async () => {
      refreshCalls += 1;
      return response();
    }),
  );
}

beforeEach(() => {
  store = createAuthStore();
  store.setSession('stale', user);
  onSessionExpired = vi.fn<(returnTo: string | null) => void>();
  refreshCalls = 0;
});

describe('authFetch', () => {
  it('sends the bearer token and cookies on ordinary calls', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/users/me/', ({ request }) => {
        credentials = request.credentials;
        return request.headers.get('Authorization') === 'Bearer stale'
          ? HttpResponse.json(user)
          : HttpResponse.json({ detail: 'no' }, { status: 401 });
      }),
    );
    const { data } = await setup().GET('/api/users/me/');
    expect(data).toEqual(user);
    expect(credentials).toBe('include');
  });

  it('never sends the bearer token to sign-in, refresh or logout', async () => {
    const authorizations: (string | null)[] = [];
    const record = ({ request }: { request: Request }) => {
      authorizations.push(request.headers.get('Authorization'));
    };
    server.use(
      http.post('/api/auth/token/', (info) => {
        record(info);
        return HttpResponse.json({ access: 'fresh', user });
      }),
      http.post('/api/auth/token/refresh/', (info) => {
        record(info);
        return HttpResponse.json({ access: 'fresh', user });
      }),
      http.post('/api/auth/logout/', (info) => {
        record(info);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const api = setup();
    await api.POST('/api/auth/token/', { body: { email: 'a@b.c', password: 'pw' } });
    await api.POST('/api/auth/token/refresh/', { body: {} });
    await api.POST('/api/auth/logout/', { body: {} });
    expect(authorizations).toEqual([null, null, null]);
  });

  it('shares one refresh among concurrent 401s and retries each request once', async () => {
    const seen: (string | null)[] = [];
    meAcceptsOnly('fresh', seen);
    refreshAnswers(() => HttpResponse.json({ access: 'fresh', user }));
    const api = setup();

    const results = await Promise.all([
      api.GET('/api/users/me/'),
      api.GET('/api/users/me/'),
      api.GET('/api/users/me/'),
    ]);

    expect(refreshCalls).toBe(1);
    expect(results.map((result) => result.response.status)).toEqual([200, 200, 200]);
    expect(seen.filter((header) => header === 'Bearer stale')).toHaveLength(3);
    expect(seen.filter((header) => header === 'Bearer fresh')).toHaveLength(3);
    expect(store.getState().accessToken).toBe('fresh');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a request with a body with the same body', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/token/', () => HttpResponse.json({ access: 'x', user })),
      http.patch('/api/users/:id/', async ({ request }) => {
        bodies.push(await request.json());
        return request.headers.get('Authorization') === 'Bearer fresh'
          ? HttpResponse.json(user)
          : HttpResponse.json({ detail: 'expired' }, { status: 401 });
      }),
    );
    refreshAnswers(() => HttpResponse.json({ access: 'fresh', user }));

    const { response } = await setup().PATCH('/api/users/{id}/', {
      params: { path: { id: 1 } },
      body: { first_name: 'Augusta' },
    });

    expect(response.status).toBe(200);
    expect(bodies).toEqual([{ first_name: 'Augusta' }, { first_name: 'Augusta' }]);
  });

  it('does not retry a second time when the retried request is refused again', async () => {
    const seen: (string | null)[] = [];
    meAcceptsOnly('never-valid', seen);
    refreshAnswers(() => HttpResponse.json({ access: 'fresh', user }));

    const { response, error } = await setup().GET('/api/users/me/');

    expect(response.status).toBe(401);
    expect(error).toEqual({ detail: 'Token expired.' });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(refreshCalls).toBe(1);
  });

  it('clears auth and sends the user to log in again, with returnTo, when refresh fails', async () => {
    meAcceptsOnly('fresh', []);
    refreshAnswers(() => HttpResponse.json({ detail: 'Session expired.' }, { status: 401 }));

    const { response } = await setup().GET('/api/users/me/');

    expect(response.status).toBe(401);
    expect(store.getState()).toMatchObject({
      status: 'unauthenticated',
      accessToken: null,
      user: null,
    });
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith('/brainstorms/3/review?page=2');
  });

  it('treats a refresh that throws like a failed one', async () => {
    meAcceptsOnly('fresh', []);
    refreshAnswers(() => HttpResponse.error());

    await setup().GET('/api/users/me/');

    expect(store.getState().status).toBe('unauthenticated');
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith('/brainstorms/3/review?page=2');
  });

  it('clears auth and goes to log in without returnTo when refresh brings no token', async () => {
    meAcceptsOnly('fresh', []);
    refreshAnswers(() => HttpResponse.json({ access: '', user }));

    await setup().GET('/api/users/me/');

    expect(store.getState().status).toBe('unauthenticated');
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('does not refresh after a 401 from the refresh call itself', async () => {
    refreshAnswers(() => HttpResponse.json({ detail: 'No session.' }, { status: 401 }));

    const { response } = await setup().POST('/api/auth/token/refresh/', { body: {} });

    expect(response.status).toBe(401);
    expect(refreshCalls).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});
