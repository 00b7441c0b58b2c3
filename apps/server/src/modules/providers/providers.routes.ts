import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas.js';
import type { ProviderConfig } from './providers.config.js';
import { llmProviderSchema } from './providers.schemas.js';
import { listProviders } from './providers.service.js';

export async function providerRoutes(
  app: FastifyInstance,
  opts: { providers: readonly ProviderConfig[] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const providers = listProviders(opts.providers);
  r.get(
    '/llm-providers/',
    {
      schema: {
        tags: ['generation'],
        summary: 'The language-model providers this deployment offers, the offline one last',
        response: { 200: z.array(llmProviderSchema), ...errorResponses(401) },
      },
    },
    () => providers,
  );
}
