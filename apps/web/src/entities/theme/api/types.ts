/**
 * A brainstorm's theme, as the server answers it (written from the API's contract until the
 * themes endpoints reach the generated schema).
 */
export interface Theme {
  id: number;
  brainstorm: number;
  name: string;
  description: string;
  position: number;
  ideas_count: number;
  created_by: number | null;
  created: string;
  modified: string;
}

/** An unsorted idea the server thinks belongs in a theme, and how sure it is (0–1). */
export interface ThemeSuggestion {
  idea: number;
  theme: number;
  score: number;
}

/** The ideas lists' theme filter: one theme, the unsorted ideas ('none'), or every idea. */
export type ThemeFilter = number | 'none' | null;
