import { z } from 'zod';
import { idField } from '../../lib/http-schemas.js';
import {
  generationRequestBody,
  generationSchema,
  type GenerationDto,
} from '../generation/generation.schemas.js';
import { llmProviderSchema, type LlmProviderDto } from '../providers/providers.schemas.js';
import { defineTool } from './tool-kit.js';
import { lines } from './tool-text.js';

const listProviders = defineTool({
  name: 'list_providers',
  title: 'List language-model providers',
  description:
    'The providers and models this deployment offers, and what each can do (generate, ' +
    'themes, assess, rank, combine): the names start_generation and start_sense_making take. ' +
    "'offline' needs no model service and costs nothing.",
  input: z.object({}),
  output: z.object({ providers: z.array(llmProviderSchema) }),
  writes: false,
  async run(_args, rest) {
    const providers = await rest<LlmProviderDto[]>('GET', '/api/llm-providers/');
    return {
      text: lines(
        providers.map(
          (p) =>
            `- ${p.provider} (${p.name}): models ${p.models.join(', ')}; default ` +
            `${p.default_model}; can ${p.capabilities.join(', ')}`,
        ),
      ),
      data: { providers },
    };
  },
});

const worker = generationRequestBody.shape.worker_params.element.shape;
const settings = worker.settings.unwrap().shape;

const startGeneration = defineTool({
  name: 'start_generation',
  title: 'Generate ideas',
  description:
    'Ask a language model for new ideas in a brainstorm, one per count, each from its own ' +
    "angle of the brainstorm's technique; steered by the team's liked and rejected ideas " +
    'unless steer is false. It runs in the background: follow it with generation_progress. ' +
    'Over a cost limit it is refused with when to try again.',
  input: z.object({
    brainstorm: idField.describe('The brainstorm id.'),
    count: generationRequestBody.shape.num_workers.describe('How many ideas to generate.'),
    provider: worker.provider.describe('A provider from list_providers.'),
    model: worker.model.describe('One of its models.'),
    temperature: settings.temperature,
    max_tokens: settings.max_tokens,
    steer: generationRequestBody.shape.steer,
    variety: generationRequestBody.shape.variety,
  }),
  output: z.object({ generation: generationSchema }),
  writes: true,
  async run({ brainstorm, count, provider, model, temperature, max_tokens, ...choices }, rest) {
    const body = {
      num_workers: count,
      worker_params: Array.from({ length: count }, () => ({
        provider,
        model,
        settings: { temperature, max_tokens },
      })),
      ...choices,
    };
    const generation = await rest<GenerationDto>(
      'POST',
      `/api/brainstorms/${brainstorm}/brainstorm/`,
      body,
    );
    return {
      text:
        `Generation #${generation.id} started in brainstorm #${brainstorm}: ` +
        `${generation.requested} ideas ${generation.status}. Follow it with generation_progress.`,
      data: { generation },
    };
  },
});

const generationProgress = defineTool({
  name: 'generation_progress',
  title: 'Follow a generation',
  description:
    'How far a generation is: its status (queued, running, done, partly_failed, failed), the ' +
    'ideas stored so far and why any failed.',
  input: z.object({ generation: idField.describe('The generation id, from start_generation.') }),
  output: z.object({ generation: generationSchema }),
  writes: false,
  async run({ generation: id }, rest) {
    const generation = await rest<GenerationDto>('GET', `/api/generations/${id}/`);
    const ideas = generation.slots.flatMap((slot) => (slot.idea ? [`#${slot.idea}`] : []));
    return {
      text: lines(
        `Generation #${id} is ${generation.status}: ${generation.succeeded} of ` +
          `${generation.requested} ideas stored, ${generation.failed} failed.`,
        ...(ideas.length > 0 ? [`Ideas: ${ideas.join(', ')}`] : []),
        generation.failures.map((f) => `- failed ${f.count}×: ${f.reason}`),
      ),
      data: { generation },
    };
  },
});

export const generationTools = [listProviders, startGeneration, generationProgress];
