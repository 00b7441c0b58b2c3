import { z } from 'zod';

export const llmProviderSchema = z
  .object({
    provider: z.string().describe('The key to send back in worker_params.'),
    name: z.string(),
    models: z.array(z.string()),
    default_model: z.string(),
  })
  .meta({ id: 'LlmProvider' });
export type LlmProviderDto = z.infer<typeof llmProviderSchema>;
