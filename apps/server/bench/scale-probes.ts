/**
 * What the scale benchmark times besides its own requests: a health prober that sends one
 * GET /api/health/ after another while a measurement runs, and the wait from a vote to its event
 * on an open live stream.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';
import { post, type Session } from './api.js';
import { percentile } from './live.js';

/** How long the health checks sent during a measurement waited. */
export interface HealthFigures {
  samples: number;
  p99Ms: number;
  maxMs: number;
}

const PROBE_INTERVAL_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p50 and p99 of some waits, in ms. */
export function latencies(waits: number[]): { p50Ms: number; p99Ms: number } {
  const sorted = [...waits].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
}

/**
 * Runs `measure` while health checks go to the server one after another, 10 ms apart; resolves
 * to what it resolved to and the checks' waits. A check the server fails fails the measurement.
 */
export async function withHealthProbes<T>(
  baseUrl: string,
  measure: () => Promise<T>,
): Promise<{ result: T; health: HealthFigures }> {
  const waits: number[] = [];
  let measuring = true;
  let failure: unknown;
  const probe = async () => {
    while (measuring) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health/`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/health/: ${response.status}`);
      waits.push(performance.now() - started);
      await sleep(PROBE_INTERVAL_MS);
    }
  };
  const probing = probe().catch((error: unknown) => (failure = error));
  let result: T;
  try {
    result = await measure();
  } finally {
    measuring = false;
    await probing;
  }
  if (failure !== undefined) throw failure;
  return { result, health: healthOf(waits) };
}

function healthOf(waits: number[]): HealthFigures {
  return {
    samples: waits.length,
    p99Ms: latencies(waits).p99Ms,
    maxMs: waits.length === 0 ? NaN : Math.max(...waits),
  };
}

/** A GET's median time over several requests, or the status of the first answer not 2xx. */
export type PathTiming = { p50Ms: number } | { status: number };

/** Sends the GET `requests` times, one after another, reading each answer to its end. */
export async function timeGets(
  session: Session,
  path: string,
  requests: number,
): Promise<PathTiming> {
  const waits: number[] = [];
  for (let n = 0; n < requests; n++) {
    const started = performance.now();
    const response = await fetch(session.baseUrl + path, { headers: session.headers });
    await response.arrayBuffer();
    if (!response.ok) return { status: response.status };
    waits.push(performance.now() - started);
  }
  return { p50Ms: latencies(waits).p50Ms };
}

/** A brainstorm's live stream, open: resolves each vote's event as it arrives. */
interface OpenStream {
  /** Resolves when an `idea.updated` of the idea arrives. */
  next: (ideaId: number) => Promise<void>;
  close: () => void;
}

/** Opens the stream and resolves once its `ready` event arrived. */
function openStream(session: Session, brainstormId: number): Promise<OpenStream> {
  const waiting = new Map<number, () => void>();
  return new Promise((resolve, reject) => {
    const request = httpGet(`${session.baseUrl}/api/brainstorms/${brainstormId}/events/`, {
      headers: { ...session.headers, accept: 'text/event-stream' },
      agent: false,
    });
    // Closing the stream at the end may be an error too, after it was resolved.
    request.on('error', reject);
    request.once('response', (response: IncomingMessage) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`The live stream answered ${response.statusCode ?? '?'}`));
        return;
      }
      response.setEncoding('utf8');
      const stream: OpenStream = {
        next: (ideaId) => new Promise((arrived) => waiting.set(ideaId, arrived)),
        close: () => {
          response.destroy();
        },
      };
      const parser = createParser({
        onEvent(message) {
          if (message.event === 'ready') resolve(stream);
          if (message.event !== 'idea.updated') return;
          const { id } = JSON.parse(message.data) as { id: number };
          waiting.get(id)?.();
          waiting.delete(id);
        },
      });
      response.on('data', (chunk: string) => {
        parser.feed(chunk);
      });
    });
  });
}

const EVENT_TIMEOUT_MS = 10_000;

/** Waits for `promise`, or fails after `ms`. */
async function within(promise: Promise<void>, ms: number, failure: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${failure} in ${ms} ms`));
    }, ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Votes up each idea, one after another, and times each from the vote's request to its
 * `idea.updated` on a stream of the brainstorm opened before: the median, in ms.
 */
export async function voteToEvent(
  session: Session,
  brainstormId: number,
  ideaIds: number[],
): Promise<number> {
  const stream = await openStream(session, brainstormId);
  try {
    const waits: number[] = [];
    for (const id of ideaIds) {
      const started = performance.now();
      const arrived = stream.next(id);
      await post(session, `/api/ideas/${id}/annotate/`, JSON.stringify({ vote: 1 }));
      await within(arrived, EVENT_TIMEOUT_MS, `No live event for the vote on idea ${id}`);
      waits.push(performance.now() - started);
    }
    return latencies(waits).p50Ms;
  } finally {
    stream.close();
  }
}
