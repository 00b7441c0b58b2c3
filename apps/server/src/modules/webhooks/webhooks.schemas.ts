import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../../db/schema/integrations.js';
import { idParam } from '../../lib/http-schemas.js';
import { paginationQuery } from '../../lib/pagination.js';

/** What a delivery may carry: the events a webhook subscribes to, and the staff's test. */
export const TEST_EVENT = 'webhook.test';

const lastDelivery = z
  .object({
    event: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    created: z.iso.datetime(),
  })
  .nullable()
  .describe('The newest delivery, to tell at a glance whether the receiver takes them.');

export const webhookSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    created_by: z.number().int().nullable(),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    last_delivery: lastDelivery,
  })
  .meta({ id: 'Webhook' });
export type WebhookDto = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .describe('The signing secret, shown only now: at creation and when it is replaced.'),
  })
  .meta({ id: 'WebhookWithSecret' });

/**
 * An address the server may post to: http or https, no user name or password in it (they
 * would be sent to whoever answers, and shown in the list).
 */
const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a valid http:// or https:// URL.' })
  .max(2000)
  .refine((value) => {
    // A value that is no URL at all has its error already.
    const url = URL.parse(value);
    return url === null || (url.username === '' && url.password === '');
  }, 'Leave the user name and password out of the URL.');

const fields = z.object({
  name: z.string().trim().max(200).default(''),
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
  active: z.boolean().default(true),
});

export const webhookCreateBody = fields;
export type WebhookInput = z.infer<typeof webhookCreateBody>;
export const webhookPatchBody = z.object({
  name: z.string().trim().max(200).optional(),
  url: webhookUrl.optional(),
  events: fields.shape.events.optional(),
  active: z.boolean().optional(),
});
export type WebhookChanges = z.infer<typeof webhookPatchBody>;

export const webhookListQuery = paginationQuery;

const attemptSchema = z.object({
  attempt: z.number().int(),
  status_code: z.number().int().nullable().describe("The receiver's answer; null when none."),
  error: z.string().nullable().describe('Why there was no answer, or why it counts as failed.'),
  duration_ms: z.number().int(),
  created: z.iso.datetime(),
});

export const deliverySchema = z
  .object({
    id: z.number().int(),
    webhook: z.number().int(),
    event: z.string(),
    message_id: z.string().describe('The `webhook-id` header: the same on every attempt.'),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    created: z.iso.datetime(),
    finished: z.iso.datetime().nullable(),
    attempts: z.array(attemptSchema).describe('Each attempt, first to last.'),
  })
  .meta({ id: 'WebhookDelivery' });
export type DeliveryDto = z.infer<typeof deliverySchema>;

export const deliveryListQuery = paginationQuery;

export const deliveryParams = z.object({ id: idParam, deliveryId: idParam });
