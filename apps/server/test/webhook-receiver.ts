import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What a receiver was sent, and whether the signature checked out with the secret. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** Its address on 127.0.0.1, with `path`. */
  url: (path?: string) => string;
  received: Received[];
  /**
   * The statuses the next requests are answered with, in order; 204 when none is left. A
   * `hold` answers only once `release` is called.
   */
  answers: (number | 'hold')[];
  release: () => void;
  close: () => Promise<void>;
}

/** An HTTP receiver on 127.0.0.1, as a team would run one, for the tests that deliver. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const held: (() => void)[] = [];
  const receiver = {} as WebhookReceiver;
  receiver.answers = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const answer = receiver.answers.shift() ?? 204;
      if (answer === 'hold') held.push(() => response.writeHead(200).end());
      else response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(receiver, {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  });
  return receiver;
}

/**
 * The receiver's own check of a request, with the official Standard Webhooks library: throws
 * unless the signature is the secret's for this id, timestamp and body. Answers the event.
 */
export function verified(secret: string, request: Received): unknown {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name]),
    ]),
  );
  return new Webhook(secret).verify(request.body, headers);
}
