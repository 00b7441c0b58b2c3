import { THEME_NAME_LIMIT } from './themes.schemas.js';

/**
 * The themes a brainstorm was given when it was created, as board themes: each name once (case
 * aside), in their order. A given theme longer than a theme's name may be is cut to fit, and
 * kept whole as its description.
 */
export function themesFromParameters(given: unknown): { name: string; description: string }[] {
  const list = Array.isArray(given) ? given : typeof given === 'string' ? given.split(',') : [];
  const seen = new Set<string>();
  const themes: { name: string; description: string }[] = [];
  for (const item of list) {
    const text = String(item).trim();
    const name = text.slice(0, THEME_NAME_LIMIT).trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    themes.push({ name, description: name === text ? '' : text });
  }
  return themes;
}
