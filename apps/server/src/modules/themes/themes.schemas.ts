import { z } from 'zod';
import { idField } from '../../lib/http-schemas.js';

/** The most themes a brainstorm has: a proposal has 12 at most, people may add more. */
export const MAX_THEMES = 30;
export const THEME_NAME_LIMIT = 80;
export const THEME_DESCRIPTION_LIMIT = 300;
/** The most ideas one split moves into its new theme. */
export const MAX_SPLIT_IDEAS = 1000;

const name = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(THEME_NAME_LIMIT)
  .describe(`1 to ${THEME_NAME_LIMIT} characters; unique in its brainstorm, case aside.`);
const description = z
  .string()
  .trim()
  .max(THEME_DESCRIPTION_LIMIT)
  .describe('One line: what the ideas of this theme have in common.');

export const themeSchema = z
  .object({
    id: z.number().int(),
    brainstorm: z.number().int(),
    name: z.string(),
    description: z.string(),
    position: z.number().int().describe("Where it is listed among the brainstorm's themes."),
    ideas_count: z
      .number()
      .int()
      .describe('Ideas in it, leaving out those stacked as near-duplicates under another.'),
    created_by: z.number().int().nullable(),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
  })
  .meta({ id: 'Theme' });
export type ThemeDto = z.infer<typeof themeSchema>;

export const themeCreateBody = z
  .object({ name, description: description.default('') })
  .meta({ id: 'ThemeCreate' });
export type ThemeCreateInput = z.infer<typeof themeCreateBody>;

export const themePatchBody = z
  .object({
    name,
    description,
    position: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .describe('Themes are listed by position, then by id.'),
  })
  .partial()
  .meta({ id: 'ThemePatch' });
export type ThemeChanges = z.infer<typeof themePatchBody>;

export const themeMergeBody = z
  .object({
    into: idField.describe(
      "The theme of the same brainstorm that takes this one's ideas; this one is deleted.",
    ),
  })
  .meta({ id: 'ThemeMerge' });

export const themeSplitBody = z
  .object({
    name,
    description: description.default(''),
    ideas: z
      .array(idField)
      .min(1)
      .max(MAX_SPLIT_IDEAS)
      .describe('Ideas of this theme that move to the new one, with those stacked under them.'),
  })
  .meta({ id: 'ThemeSplit' });
export type ThemeSplitInput = z.infer<typeof themeSplitBody>;

export const ideaThemeBody = z
  .object({
    theme: idField
      .nullable()
      .describe("A theme of the idea's brainstorm, or null to leave the idea unsorted."),
  })
  .meta({ id: 'IdeaTheme' });

export const themeSuggestionSchema = z
  .object({
    idea: z.number().int().describe('An unsorted idea.'),
    theme: z.number().int().describe('The theme whose ideas it is most like.'),
    score: z
      .number()
      .describe("How alike (0–1): its trigram similarity to the theme's closest idea."),
  })
  .meta({ id: 'ThemeSuggestion' });
export type ThemeSuggestionDto = z.infer<typeof themeSuggestionSchema>;
