import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import {
  blindWorld,
  callTool,
  generate,
  payloadsAbout,
  type BlindWorld,
} from './blind-review-world.js';
import {
  listOperations,
  openApiDocument,
  type JsonSchema,
  type OpenApiDocument,
} from './openapi-document.js';

/*
 * Blind review's side channels (decisions 026, 031, 034): in a brainstorm under blind review
 * whose ideas the team has voted on, reacted to, commented, bookmarked and hidden, a member who
 * has reviewed nothing gets nothing drawn from those reviews, through any channel. Each channel
 * answers the traces of the reviews it carries: none under blind review, some without it (so
 * the row is known to look where the reviews would show). A new operation that answers
 * review-derived fields fails the last test until it is a channel here or says why not.
 */

interface Idea {
  votes: number | null;
  reaction_counts: object | null;
  comments_count: number | null;
  provenance: { steered_by: object | null } | null;
}
interface Page<T> {
  results: T[];
}
interface Insights {
  rows: Record<'kept' | 'hidden' | 'down_voted' | 'cost_per_kept_idea', number | null>[];
  totals: Record<'kept' | 'hidden' | 'down_voted', number>;
}

const present = (values: unknown[]) => values.filter((value) => value !== null);

/** What of the team's reviews an idea shows: its totals, and what steered it. */
const ideaTraces = (ideas: Idea[]) =>
  ideas.flatMap((idea) =>
    present([
      idea.votes,
      idea.reaction_counts,
      idea.comments_count,
      idea.provenance?.steered_by ?? null,
    ]),
  );

/** The liked and rejected ideas a generation shows as steering it. */
const steeringTraces = (generation: GenerationDto) => [
  ...(generation.steering?.liked ?? []),
  ...(generation.steering?.rejected ?? []),
];

/** The team's totals in a tool's lines ('#12 Title (+1 votes, 2 comments)'). */
const toolLineTraces = (text: string) => text.match(/[+-]?\d+ votes, \d+ comments/g) ?? [];

/** The cells of named columns of a CSV, every row. */
function csvCells(body: string, columns: string[]) {
  const rows = parse<Record<string, string>>(body, { bom: true, columns: true });
  expect(rows.length).toBeGreaterThan(0);
  return rows.flatMap((row) => columns.map((column) => row[column]));
}

interface Channel {
  /** The operation it goes through, as the OpenAPI document names it, or how it leaves. */
  via: string;
  name: string;
  /** What of the team's reviews the newcomer reads through it. */
  traces: (world: BlindWorld) => Promise<unknown[]>;
}

/** Ideas the webhook row writes, one each time it is read. */
let heard = 0;

