import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

/**
 * Where a stream stands. `retrying` says why it is not open and that it will try again:
 * `dropped` after it was open, `busy` when the server refused more streams (429),
 * `unreachable` after a network error or a 5xx. `refused` is final: the server said no in a
 * way that another try would not change (401 after the one refresh, 403, 404, not a stream).
 */
export type EventStreamState =
  | { phase: 'connecting' }
  | { phase: 'open' }
  | { phase: 'retrying'; reason: 'dropped' | 'busy' | 'unreachable'; delayMs: number }
  | { phase: 'refused'; status: number };

export interface RetryDelays {
  /** The first wait after a drop, until the server says otherwise with `retry:`. */
  initialMs: number;
  /** The longest wait, however many tries have failed. */
  maxMs: number;
  /** The least wait after the server said it has too many streams. */
  busyMs: number;
}

export /** A stream open this long that ends is renewed at once, not after the usual wait. */
const LONG_LIVED_MS = 10_000;

const DEFAULT_RETRY_DELAYS: RetryDelays = { initialMs: 1000, maxMs: 30_000, busyMs: 30_000 };

/** A stream past this many characters without an event's end is not one: it is dropped. */
const MAX_BUFFER = 1024 * 1024;

export interface EventStreamOptions {
  url: string;
  /** Sends the request: the app's, which adds the access token and refreshes it once on 401. */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  onMessage: (message: EventSourceMessage) => void;
  onStateChange: (state: EventStreamState) => void;
  delays?: RetryDelays;
}

function isEventStream(response: Response) {
  return response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
}

/** Waits `ms`, or less when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    }
    signal.addEventListener('abort', finish);
  });
}

/**
 * Reads a server-sent event stream with `fetch` (which, unlike EventSource, can send a bearer
 * token), and opens it again after a drop with the last event's id as `Last-Event-ID`, waiting
 * longer after each failed try. Every try goes through `fetch` anew, so it carries the token
 * as it is then. Returns the function that closes it for good.
 */
export function openEventStream({
  url,
  fetch,
  onMessage,
  onStateChange,
  delays = DEFAULT_RETRY_DELAYS,
}: EventStreamOptions) {
  const controller = new AbortController();
  const { signal } = controller;
  const closed = () => signal.aborted;
  let lastEventId: string | null = null;
  let retryMs = delays.initialMs;
  let failures = 0;

  const backoff = () => {
    const ms = Math.min(delays.maxMs, retryMs * 2 ** failures);
    failures += 1;
    // Spread out the clients that one restart dropped together.
    return Math.round(ms * (0.8 + Math.random() * 0.4));
  };

  /** Reads the body until it ends; true when at least one event came. */
  async function read(body: ReadableStream<Uint8Array>) {
    let received = false;
    const parser = createParser({
      maxBufferSize: MAX_BUFFER,
      onEvent: (message) => {
        received = true;
        if (message.id !== undefined) lastEventId = message.id;
        onMessage(message);
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') controller.abort();
      },
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      reader.releaseLock();
    }
    return received;
  }

  /** One try: the wait before the next, or null when there is to be none. */
  async function connect(): Promise<number | null> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal, cache: 'no-store' });
    } catch {
      if (signal.aborted) return null;
      const delayMs = backoff();
      onStateChange({ phase: 'retrying', reason: 'unreachable', delayMs });
      return delayMs;
    }
    if (response.status === 429 || response.status >= 500) {
      void response.body?.cancel().catch(() => undefined);
      const busy = response.status === 429;
      const delayMs = busy ? Math.max(delays.busyMs, backoff()) : backoff();
      onStateChange({ phase: 'retrying', reason: busy ? 'busy' : 'unreachable', delayMs });
      return delayMs;
    }
    if (!response.ok || !response.body || !isEventStream(response)) {
      void response.body?.cancel().catch(() => undefined);
      onStateChange({ phase: 'refused', status: response.status });
      return null;
    }
    onStateChange({ phase: 'open' });
    const opened = Date.now();
    let received = false;
    try {
      received = await read(response.body);
    } catch {
      // A dropped connection ends the read like the server's end does.
    }
    if (signal.aborted) return null;
    if (received) failures = 0;
    // A stream that served a while and ended (the server renews it when the token it opened
    // with expires, or hands it to another instance) is opened again at once.
    const servedAWhile = received && Date.now() - opened >= LONG_LIVED_MS;
    const delayMs = servedAWhile ? 0 : received ? retryMs : backoff();
    onStateChange({ phase: 'retrying', reason: 'dropped', delayMs });
    return delayMs;
  }

  async function run() {
    onStateChange({ phase: 'connecting' });
    for (let delayMs = await connect(); delayMs !== null; delayMs = await connect()) {
      await wait(delayMs, signal);
      // Closed while waiting: no more tries.
      if (closed()) return;
    }
  }

  void run();
  return () => {
    controller.abort();
  };
}
