/** A board theme's longest name: the server cuts a longer given theme to it. */
const THEME_NAME_LIMIT = 80;

/**
 * The themes a brainstorm was given when it was created (a list, or text split on commas), as
 * the server writes them onto the board: each name once, case aside, in their order.
 */
export function givenThemeNames(given: unknown): string[] {
  const list: unknown[] = Array.isArray(given)
    ? given
    : typeof given === 'string'
      ? given.split(',')
      : [];
  const seen = new Set<string>();
  return list
    .map((item) => String(item).trim().slice(0, THEME_NAME_LIMIT).trim())
    .filter((name) => {
      if (name === '' || seen.has(name.toLowerCase())) return false;
      seen.add(name.toLowerCase());
      return true;
    });
}
