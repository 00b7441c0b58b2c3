import { z } from 'zod';
import { idField } from '../../lib/http-schemas.js';
import { pageOf, paginationQuery, type Page } from '../../lib/pagination.js';
import { reviewQueueSchema } from '../dashboard/dashboard.schemas.js';
import {
  ideaCommentSchema,
  ideaCreateBody,
  ideaListQuery,
  ideaSchema,
  type IdeaCommentDto,
  type IdeaDto,
} from '../ideas/ideas.schemas.js';
import { orderingText, query } from './rest-calls.js';
import { defineTool, pageData, toolPage } from './tool-kit.js';
import { ideaLine, lines, pageLine } from './tool-text.js';

const ideaPage = toolPage(ideaSchema);

const searchIdeas = defineTool({
  name: 'search_ideas',
  title: 'Search ideas',
  description:
    'Find ideas by words in their title, summary or description, across every brainstorm or ' +
    "within one brainstorm, project or theme: each with the team's votes and comments count " +
    'and your own vote and bookmark.',
  input: ideaListQuery.pick({
    search: true,
    brainstorm: true,
    project: true,
    theme: true,
    ordering: true,
    page: true,
    page_size: true,
  }),
  output: ideaPage,
  writes: false,
  async run(args, rest) {
    const ideaQuery = { ...args, ordering: orderingText(args.ordering), with_annotations: true };
    const data = pageData(await rest<Page<IdeaDto>>('GET', `/api/ideas/${query(ideaQuery)}`), args);
    return { text: lines(pageLine(data, 'ideas'), data.results.map(ideaLine)), data };
  },
});

const commentPage = pageOf(ideaCommentSchema)
  .pick({ count: true, results: true })
  .extend({
    totals_hidden: z.boolean().describe('Withheld under blind review until you review the idea.'),
  });

const getIdea = defineTool({
  name: 'get_idea',
  title: 'Read an idea with its comments',
  description:
    "One idea in full (summary, description, where it came from), the team's votes and " +
    'reactions, your own annotation, and its comments, oldest first.',
  input: z.object({
    idea: idField.describe('The idea id.'),
    comments_page: paginationQuery.shape.page.describe('A page of 100 comments.'),
  }),
  output: z.object({ idea: ideaSchema, comments: commentPage }),
  writes: false,
  async run({ idea: id, comments_page }, rest) {
    const idea = await rest<IdeaDto>('GET', `/api/ideas/${id}/?with_annotations=true`);
    const comments = await rest<Page<IdeaCommentDto> & { totals_hidden: boolean }>(
      'GET',
      `/api/ideas/${id}/comments/${query({ page: comments_page, page_size: 100 })}`,
    );
    const reactions = Object.entries(idea.reaction_counts ?? {})
      .filter(([, count]) => count > 0)
      .map(([type, count]) => `${type} ${count}`);
    return {
      text: lines(
        ideaLine(idea),
        `In brainstorm #${idea.brainstorm} ${idea.brainstorm_detail.title}`,
        ...[idea.summary, idea.description].filter(Boolean),
        ...(reactions.length > 0 ? [`Reactions: ${reactions.join(', ')}`] : []),
        comments.totals_hidden
          ? 'Comments are hidden until you review this idea (blind review).'
          : `${comments.count} comments:`,
        comments.results.map((c) => `- ${c.author.name}: ${c.text}`),
      ),
      data: { idea, comments },
    };
  },
});

const reviewQueue = defineTool({
  name: 'review_queue',
  title: 'My review queue',
  description:
    'The ideas you have not reviewed yet (not voted on, bookmarked, hidden, reacted to or ' +
    'commented), newest first, with the brainstorms that hold most of them. Give a brainstorm ' +
    'to review one at a time.',
  input: z.object({
    brainstorm: idField.optional().describe('Only the ideas of this brainstorm.'),
    ...paginationQuery.shape,
  }),
  output: z.object({ queue: reviewQueueSchema, ideas: ideaPage }),
  writes: false,
  async run(args, rest) {
    const queue = await rest<z.infer<typeof reviewQueueSchema>>(
      'GET',
      '/api/dashboard/review-queue/',
    );
    const ideas = pageData(
      await rest<Page<IdeaDto>>('GET', `/api/ideas/unreviewed/${query(args)}`),
      args,
    );
    return {
      text: lines(
        `${queue.total} ideas to review in ${queue.brainstorms_total} brainstorms:`,
        queue.results.map(
          (row) =>
            `- #${row.brainstorm.id} ${row.brainstorm.title}: ${row.unreviewed} of ${row.ideas_count}`,
        ),
        pageLine(ideas, 'unreviewed ideas'),
        ideas.results.map(ideaLine),
      ),
      data: { queue, ideas },
    };
  },
});

const addIdea = defineTool({
  name: 'add_idea',
  title: 'Add an idea',
  description:
    'Write an idea into a brainstorm: a short title, a one-line summary and an optional ' +
    'description. An idea that nearly repeats one already there is stored stacked under it ' +
    'as a near-duplicate, never refused.',
  input: ideaCreateBody,
  output: z.object({ idea: ideaSchema }),
  writes: true,
  async run(args, rest) {
    const idea = await rest<IdeaDto>('POST', '/api/ideas/', args);
    const stacked = idea.duplicate_of
      ? ` It nearly repeats #${idea.duplicate_of}, so it is stacked under it.`
      : '';
    return {
      text: `Added #${idea.id} ${idea.title} to brainstorm #${idea.brainstorm}.${stacked}`,
      data: { idea },
    };
  },
});

export const ideaTools = [searchIdeas, getIdea, reviewQueue, addIdea];
