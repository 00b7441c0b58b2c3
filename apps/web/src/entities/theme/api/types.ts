import type { components } from '@/lib/api/schema';

/** A brainstorm's theme, as the server answers it. */
export type Theme = components['schemas']['Theme'];

/** An unsorted idea the server thinks belongs in a theme, and how sure it is (0–1). */
export type ThemeSuggestion = components['schemas']['ThemeSuggestion'];

/** The ideas lists' theme filter: one theme, the unsorted ideas ('none'), or every idea. */
export type ThemeFilter = number | 'none' | null;
