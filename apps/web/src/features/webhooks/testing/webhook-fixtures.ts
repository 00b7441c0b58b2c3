import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import type { Webhook, WebhookDelivery } from '../api/types';

export const staffUser = makeUser({ id: 1, name: 'Sam Staff', is_staff: true });

const CREATED = '2026-01-05T10:00:00.000Z';

export const webhook = (id: number, overrides: Partial<Webhook> = {}): Webhook => ({
  id,
  name: `Hook ${id}`,
  url: `https://receiver.example.com/${id}`,
  events: ['comment.created'],
  active: true,
  created_by: 1,
  created: CREATED,
  modified: CREATED,
  last_delivery: null,
  ...overrides,
});

export const delivery = (
  id: number,
  overrides: Partial<WebhookDelivery> = {},
): WebhookDelivery => ({
  id,
  webhook: 1,
  event: 'webhook.test',
  message_id: `msg_${id}`,
  status: 'succeeded',
  created: CREATED,
  finished: CREATED,
  attempts: [],
  ...overrides,
});

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/**
 * An in-memory webhooks API: lists, creates (400 for `url` containing 'private'), changes,
 * deletes, sends a test event (which succeeds at its first attempt) and lists deliveries.
 * Every request body is kept for the test to read.
 */
export function serveWebhooks(initial: Webhook[]) {
  const hooks = [...initial];
  const deliveries = new Map<number, WebhookDelivery[]>();
  const posted: Record<string, unknown>[] = [];
  const patched: { id: number; body: Record<string, unknown> }[] = [];
  const deleted: number[] = [];
  server.use(
    http.get('/api/webhooks/', () => HttpResponse.json(page(hooks))),
    http.post('/api/webhooks/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (String(body.url).includes('private')) {
        return HttpResponse.json(
          { url: ['Webhooks may not reach 10.0.0.1: it is a private address.'] },
          { status: 400 },
        );
      }
      const added = webhook(100 + posted.length, body);
      hooks.unshift(added);
      return HttpResponse.json({ ...added, secret: SECRET }, { status: 201 });
    }),
    http.patch('/api/webhooks/:id/', async ({ params, request }) => {
      const id = Number(params.id);
      const body = (await request.json()) as Record<string, unknown>;
      patched.push({ id, body });
      const index = hooks.findIndex((h) => h.id === id);
      const current = hooks[index];
      if (!current) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      hooks[index] = { ...current, ...(body as Partial<Webhook>) };
      return HttpResponse.json(hooks[index]);
    }),
    http.delete('/api/webhooks/:id/', ({ params }) => {
      const id = Number(params.id);
      deleted.push(id);
      hooks.splice(
        hooks.findIndex((h) => h.id === id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/webhooks/:id/test/', ({ params }) => {
      const id = Number(params.id);
      const sent = delivery((deliveries.get(id)?.length ?? 0) + 1, {
        webhook: id,
        attempts: [
          { attempt: 1, status_code: 500, error: null, duration_ms: 12, created: CREATED },
          { attempt: 2, status_code: 204, error: null, duration_ms: 8, created: CREATED },
        ],
      });
      deliveries.set(id, [sent, ...(deliveries.get(id) ?? [])]);
      return HttpResponse.json({ ...sent, status: 'pending', attempts: [] }, { status: 202 });
    }),
    http.get('/api/webhooks/:id/deliveries/', ({ params }) =>
      HttpResponse.json(page(deliveries.get(Number(params.id)) ?? [])),
    ),
  );
  return { hooks, posted, patched, deleted };
}
