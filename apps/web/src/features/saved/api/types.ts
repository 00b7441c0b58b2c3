import type { Idea } from '@/entities/idea/api/types';

/** An idea as the saved list returns it: with the caller's annotation, which holds the bookmark. */
export type SavedIdea = Idea;
