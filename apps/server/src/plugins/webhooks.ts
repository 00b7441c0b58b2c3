import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { startDeliveryWorkers } from '../modules/webhooks/delivery-worker.js';
import type { WebhookOutbox } from '../modules/webhooks/webhooks.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where writes that cause webhook events queue their deliveries. */
    webhooks: WebhookOutbox;
  }
}

/**
 * Outgoing webhooks' deliveries, on the generation's job queue (which created their queues):
 * their workers stop with it, running attempts going back to the queue.
 */
async function webhooksPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { boss } = app.generation;
  app.decorate('webhooks', { boss, publicUrl: opts.config.publicUrl });
  if (!opts.config.generation.workers) return;
  await startDeliveryWorkers(
    boss,
    { db: opts.database.db, settings: opts.config.webhooks },
    opts.config.generation.pollingSeconds,
  );
}

export default fp(webhooksPlugin, { name: 'webhooks', dependencies: ['generation'] });
