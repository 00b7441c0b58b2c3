import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from '@/lib/auth/auth-store';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { createRefreshSession, REFRESH_LOCK_NAME } from './refresh-session';

const user = makeUser();

function setLocks(locks: unknown) {
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('createRefreshSession', () => {
  it('refreshes under a lock shared by every tab', async () => {
    const order: string[] = [];
    const request = vi.fn(async (name: string, task: () => Promise<unknown>) => {
      order.push(`lock ${name}`);
      const result = await task();
      order.push('unlock');
      return result;
    });
    setLocks({ request });
    server.use(
      http.post('/api/auth/token/refresh/', () => {
        order.push('refresh');
        return HttpResponse.json({ access: 'fresh', user });
      }),
    );
    const store = createAuthStore();

    const outcome = await createRefreshSession(store, fetch)();

    expect(order).toEqual([`lock ${REFRESH_LOCK_NAME}`, 'refresh', 'unlock']);
    expect(outcome).toMatchObject({ status: 'refreshed', accessToken: 'fresh' });
    expect(store.getState().accessToken).toBe('fresh');
  });

  it('still refreshes where the browser has no Web Locks', async () => {
    setLocks(undefined);
    server.use(
      http.post('/api/auth/token/refresh/', () => HttpResponse.json({ access: 'a', user })),
    );
    const outcome = await createRefreshSession(createAuthStore(), fetch)();
    expect(outcome.status).toBe('refreshed');
  });
});
