import type { ServerIdea } from '@/entities/idea/api/types';

/** An idea's title by id; 'Idea 12' for one that is not (or no longer) listed. */
export function ideaTitle(ideas: ReadonlyMap<number, ServerIdea>, id: number) {
  return ideas.get(id)?.title ?? `Idea ${String(id)}`;
}

/** The brainstorm's ideas by id. */
export function ideasById(ideas: readonly ServerIdea[] | undefined) {
  return new Map((ideas ?? []).map((idea) => [idea.id, idea]));
}
