import { z } from 'zod';
import { idField } from '../../lib/http-schemas.js';
import { paginationQuery, type Page } from '../../lib/pagination.js';
import {
  brainstormListQuery,
  brainstormSchema,
  type BrainstormDto,
} from '../brainstorms/brainstorms.schemas.js';
import { ideaListQuery, ideaSchema, type IdeaDto } from '../ideas/ideas.schemas.js';
import { orderingText, query } from './rest-calls.js';
import { defineTool, pageData, toolPage } from './tool-kit.js';
import { ideaLine, lines, pageLine } from './tool-text.js';

const brainstormLine = (b: BrainstormDto) =>
  `#${b.id} ${b.title || '(untitled)'}: ${b.parameters.problem} (${b.type_display}, ` +
  `${b.ideas_count} ideas${b.project ? `, project #${b.project}` : ''}` +
  `${b.blind_review ? ', blind review' : ''})`;

const listBrainstorms = defineTool({
  name: 'list_brainstorms',
  title: 'List brainstorms',
  description:
    "List and search the team's brainstorms, newest first: each with its id, title, problem, " +
    'technique and number of ideas. Use the id with get_brainstorm.',
  input: brainstormListQuery.pick({
    search: true,
    project: true,
    type: true,
    ordering: true,
    page: true,
    page_size: true,
  }),
  output: toolPage(brainstormSchema),
  writes: false,
  async run(args, rest) {
    const url = `/api/brainstorms/${query({ ...args, ordering: orderingText(args.ordering) })}`;
    const page = await rest<Page<BrainstormDto>>('GET', url);
    const data = pageData(page, args);
    return {
      text: lines(pageLine(data, 'brainstorms'), page.results.map(brainstormLine)),
      data,
    };
  },
});

const getBrainstorm = defineTool({
  name: 'get_brainstorm',
  title: 'Read a brainstorm with its ideas',
  description:
    'One brainstorm (its problem, technique, themes asked for) and a page of its ideas, newest ' +
    "first, each with the team's votes and comments count and your own vote and bookmark. " +
    'Near-duplicates stacked under another idea are left out. Under blind review an idea ' +
    "shows the team's totals only once you have reviewed it.",
  input: z.object({
    brainstorm: idField.describe('The brainstorm id, from list_brainstorms.'),
    ordering: ideaListQuery.shape.ordering,
    ...paginationQuery.shape,
  }),
  output: z.object({ brainstorm: brainstormSchema, ideas: toolPage(ideaSchema) }),
  writes: false,
  async run({ brainstorm: id, ordering, page, page_size }, rest) {
    const brainstorm = await rest<BrainstormDto>('GET', `/api/brainstorms/${id}/`);
    const ideaQuery = {
      brainstorm: id,
      ordering: orderingText(ordering),
      page,
      page_size,
      with_annotations: true,
    };
    const ideas = pageData(await rest<Page<IdeaDto>>('GET', `/api/ideas/${query(ideaQuery)}`), {
      page,
      page_size,
    });
    const themes = brainstorm.parameters.themes;
    return {
      text: lines(
        brainstormLine(brainstorm),
        ...(brainstorm.description ? [brainstorm.description] : []),
        ...(themes.length > 0 ? [`Themes asked for: ${themes.join(', ')}`] : []),
        pageLine(ideas, 'ideas'),
        ideas.results.map(ideaLine),
      ),
      data: { brainstorm, ideas },
    };
  },
});

export const brainstormTools = [listBrainstorms, getBrainstorm];
