import type { ServerIdea } from '@/entities/idea/api/types';

/** How many ideas 'Combine' merges. */
export const COMBINE = { min: 2, max: 4 } as const;

/** Whether an idea's title or summary holds every word searched for (any case). */
export function matchesSearch(idea: Pick<ServerIdea, 'title' | 'summary'>, search: string) {
  const text = `${idea.title} ${idea.summary}`.toLocaleLowerCase();
  return search
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
