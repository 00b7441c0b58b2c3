import type { ServerIdea } from '@/entities/idea/api/types';
import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

export interface MoveIdeaInput {
  ideaId: number;
  /** The theme it goes into; null leaves it unsorted. */
  theme: number | null;
}

/** Puts an idea into a theme, or takes it out of its theme. */
export function moveIdea({ ideaId, theme }: MoveIdeaInput) {
  return requestJson<ServerIdea>('PUT', `/api/ideas/${String(ideaId)}/theme/`, { theme });
}

export function useMoveIdea() {
  return useThemeMutation('move-idea', moveIdea);
}
