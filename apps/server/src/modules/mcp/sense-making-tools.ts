import { z } from 'zod';
import { idField } from '../../lib/http-schemas.js';
import {
  analysisRequestBody,
  analysisSchema,
  type AnalysisDto,
  type AnalysisResultDto,
} from '../analysis/analysis.schemas.js';
import { shortlistMarkdown, shortlistSchema, type Shortlist } from '../analysis/shortlist.js';
import { themeSchema, type ThemeDto } from '../themes/themes.schemas.js';
import { defineTool } from './tool-kit.js';
import { lines } from './tool-text.js';

const ids = (list: number[]) => list.map((id) => `#${id}`).join(', ');

/** What a finished step found, in a few lines. */
function resultLines(result: AnalysisResultDto): string[] {
  switch (result.kind) {
    case 'themes':
      return [
        ...result.themes.map((t) => `- ${t.name}: ${t.description} (${ids(t.ideas)})`),
        ...(result.unsorted.length > 0 ? [`Unsorted: ${ids(result.unsorted)}`] : []),
        'Apply the proposal with apply_themes to make these the brainstorm\u2019s themes.',
      ];
    case 'assess':
      return [
        `${result.assessed} ideas scored for impact, effort and novelty, ${result.skipped} skipped.`,
      ];
    case 'rank':
      return result.ideas.map(
        (r, i) =>
          `${i + 1}. #${r.idea} ${r.title} (rating ${Math.round(r.rating)}, ${r.wins}–${r.losses})`,
      );
    case 'combine':
      return [
        result.idea ? `The combined idea is #${result.idea}.` : 'The combined idea was deleted.',
      ];
    case 'repeats':
      return [
        `${result.judged} pairs judged; ${result.stacked} ideas found to repeat an earlier one ` +
          'and stacked under it.',
      ];
  }
}

const analysisLines = (a: AnalysisDto) => [
  `Sense-making step #${a.id} (${a.kind}, ${a.provider}/${a.model}) is ${a.status}: ` +
    `${a.calls_made} of ${a.calls_planned} calls made.`,
  ...(a.error ? [`It failed: ${a.error}`] : []),
  ...(a.result ? resultLines(a.result) : []),
];

/** Wrapped: a tool's output schema must be an object at its top, not a reference. */
const analysisOutput = z.object({ analysis: analysisSchema });

const startSenseMaking = defineTool({
  name: 'start_sense_making',
  title: 'Start a sense-making step',
  description:
    "Make sense of a brainstorm's ideas with a language model: 'themes' proposes themes to " +
    "sort them into, 'assess' scores impact, effort and novelty, 'rank' runs a tournament over " +
    "the most up-voted ideas, 'combine' merges 2 to 4 ideas into a new one, 'repeats' stacks " +
    'the ideas the model judges to repeat a near earlier one in other words. It runs in the ' +
    "background: follow it with get_sense_making. Only 'repeats' changes ideas by itself.",
  input: z.object({
    brainstorm: idField.describe('The brainstorm id.'),
    ...analysisRequestBody.shape,
  }),
  output: analysisOutput,
  writes: true,
  async run({ brainstorm, ...body }, rest) {
    const analysis = await rest<AnalysisDto>(
      'POST',
      `/api/brainstorms/${brainstorm}/analyses/`,
      body,
    );
    return { text: lines(analysisLines(analysis)), data: { analysis } };
  },
});

const getSenseMaking = defineTool({
  name: 'get_sense_making',
  title: 'Follow a sense-making step',
  description:
    "A sense-making step's progress and, once done, its result: the proposed themes, the " +
    'ranking, the combined idea or how many ideas were assessed.',
  input: z.object({ analysis: idField.describe('The step id, from start_sense_making.') }),
  output: analysisOutput,
  writes: false,
  async run({ analysis: id }, rest) {
    const analysis = await rest<AnalysisDto>('GET', `/api/analyses/${id}/`);
    return { text: lines(analysisLines(analysis)), data: { analysis } };
  },
});

const getShortlist = defineTool({
  name: 'get_shortlist',
  title: "A ranking's shortlist",
  description:
    "A finished 'rank' step's shortlist to hand on: each ranked idea's rank, title, summary, " +
    'rating, vote total (withheld under blind review until reviewed), theme and link, best ' +
    'first, with the same as a Markdown table for a tracker or a chat.',
  input: z.object({ analysis: idField.describe("The 'rank' step id.") }),
  output: z.object({ shortlist: shortlistSchema }),
  writes: false,
  async run({ analysis: id }, rest) {
    const shortlist = await rest<Shortlist>('GET', `/api/analyses/${id}/shortlist/`);
    return { text: shortlistMarkdown(shortlist), data: { shortlist } };
  },
});

const themesOutput = z.object({ themes: z.array(themeSchema) });
const themeLines = (themes: ThemeDto[]) =>
  themes.map((t) => `- #${t.id} ${t.name}: ${t.description} (${t.ideas_count} ideas)`);

const applyThemes = defineTool({
  name: 'apply_themes',
  title: 'Apply a themes proposal',
  description:
    "Make a finished 'themes' step's proposal the brainstorm's themes: they replace the " +
    'themes it has, and its ideas are sorted into them. A proposal is applied once.',
  input: z.object({ analysis: idField.describe("The 'themes' step id.") }),
  output: themesOutput,
  writes: true,
  destructive: true,
  async run({ analysis: id }, rest) {
    const themes = await rest<ThemeDto[]>('POST', `/api/analyses/${id}/apply/`);
    return {
      text: lines(`Applied: ${themes.length} themes.`, themeLines(themes)),
      data: { themes },
    };
  },
});

const listThemes = defineTool({
  name: 'list_themes',
  title: "List a brainstorm's themes",
  description:
    "The themes a brainstorm's ideas are sorted into, in order, with how many ideas each " +
    'holds. search_ideas with a theme lists its ideas.',
  input: z.object({ brainstorm: idField.describe('The brainstorm id.') }),
  output: themesOutput,
  writes: false,
  async run({ brainstorm }, rest) {
    const themes = await rest<ThemeDto[]>('GET', `/api/brainstorms/${brainstorm}/themes/`);
    const text = themes.length > 0 ? lines(themeLines(themes)) : 'No themes yet.';
    return { text, data: { themes } };
  },
});

export const senseMakingTools = [
  startSenseMaking,
  getSenseMaking,
  getShortlist,
  applyThemes,
  listThemes,
];
