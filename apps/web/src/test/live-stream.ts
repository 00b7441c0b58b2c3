import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './msw-server';

interface Connection {
  /** What the page asked for, with its query (`?on=` says which page). */
  url: string;
  headers: Headers;
  signal: AbortSignal;
  controller: ReadableStreamDefaultController<Uint8Array> | null;
}

type Answer = 'stream' | Response;

/**
 * A brainstorm's event stream that the test writes into: each request opens a connection
 * (or gets `answer`'s response), and `send` writes an event into the newest one.
 */
export function serveLiveStream(
  brainstormId = 7,
  answer: (attempt: number) => Answer = () => 'stream',
) {
  const encoder = new TextEncoder();
  const connections: Connection[] = [];
  let nextId = 1;

  server.use(
    http.get(`/api/brainstorms/${String(brainstormId)}/events/`, ({ request }) => {
      const connection: Connection = {
        url: request.url,
        headers: request.headers,
        signal: request.signal,
        controller: null,
      };
      connections.push(connection);
      const answered = answer(connections.length);
      if (answered !== 'stream') return answered;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          connection.controller = controller;
        },
        cancel() {
          connection.controller = null;
        },
      });
      return new HttpResponse(body, {
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
      });
    }),
  );

  const current = () => connections.at(-1)?.controller ?? null;
  const write = (text: string) => {
    const controller = current();
    if (!controller) throw new Error('No live stream is open to write into.');
    controller.enqueue(encoder.encode(text));
  };

  const send = (event: string, data: unknown, id = String(nextId++)) => {
    write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  return {
    connections,
    /** Waits until the page has opened `count` connections. */
    connected: (count = 1) =>
      waitFor(() => {
        if (connections.length < count || (connections[count - 1]?.controller ?? null) === null)
          throw new Error(`${String(connections.length)} of ${String(count)} connections`);
      }),
    /** Writes one event, with the next id unless one is given. */
    send,
    /** The server's first event on a connection. */
    ready: (presence: { id: number; name: string; on?: string[] }[] = [], resumed = false) => {
      send('ready', { resumed, presence });
    },
    /** The server ends the newest connection. */
    end: () => {
      const controller = current();
      const connection = connections.at(-1);
      if (connection) connection.controller = null;
      controller?.close();
    },
  };
}

export type LiveStream = ReturnType<typeof serveLiveStream>;
