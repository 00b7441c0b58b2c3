import { createParser } from 'eventsource-parser';

/** One server-sent event as a client reads it. */
export interface ReadEvent {
  id: string | undefined;
  event: string;
  data: Record<string, unknown>;
}

export interface LiveReader {
  status: number;
  headers: Headers;
  /** The answer's body, for a stream that did not open. */
  body: string;
  /** Every event read so far, keep-alive comments not included. */
  events: ReadEvent[];
  /** Comment lines read so far. */
  comments: string[];
  /** The next event not yet taken (of `type`, skipping others), waiting up to `timeoutMs`. */
  next(type?: string, timeoutMs?: number): Promise<ReadEvent>;
  /** Every event not yet taken, after waiting `quietMs` for more. */
  rest(quietMs?: number): Promise<ReadEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens a brainstorm's event stream over real HTTP, as the web app does: `fetch` with the bearer
 * token, the body parsed as server-sent events.
 */
export async function openLive(
  baseUrl: string,
  brainstormId: number,
  headers: Record<string, string>,
  lastEventId?: string,
  /** The page the stream says it is opened for. */
  on?: string,
): Promise<LiveReader> {
  const controller = new AbortController();
  const query = on === undefined ? '' : `?on=${on}`;
  const response = await fetch(`${baseUrl}/api/brainstorms/${brainstormId}/events/${query}`, {
    headers: {
      ...headers,
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: controller.signal,
  });
  const events: ReadEvent[] = [];
  const comments: string[] = [];
  let taken = 0;
  let wake: () => void = () => undefined;
  const reader: LiveReader = {
    status: response.status,
    headers: response.headers,
    body: '',
    events,
    comments,
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < events.length) {
          const event = events[taken++];
          if (event && (type === undefined || event.event === type)) return event;
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `no ${type ?? 'event'} within ${timeoutMs} ms; read: ${JSON.stringify(events)}`,
          );
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    async rest(quietMs = 300) {
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      const left = events.slice(taken);
      taken = events.length;
      return left;
    },
    ended: Promise.resolve(),
    close: () => {
      controller.abort();
    },
  };
  if (!response.ok || !response.body) {
    reader.body = await response.text();
    return reader;
  }
  const parser = createParser({
    onEvent(message) {
      events.push({
        id: message.id,
        event: message.event ?? 'message',
        data: JSON.parse(message.data) as Record<string, unknown>,
      });
      wake();
    },
    onComment(comment) {
      comments.push(comment);
      wake();
    },
  });
  const body = response.body.pipeThrough(new TextDecoderStream());
  reader.ended = (async () => {
    try {
      for await (const chunk of body) parser.feed(chunk);
    } catch {
      // Closed by this side.
    }
  })();
  return reader;
}
