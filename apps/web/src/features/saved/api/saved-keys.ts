/**
 * Saved lists are idea lists, so their keys start with the ideas' list key (['ideas', 'list']):
 * a bookmark changed elsewhere (the review page) then reaches this list too. An unsave here
 * invalidates the whole 'ideas' family, which shows bookmarks in other places.
 */
export const savedKeys = {
  ideas: ['ideas'] as const,
  all: ['ideas', 'list', 'saved'] as const,
  lists: () => savedKeys.all,
};
