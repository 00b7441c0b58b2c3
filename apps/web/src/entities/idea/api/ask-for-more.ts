import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { generationChoiceOf, IDEA_SETTINGS, type GenerationChoice } from '../lib/generation-choice';
import { ideaKeys } from './idea-keys';

/** 'More like this' develops an idea's direction; 'Flip it' turns a bad idea into a workable one. */
export type AskDirection = 'more' | 'flip';

/** When the controls have not said what they would ask for: the first provider, 5 ideas. */
export const FALLBACK_COUNT = 5;

async function fallbackChoice(): Promise<GenerationChoice> {
  const { data, error, response } = await api.GET('/api/llm-providers/');
  if (!data) throw new ApiError(response.status, error);
  const first = data[0];
  if (!first) throw new Error('No LLM provider is available');
  return {
    provider: first.provider,
    model: first.default_model,
    count: FALLBACK_COUNT,
    steer: true,
  };
}

/** The choice 'More like this' would be asked with for an idea of this brainstorm. */
export async function askingChoice(brainstormId: number) {
  return generationChoiceOf(brainstormId) ?? fallbackChoice();
}

export interface AskForMoreInput {
  ideaId: number;
  direction: AskDirection;
  choice: GenerationChoice;
}

/** Starts the generation (202): its ideas arrive as the generation runs. */
export async function askForMore({ ideaId, direction, choice }: AskForMoreInput) {
  const { count, provider, model, steer, variety } = choice;
  const body = {
    ...(steer ? {} : { steer: false }),
    ...(variety === 'high' ? { variety } : {}),
    num_workers: count,
    worker_params: Array.from({ length: count }, () => ({
      provider,
      model,
      settings: { ...IDEA_SETTINGS },
    })),
  };
  const path = { params: { path: { id: ideaId } }, body };
  const { data, error, response } =
    direction === 'flip'
      ? await api.POST('/api/ideas/{id}/flip-it/', path)
      : await api.POST('/api/ideas/{id}/more-like-this/', path);
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useAskForMoreMutation() {
  return useMutation({
    mutationKey: [...ideaKeys.all, 'ask-for-more'],
    mutationFn: askForMore,
  });
}
