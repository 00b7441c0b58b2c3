import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/lib/api/schema';
import { makeGeneration, makeUser } from '@/test/fixtures';
import { serveLiveStream } from '@/test/live-stream';
import { server } from '@/test/msw-server';
import { APP_LOADED, renderApp } from '@/test/render-app';

type Generation = components['schemas']['Generation'];

const me = makeUser();

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A generation under way when the page opens, and how often it was read since. */
function serveRunningGeneration() {
  const state = { generation: makeGeneration({ status: 'running', succeeded: 1 }), reads: 0 };
  server.use(
    http.get('/api/brainstorms/7/generations/', () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [state.generation] }),
    ),
    http.get('/api/generations/31/', () => {
      state.reads += 1;
      return HttpResponse.json(state.generation);
    }),
  );
  return state;
}

/** Counts the reads of the brainstorm's ideas list. */
function countListReads() {
  const counter = { reads: 0 };
  server.use(
    http.get('/api/ideas/', ({ request }) => {
      if (new URL(request.url).searchParams.get('page_size') !== '1') counter.reads += 1;
      return HttpResponse.json({
        count: 0,
        filteredCount: 0,
        next: null,
        previous: null,
        results: [],
      });
    }),
  );
  return counter;
}

function progress(generation: Partial<Generation>) {
  return {
    id: 31,
    status: 'running',
    requested: 10,
    succeeded: 1,
    failed: 0,
    stacked: 0,
    input_tokens: 0,
    output_tokens: 0,
    ...generation,
  };
}

async function openPage() {
  renderApp('/brainstorms/7/', { signedInAs: me });
  await screen.findByRole('heading', { name: 'A brainstorm', level: 1 }, APP_LOADED);
}

beforeEach(() => {
  countListReads();
});

describe('The brainstorm page, live', () => {
  it("takes a generation's progress from the stream, and polls for it only now and then while live", async () => {
    const generation = serveRunningGeneration();
    const live = serveLiveStream();
    await openPage();
    expect(await screen.findByText('1 of 10 ideas')).toBeInTheDocument();
    await live.connected();
    live.ready();
    live.send('generation.updated', progress({ succeeded: 4 }));
    expect(await screen.findByText('4 of 10 ideas')).toBeInTheDocument();
    // Polled every second without the stream: at most once in these 2.2 s with it.
    const reads = generation.reads;
    await pause(2200);
    expect(generation.reads - reads).toBeLessThanOrEqual(1);

    // Its end brings the whole generation, with why any failed.
    generation.generation = makeGeneration({
      status: 'partly_failed',
      succeeded: 9,
      failed: 1,
      failures: [{ count: 1, reason: 'rate limited by the provider' }],
    });
    live.send('generation.updated', progress({ status: 'partly_failed', succeeded: 9, failed: 1 }));
    expect(await screen.findByText('1 idea failed: rate limited by the provider')).toBeVisible();
  });

  it.each([
    ['too many streams (429)', 429],
    ['a server error (500)', 500],
  ])('polls as before when the stream is refused for %s', async (_reason, status) => {
    const generation = serveRunningGeneration();
    const live = serveLiveStream(7, () =>
      HttpResponse.json({ detail: 'Too many live streams.' }, { status }),
    );
    await openPage();
    expect(await screen.findByText('1 of 10 ideas')).toBeInTheDocument();
    await waitFor(() => {
      expect(live.connections.length).toBeGreaterThan(0);
    });
    const reads = generation.reads;
    generation.generation = makeGeneration({ status: 'running', succeeded: 6 });
    expect(await screen.findByText('6 of 10 ideas')).toBeInTheDocument();
    expect(generation.reads).toBeGreaterThan(reads);
    // Nothing to say about it: the page works as it did before there was a stream.
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });

  it("says 'Reconnecting…' while a dropped stream opens again, and resumes from the last event", async () => {
    const lists = countListReads();
    const live = serveLiveStream();
    await openPage();
    await live.connected();
    live.ready();
    live.send('brainstorm.updated', { id: 7 }, 'event-41');
    await waitFor(() => {
      expect(lists.reads).toBeGreaterThan(0);
    });

    live.end();
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    await live.connected(2);
    expect(live.connections[1]?.headers.get('Last-Event-ID')).toBe('event-41');
    const readsBefore = lists.reads;
    live.ready([], true);
    await waitFor(() => {
      expect(screen.queryByText('Reconnecting…')).toBeNull();
    });
    // Everything missed was replayed: nothing is read again.
    expect(lists.reads).toBe(readsBefore);

    // Dropped again, and too long ago to replay: what the page shows is read again.
    live.end();
    await live.connected(3);
    live.ready([], false);
    await waitFor(() => {
      expect(lists.reads).toBeGreaterThan(readsBefore);
    });
  });

  it('closes the stream when the page is left', async () => {
    const live = serveLiveStream();
    await openPage();
    await live.connected();
    live.ready();
    screen.getByRole('link', { name: 'Saved' }).click();
    await waitFor(() => {
      expect(live.connections[0]?.signal.aborted).toBe(true);
    });
  });
});
