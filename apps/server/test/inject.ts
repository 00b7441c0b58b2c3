import type { InjectOptions, Response } from 'light-my-request';
import type { App } from '../src/app.js';

const LIVE_STREAM = /\/events\/(\?|$)/;

/**
 * `app.inject`, for harnesses that call every operation: a live stream (decision 026) never
 * ends by itself, so its answer is read up to its first event, and then the client leaves, as
 * one closing a tab. Any other answer is read whole, as `app.inject` reads it.
 */
export async function injectAny(app: App, options: InjectOptions): Promise<Response> {
  if (typeof options.url !== 'string' || !LIVE_STREAM.test(options.url)) return app.inject(options);
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const isLive = String(response.headers['content-type']).startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    if (isLive && Buffer.concat(chunks).includes('\n\n')) break;
  }
  if (isLive) (response.raw.res as { destroy(): void }).destroy();
  const rawPayload = Buffer.concat(chunks);
  const body = rawPayload.toString();
  return Object.assign(response, {
    rawPayload,
    payload: body,
    body,
    json: () => JSON.parse(body) as unknown,
  });
}
