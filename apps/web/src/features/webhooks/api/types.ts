import type { components } from '@/lib/api/schema';

export type Webhook = components['schemas']['Webhook'];
export type WebhookWithSecret = components['schemas']['WebhookWithSecret'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookEvent = Webhook['events'][number];

/** The events a webhook may subscribe to, as staff read them. */
export const WEBHOOK_EVENTS: { value: WebhookEvent; label: string }[] = [
  { value: 'generation.finished', label: 'A generation finished' },
  { value: 'idea.pinned', label: 'An idea was pinned 📌' },
  { value: 'comment.created', label: 'A comment was added' },
  { value: 'ranking.finished', label: 'A ranking finished 🏆' },
];

/** What the form sends, for a new webhook or a change. */
export interface WebhookFields {
  name: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
}
