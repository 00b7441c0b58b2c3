import { z } from 'zod';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { ThemesProposal } from '../../db/schema/sense-making.js';
import { ValidationError } from '../../lib/errors.js';
import { MalformedIdeaError } from '../providers/provider-clients.js';
import * as repository from './analysis.repository.js';
import type { RunIdea } from './analysis.repository.js';
import { MAX_ANALYSED_IDEAS } from './analysis.schemas.js';
import {
  batches,
  brainstormMaterial,
  callBound,
  cleanText,
  ideaLine,
  MATERIAL_RULE,
  type ModelCall,
} from './analysis-calls.js';
import type { KindSpec } from './kind-spec.js';
import type { RunContext } from './analysis-runner.js';
import { clusterByKeywords } from './keyword-themes.js';
import { tag } from '../generation/prompts.js';

/** The fewest ideas worth sorting into themes (three themes of two). */
export const MIN_THEMED_IDEAS = 6;
/** How many themes a proposal has. */
export const THEME_COUNT = { min: 3, max: 12 } as const;
/** Ideas the naming call reads; the rest are sorted into its themes by calls of this size. */
export const THEME_BATCH = 150;
export const THEME_NAME_LIMIT = 80;
export const THEME_DESCRIPTION_LIMIT = 300;

const NAMING_OUTPUT_TOKENS = 4000;
const SORTING_OUTPUT_TOKENS = 3000;

const NAMING_SYSTEM = `\
You help a team make sense of the ideas of a brainstorm by finding their themes.
Read the brainstorm's problem and its ideas, each given as [number] title — summary. Propose \
between ${THEME_COUNT.min} and ${THEME_COUNT.max} themes: each a short name (at most six \
words) and a one-line description of what its ideas have in common, with the numbers of the \
ideas that belong to it. An idea belongs to at most one theme. Leave out any idea that fits no \
theme well: it stays unsorted, and that is better than forcing it. Name themes by what their \
ideas do or change, not with generic words such as "Other" or "Miscellaneous".
${MATERIAL_RULE}`;

const SORTING_SYSTEM = `\
You help a team sort the ideas of a brainstorm into themes it has already found.
For each idea, given as [number] title — summary, answer the name of the one theme it belongs \
to, exactly as written, or null when it fits none of them well: an idea is never forced into a \
theme.
${MATERIAL_RULE}`;

const namingSchema = z.object({
  themes: z.array(
    z.object({
      name: z.string().describe('A short name, at most six words.'),
      description: z.string().describe('One line: what the ideas of this theme have in common.'),
      ideas: z.array(z.number()).describe('The numbers of the ideas that belong to it.'),
    }),
  ),
});

const sortingSchema = z.object({
  assignments: z.array(
    z.object({
      idea: z.number().describe("The idea's number."),
      theme: z.string().nullable().describe('The theme it belongs to, or null.'),
    }),
  ),
});

function namingCall(
  brainstorm: BrainstormRow,
  ideas: RunIdea[],
): ModelCall<z.infer<typeof namingSchema>> {
  return {
    system: NAMING_SYSTEM,
    prompt: [
      brainstormMaterial({ title: brainstorm.title, problem: brainstorm.parameters.problem }),
      tag('ideas', ideas.map((idea) => ideaLine(idea)).join('\n')),
      `Propose ${THEME_COUNT.min} to ${THEME_COUNT.max} themes for these ${ideas.length} ideas.`,
    ].join('\n\n'),
    schema: namingSchema,
    name: 'themes',
    maxOutputTokens: NAMING_OUTPUT_TOKENS,
  };
}

/** The themes of the naming call, as the sorting calls quote them. */
interface NamedTheme {
  name: string;
  description: string;
}

function sortingCall(
  brainstorm: BrainstormRow,
  themes: NamedTheme[],
  ideas: RunIdea[],
): ModelCall<z.infer<typeof sortingSchema>> {
  return {
    system: SORTING_SYSTEM,
    prompt: [
      brainstormMaterial({ title: brainstorm.title, problem: brainstorm.parameters.problem }),
      tag('themes', themes.map((t) => `- ${t.name}: ${t.description}`).join('\n')),
      tag('ideas', ideas.map((idea) => ideaLine(idea)).join('\n')),
      `Sort these ${ideas.length} ideas into the themes.`,
    ].join('\n\n'),
    schema: sortingSchema,
    name: 'assignments',
    maxOutputTokens: SORTING_OUTPUT_TOKENS,
  };
}

/** A sorting call's bound, for themes not named yet: their names and lines at their longest. */
const THEMES_TEXT_BOUND = THEME_COUNT.max * (THEME_NAME_LIMIT + THEME_DESCRIPTION_LIMIT + 8);

