import { ideaKeys } from '@/entities/idea/api/idea-keys';

/**
 * Saved lists are idea lists, so their keys start with the ideas' list key: a bookmark changed
 * elsewhere (the review page) then reaches this list too. An unsave here invalidates the whole
 * ideas family, which shows bookmarks in other places.
 */
export const savedKeys = {
  ideas: ideaKeys.all,
  all: [...ideaKeys.lists(), 'saved'] as const,
  lists: () => savedKeys.all,
};
