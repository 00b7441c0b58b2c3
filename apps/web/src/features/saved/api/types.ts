import type { components } from '@/lib/api/schema';

/** An idea as the saved list returns it: with the caller's annotation, which holds the bookmark. */
export type SavedIdea = components['schemas']['Idea'];