/**
 * The naming answer as a proposal: ideas it does not know or names twice are dropped (an idea
 * belongs to one theme, the first that claims it), empty and same-named themes merge away. Fewer
 * than three themes, or none of the ideas sorted, is malformed: retried.
 */
export function parseNaming(answer: z.infer<typeof namingSchema>, ideas: readonly RunIdea[]) {
  const known = new Set(ideas.map((idea) => idea.id));
  const taken = new Set<number>();
  const themes: ThemesProposal['themes'] = [];
  const names = new Set<string>();
  for (const raw of answer.themes) {
    const name = cleanText(raw.name, THEME_NAME_LIMIT);
    if (name === '' || names.has(name.toLowerCase())) continue;
    const members = raw.ideas.filter((id) => known.has(id) && !taken.has(id));
    if (members.length === 0) continue;
    for (const id of members) taken.add(id);
    names.add(name.toLowerCase());
    themes.push({
      name,
      description: cleanText(raw.description, THEME_DESCRIPTION_LIMIT),
      ideas: members,
    });
  }
  if (themes.length < THEME_COUNT.min) {
    throw new MalformedIdeaError(`The answer had ${themes.length} usable themes.`);
  }
  // More than asked for: the largest are kept, the others' ideas stay unsorted.
  return themes.sort((a, b) => b.ideas.length - a.ideas.length).slice(0, THEME_COUNT.max);
}

/** A sorting answer: each known idea to the theme named (case aside), or left unsorted. */
export function parseSorting(
  answer: z.infer<typeof sortingSchema>,
  themes: readonly NamedTheme[],
  ideas: readonly RunIdea[],
): Map<number, number> {
  const known = new Set(ideas.map((idea) => idea.id));
  const byName = new Map(themes.map((t, i) => [t.name.toLowerCase(), i]));
  const sorted = new Map<number, number>();
  for (const { idea, theme } of answer.assignments) {
    if (!known.has(idea) || sorted.has(idea) || theme === null) continue;
    const index = byName.get(cleanText(theme, THEME_NAME_LIMIT).toLowerCase());
    if (index !== undefined) sorted.set(idea, index);
  }
  if (answer.assignments.length === 0 && ideas.length > 0) {
    throw new MalformedIdeaError('The answer sorted no idea.');
  }
  return sorted;
}

async function runThemes(ctx: RunContext) {
  const { run } = ctx;
  const ideas = await repository.runIdeas(ctx.db, run.brainstormId, run.params.ideas);
  if (run.method === 'keywords') {
    const found = clusterByKeywords(ideas);
    return { kind: 'themes' as const, proposal: found };
  }
  const brainstorm = await ctx.loadBrainstorm();
  const [first = [], ...rest] = batches(ideas, THEME_BATCH);
  const themes = await ctx.ask(namingCall(brainstorm, first), (answer) =>
    parseNaming(answer, first),
  );
  const named = themes.map(({ name, description }) => ({ name, description }));
  const sortings = await ctx.each(rest, (batch) =>
    ctx.ask(sortingCall(brainstorm, named, batch), (answer) => parseSorting(answer, named, batch)),
  );
  for (const sorted of sortings) {
    for (const [idea, index] of sorted) themes[index]?.ideas.push(idea);
  }
  const inTheme = new Set(themes.flatMap((t) => t.ideas));
  const unsorted = ideas.map((idea) => idea.id).filter((id) => !inTheme.has(id));
  return { kind: 'themes' as const, proposal: { themes, unsorted } };
}

export const themesKind: KindSpec = {
  capability: 'cluster',
  async choose(db, brainstorm) {
    const ids = await repository.chooseIdeas(db, brainstorm.id, 'newest', MAX_ANALYSED_IDEAS);
    if (ids.length < MIN_THEMED_IDEAS) {
      throw new ValidationError({
        kind: [
          `Finding themes needs at least ${MIN_THEMED_IDEAS} ideas; this brainstorm has ` +
            `${ids.length}.`,
        ],
      });
    }
    // Oldest first, so that a proposal reads the ideas in the order they came.
    return ids.reverse();
  },
  plan(brainstorm, ideas, method) {
    if (method === 'keywords') return { calls: 0, tokens: 0, rounds: null };
    const [first = [], ...rest] = batches(ideas, THEME_BATCH);
    const placeholder = [{ name: 'x'.repeat(THEMES_TEXT_BOUND), description: '' }];
    const tokens =
      callBound(namingCall(brainstorm, first)) +
      rest.reduce((sum, batch) => sum + callBound(sortingCall(brainstorm, placeholder, batch)), 0);
    return { calls: 1 + rest.length, tokens, rounds: null };
  },
  run: runThemes,
};
