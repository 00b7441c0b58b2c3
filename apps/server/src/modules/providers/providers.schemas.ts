import { z } from 'zod';
import { PROVIDER_CAPABILITIES } from './providers.config.js';

export const llmProviderSchema = z
  .object({
    provider: z.string().describe('The key to send back in worker_params.'),
    name: z.string(),
    models: z.array(z.string()),
    default_model: z.string(),
    capabilities: z
      .array(z.enum(PROVIDER_CAPABILITIES))
      .describe(
        'What it can do: generate ideas, embed them, cluster them into themes, assess, rank ' +
          'and combine them, judge which repeat each other in other words. An action a ' +
          'provider cannot do is not offered for it.',
      ),
  })
  .meta({ id: 'LlmProvider' });
export type LlmProviderDto = z.infer<typeof llmProviderSchema>;