/** A GET as the newcomer, which must succeed. */
const get = async (world: BlindWorld, url: string) => {
  const response = await world.call(world.newcomer, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

const CHANNELS: Channel[] = [
  {
    via: 'POST /api/brainstorms/{id}/brainstorm/',
    name: 'the answer to starting a generation',
    traces: async (w) =>
      steeringTraces(await generate(w, w.newcomer, `/api/brainstorms/${w.brainstorm}/brainstorm/`)),
  },
  {
    via: 'POST /api/ideas/{id}/more-like-this/',
    name: 'the answer to More like this',
    traces: async (w) =>
      steeringTraces(await generate(w, w.newcomer, `/api/ideas/${w.ideas[2]}/more-like-this/`)),
  },
  {
    via: 'POST /api/ideas/{id}/flip-it/',
    name: 'the answer to Flip it',
    traces: async (w) =>
      steeringTraces(await generate(w, w.newcomer, `/api/ideas/${w.ideas[2]}/flip-it/`)),
  },
  {
    via: 'GET /api/generations/{id}/',
    name: 'a generation the team steered',
    traces: async (w) =>
      steeringTraces((await get(w, `/api/generations/${w.steered.id}/`)).json<GenerationDto>()),
  },
  {
    via: 'GET /api/brainstorms/{id}/generations/',
    name: "the brainstorm's generations",
    traces: async (w) => {
      const page = await get(w, `/api/brainstorms/${w.brainstorm}/generations/`);
      return page.json<Page<GenerationDto>>().results.flatMap(steeringTraces);
    },
  },
  {
    via: 'GET /api/brainstorms/{id}/steering/',
    name: 'what would steer a new generation',
    traces: async (w) => {
      const steering = await get(w, `/api/brainstorms/${w.brainstorm}/steering/`);
      const { liked, rejected } = steering.json<Record<'liked' | 'rejected', unknown[]>>();
      return [...liked, ...rejected];
    },
  },
  {
    via: 'GET /api/ideas/',
    name: 'the list of ideas, with their provenance',
    traces: async (w) =>
      ideaTraces(
        (await get(w, `/api/ideas/?brainstorm=${w.brainstorm}&include_duplicates=true`)).json<
          Page<Idea>
        >().results,
      ),
  },
  {
    via: 'GET /api/ideas/',
    name: 'the JSON export',
    traces: async (w) =>
      ideaTraces(
        (await get(w, `/api/ideas/?brainstorm=${w.brainstorm}&format=json`)).json<Idea[]>(),
      ),
  },
  {
    via: 'GET /api/ideas/',
    name: 'the CSV export',
    traces: async (w) => {
      const { body } = await get(w, `/api/ideas/?brainstorm=${w.brainstorm}&format=csv`);
      const columns = [
        'votes',
        'laugh',
        'idea',
        'surprised',
        'thumbtack',
        'comments',
        'comment texts',
      ];
      return csvCells(body, columns).filter((cell) => cell !== 'hidden');
    },
  },
  {
    via: 'GET /api/ideas/reviewed/',
    name: 'the ideas reviewed by anyone',
    traces: async (w) =>
      (await get(w, `/api/ideas/reviewed/?brainstorm=${w.brainstorm}&user_filter=any`)).json<
        Page<Idea>
      >().results,
  },
  {
    via: 'GET /api/ideas/unreviewed/',
    name: 'the ideas the member has not reviewed',
    traces: async (w) =>
      ideaTraces(
        (await get(w, `/api/ideas/unreviewed/?brainstorm=${w.brainstorm}`)).json<Page<Idea>>()
          .results,
      ),
  },
  {
    via: 'GET /api/ideas/{id}/',
    name: 'an idea the team voted on, pinned and commented, and one its reviews steered',
    traces: async (w) => {
      const ideas = [w.ideas[0], w.steeredIdea].map((id) => get(w, `/api/ideas/${id}/`));
      return ideaTraces((await Promise.all(ideas)).map((idea) => idea.json<Idea>()));
    },
  },
  {
    via: 'PATCH /api/ideas/{id}/',
    name: 'the answer to an edit of that idea (the member is staff)',
    traces: async (w) => {
      const response = await w.call(w.newcomer, 'PATCH', `/api/ideas/${w.ideas[0]}/`, {});
      expect(response.statusCode, response.body).toBe(200);
      return ideaTraces([response.json<Idea>()]);
    },
  },
  {
    via: 'GET /api/ideas/{id}/comments/',
    name: "that idea's comments",
    traces: async (w) =>
      (await get(w, `/api/ideas/${w.ideas[0]}/comments/`)).json<Page<{ text: string }>>().results,
  },
  {
    via: 'GET /api/dashboard/activity/',
    name: "the dashboard's activity: comments and pins",
    traces: async (w) =>
      (await get(w, '/api/dashboard/activity/'))
        .json<Page<{ kind: string }>>()
        .results.filter((item) => item.kind !== 'generation'),
  },
  {
    via: 'GET /api/insights/models/',
    name: 'the model insights',
    traces: async (w) => {
      const answer = await get(w, `/api/insights/models/?brainstorm=${w.brainstorm}`);
      const json = answer.json<Insights>();
      return [
        ...json.rows.flatMap((row) =>
          present([row.kept, row.hidden, row.down_voted, row.cost_per_kept_idea]),
        ),
        ...[json.totals.kept, json.totals.hidden, json.totals.down_voted].filter((n) => n > 0),
      ];
    },
  },
  {
    via: 'GET /api/insights/models/export/',
    name: 'the model insights download',
    traces: async (w) => {
      const { body } = await get(w, `/api/insights/models/export/?brainstorm=${w.brainstorm}`);
      const cells = csvCells(body, ['kept', 'hidden', 'down_voted', 'cost_per_kept_idea']);
      return cells.filter((cell) => cell !== 'withheld' && cell !== '');
    },
  },
  {
    via: 'webhook comment.created, idea.pinned',
    name: "what the member's webhook hears of a new idea commented and pinned",
    traces: async (w) => {
      const made = await w.call(w.alice, 'POST', '/api/ideas/', {
        brainstorm: w.brainstorm,
        title: `Heard of, number ${(heard += 1)}`,
      });
      const idea = made.json<{ id: number }>().id;
      await w.call(w.bob, 'POST', '/api/idea-annotations/comments/', { idea_id: idea, text: 'Hm' });
      await w.call(w.bob, 'POST', '/api/idea-annotations/reactions/', {
        idea_id: idea,
        reaction_type: 'thumbtack',
      });
      return payloadsAbout(w, w.webhook, idea);
    },
  },
  {
    via: 'mcp start_generation',
    name: 'the tool that starts a generation',
    traces: async (w) => {
      const { data } = await callTool(w, w.newcomer, 'start_generation', {
        brainstorm: w.brainstorm,
        count: 1,
        provider: 'offline',
        model: 'sample-ideas',
      });
      return steeringTraces((data as { generation: GenerationDto }).generation);
    },
  },
  {
    via: 'mcp generation_progress',
    name: 'the tool that follows a generation',
    traces: async (w) => {
      const { data } = await callTool(w, w.newcomer, 'generation_progress', {
        generation: w.steered.id,
      });
      return steeringTraces((data as { generation: GenerationDto }).generation);
    },
  },
  {
    via: 'mcp get_idea',
    name: 'the tool that reads an idea with its comments',
    traces: async (w) => {
      const traces = [w.ideas[0], w.steeredIdea].map(async (id) => {
        const { data, text } = await callTool(w, w.newcomer, 'get_idea', { idea: id });
        const { idea, comments } = data as { idea: Idea; comments: Page<unknown> };
        return [...ideaTraces([idea]), ...comments.results, ...toolLineTraces(text)];
      });
      return (await Promise.all(traces)).flat();
    },
  },
  ...(['get_brainstorm', 'search_ideas', 'review_queue'] as const).map((tool) => ({
    via: `mcp ${tool}`,
    name: `the ${tool} tool's ideas`,
    traces: async (w: BlindWorld) => {
      const { data, text } = await callTool(w, w.newcomer, tool, { brainstorm: w.brainstorm });
      const { ideas } = data as { ideas?: Page<Idea> };
      const listed = ideas ?? (data as Page<Idea>);
      return [...ideaTraces(listed.results), ...toolLineTraces(text)];
    },
  })),
];

/**
 * The operations whose answer names review-derived fields, or is a CSV, that are no channel of
 * the table, and why.
 */
const NOT_CHANNELS: Record<string, string> = {
  'POST /api/ideas/': "The member's own new idea, built as GET /api/ideas/{id}/ (idea-json.ts).",
  'PUT /api/ideas/{id}/': 'Answers the idea as PATCH /api/ideas/{id}/ does.',
  'POST /api/ideas/{id}/mark-duplicate/': 'Answers the idea as PATCH /api/ideas/{id}/ does.',
  'POST /api/ideas/{id}/not-duplicate/': 'Answers the idea as PATCH /api/ideas/{id}/ does.',
  'PUT /api/ideas/{id}/theme/': 'Answers the idea as PATCH /api/ideas/{id}/ does.',
  'GET /api/brainstorms/{id}/assessments/':
    "Votes withheld per idea (assessments.test.ts); the world makes no model's assessments.",
  'GET /api/ideas/{id}/assessments/':
    "Votes withheld per idea (assessments.test.ts); the world makes no model's assessments.",
  'GET /api/brainstorms/{id}/disagreements/':
    'Only over ideas whose votes the caller may see (assessments.test.ts).',
  'GET /api/analyses/{id}/': 'A ranking: see the known gap below.',
  'GET /api/analyses/{id}/shortlist/':
    'Votes withheld per idea as in GET /api/analyses/{id}/ (shortlist.test.ts); a ranking: see ' +
    'the known gap below.',
  'GET /api/brainstorms/{id}/analyses/': 'A ranking: see the known gap below.',
  'POST /api/brainstorms/{id}/analyses/': 'A ranking: see the known gap below.',
};

/** What is known to leak and left for its own change. */
const KNOWN_GAPS = [
  'a ranking (sense-making, decision 027) takes the top N ideas by votes whoever asks, so its ' +
    'ideas tell a member who has reviewed none which ideas the team voted up most',
];

/** The fields whose values come from the team's reviews, wherever an answer has them. */
const REVIEW_FIELDS = new Set([
  'votes',
  'reaction_counts',
  'comments_count',
  'totals_hidden',
  'steering',
  'steered_by',
  'liked',
  'rejected',
  'kept',
  'hidden',
  'down_voted',
  'correlation',
]);

/** Whether a schema, followed through its references, names a review-derived field. */
function namesReviews(
  document: OpenApiDocument,
  schema: JsonSchema,
  seen = new Set<string>(),
): boolean {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return false;
    const name = schema.$ref.split('/').at(-1) ?? '';
    const target = document.components?.schemas?.[name];
    return target ? namesReviews(document, target, new Set([...seen, schema.$ref])) : false;
  }
  const parts: JsonSchema[] = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return (
    Object.keys(schema.properties ?? {}).some((key) => REVIEW_FIELDS.has(key)) ||
    parts.some((part) => namesReviews(document, part, seen))
  );
}

let world: Awaited<ReturnType<typeof blindWorld>>;
beforeAll(async () => {
  world = await blindWorld();
}, 120_000);
afterAll(() => world.close());

const label = (channel: Channel) => `${channel.via}: ${channel.name}`;

describe('under blind review, a member who has reviewed nothing', () => {
  it.each(CHANNELS.map((channel) => [label(channel), channel] as const))(
    'gets nothing of the reviews from %s',
    async (_, channel) => {
      expect(await channel.traces(world)).toEqual([]);
    },
  );

  for (const gap of KNOWN_GAPS) it.todo(gap);
});

describe('without blind review, the same member', () => {
  beforeAll(async () => {
    await world.t.db
      .update(brainstorms)
      .set({ blindReview: false })
      .where(eq(brainstorms.id, world.brainstorm));
  });

  it.each(CHANNELS.map((channel) => [label(channel), channel] as const))(
    'reads the reviews from %s, so its row looks where they show',
    async (_, channel) => {
      expect(await channel.traces(world)).not.toEqual([]);
    },
  );
});

describe('the channels', () => {
  it('include every operation that answers review-derived fields or a CSV, or say why not', () => {
    const document = openApiDocument(world.t.app);
    const operations = listOperations(document);
    const covered = new Set([...CHANNELS.map((c) => c.via), ...Object.keys(NOT_CHANNELS)]);
    const carrying = operations.filter((o) =>
      Object.entries(o.operation.responses).some(
        ([status, response]) =>
          status.startsWith('2') &&
          Object.entries(response.content ?? {}).some(
            ([type, media]) =>
              type === 'text/csv' || (media.schema && namesReviews(document, media.schema)),
          ),
      ),
    );
    const keys = new Set(operations.map((o) => o.key));
    expect([
      ...carrying
        .filter((o) => !covered.has(o.key))
        .map((o) => `${o.key} answers the team's reviews: add it to CHANNELS or NOT_CHANNELS`),
      ...[...covered]
        .filter((via) => /^[A-Z]+ \//.test(via) && !keys.has(via))
        .map((via) => `${via} is not in the OpenAPI document`),
    ]).toEqual([]);
  });
});
