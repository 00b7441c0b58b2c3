import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { serveLiveStream } from '@/test/live-stream';
import { server } from '@/test/msw-server';
import { useBrainstormLive } from './use-brainstorm-live';

function renderLive() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBrainstormLive(7), { wrapper });
}

afterEach(() => {
  // The app's one session: what a test signed in is signed out again.
  authStore.clear();
  vi.restoreAllMocks();
});

describe('useBrainstormLive', () => {
  it('sends the access token, and after a 401 refreshes the session once and opens with the new one', async () => {
    authStore.setSession('expired-token');
    let refreshes = 0;
    server.use(
      http.post('/api/auth/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json({ access: 'fresh-token' });
      }),
    );
    const live = serveLiveStream(7, (attempt) =>
      attempt === 1 ? HttpResponse.json({ detail: 'Token expired.' }, { status: 401 }) : 'stream',
    );
    const { result } = renderLive();
    expect(result.current.status).toBe('connecting');
    await live.connected(2);
    expect(live.connections.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer expired-token',
      'Bearer fresh-token',
    ]);
    expect(refreshes).toBe(1);
    live.ready([{ id: 2, name: 'Ana' }]);
    await waitFor(() => {
      expect(result.current.status).toBe('live');
    });
    expect(result.current.presence).toEqual([{ id: 2, name: 'Ana' }]);
  });

  it('is unavailable, and tries no more, when the brainstorm has no stream (404)', async () => {
    const live = serveLiveStream(7, () =>
      HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    );
    const { result } = renderLive();
    await waitFor(() => {
      expect(result.current.status).toBe('unavailable');
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(live.connections).toHaveLength(1);
  });

  it('counts the new ideas the lists would show, and forgets them once shown', async () => {
    const live = serveLiveStream();
    const { result } = renderLive();
    await live.connected();
    live.ready();
    live.send('ideas.created', {
      count: 60,
      // At most 50 are named: of those, two are stacked; the 10 not named count as new.
      ideas: Array.from({ length: 50 }, (_, index) => ({
        id: 100 + index,
        duplicate_of: index < 2 ? 1 : null,
      })),
    });
    await waitFor(() => {
      expect(result.current.newIdeas).toBe(58);
    });
    act(() => {
      result.current.showNewIdeas();
    });
    await waitFor(() => {
      expect(result.current.newIdeas).toBe(0);
    });
  });

  it('reopens at once, where it was, a stream the server ends after serving a while', async () => {
    const live = serveLiveStream();
    renderLive();
    await live.connected();
    live.ready();
    live.send('presence', { users: [] }, 'p.41');
    // A token lasts minutes: the server ends its stream when it expires.
    const opened = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(opened + 5 * 60_000);
    live.end();
    // Sooner than the wait between tries (1 s): at once.
    await waitFor(
      () => {
        expect(live.connections).toHaveLength(2);
      },
      { timeout: 700 },
    );
    expect(live.connections[1]?.headers.get('Last-Event-ID')).toBe('p.41');
  });

  it('waits before reopening a stream that ended soon after it opened', async () => {
    const live = serveLiveStream();
    renderLive();
    await live.connected();
    live.ready();
    live.end();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(live.connections).toHaveLength(1);
    await live.connected(2);
  });
});
