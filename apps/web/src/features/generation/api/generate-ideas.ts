import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { IDEA_SETTINGS } from '@/entities/idea/lib/generation-choice';
import { api } from '@/lib/api/client';
import type { Severity } from '@/lib/logger';
import { generationKeys } from '@/entities/brainstorm/api/generation-keys';
import { generationQueryOptions } from './get-generation';
import { varietyPayload, type Variety } from '../lib/variety';
import type { GenerationRequest } from './types';

export interface GenerateIdeasInput {
  brainstormId: number;
  count: number;
  provider: string;
  model: string;
  /** 'high' asks for 3 candidates per idea; normal when absent. */
  variety?: Variety;
  /** Off: the team's reviews do not steer the prompts (they do unless said). */
  steer?: boolean;
}

/** One worker per idea, all with the same provider, model and settings. */
export function generationRequest({ count, provider, model, steer, variety }: GenerateIdeasInput) {
  return {
    ...(steer === false ? { steer: false } : {}),
    ...varietyPayload(variety ?? 'normal'),
    num_workers: count,
    worker_params: Array.from({ length: count }, () => ({
      provider,
      model,
      settings: { ...IDEA_SETTINGS },
    })),
  } satisfies GenerationRequest;
}

/** Queues the ideas; the server answers at once (202) with the generation to follow. */
export async function generateIdeas(input: GenerateIdeasInput) {
  const { data, error, response } = await api.POST('/api/brainstorms/{id}/brainstorm/', {
    params: { path: { id: input.brainstormId } },
    body: generationRequest(input),
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** `severity` is how a refusal is logged (the detail page reports it as high). */
export function useGenerateIdeas(severity?: Severity) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...generationKeys.all, 'create'],
    meta: { severity },
    mutationFn: generateIdeas,
    onSuccess: (generation) => {
      queryClient.setQueryData(generationQueryOptions(generation.id).queryKey, generation);
    },
  });
}
