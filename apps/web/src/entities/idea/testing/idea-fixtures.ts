import { http, HttpResponse } from 'msw';
import { server } from '@/test/msw-server';
import type { ServerAnnotation, ServerIdea } from '../api/types';

export function makeIdea(overrides: Partial<ServerIdea> = {}): ServerIdea {
  const id = overrides.id ?? 1;
  const brainstorm = overrides.brainstorm ?? 7;
  return {
    id,
    title: `Idea number ${id}`,
    summary: `Summary of idea ${id}`,
    description: `A longer description of idea ${id}`,
    brainstorm,
    brainstorm_detail: { id: brainstorm, title: 'Worse kitchens', type: 'bad_idea_contest' },
    created: '2026-03-01T10:15:00.000Z',
    modified: '2026-03-01T10:15:00.000Z',
    created_by: 1,
    provenance: null,
    votes: 0,
    reaction_counts: { laugh: 0, idea: 0, surprised: 0, thumbtack: 0 },
    comments_count: 0,
    totals_hidden: false,
    duplicate_of: null,
    duplicate_score: null,
    stacked_by: null,
    stacked_by_model: null,
    stack_reason: null,
    duplicates_count: 0,
    theme: null,
    combined_from: null,
    user_annotation: null,
    annotation: null,
    ...overrides,
  };
}

/** An idea of a blind brainstorm that the caller has not reviewed: its totals withheld. */
export function makeHiddenIdea(overrides: Partial<ServerIdea> = {}): ServerIdea {
  return makeIdea({
    votes: null,
    reaction_counts: null,
    comments_count: null,
    totals_hidden: true,
    ...overrides,
  });
}

export function makeAnnotation(overrides: Partial<ServerAnnotation> = {}): ServerAnnotation {
  return {
    id: 50,
    user: 1,
    idea: 1,
    vote: 0,
    is_bookmarked: false,
    is_hidden: false,
    reactions: [],
    comments: '[]',
    created: '2026-03-02T08:00:00.000Z',
    modified: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}

/** An idea with the caller's annotation, as `with_annotations=true` returns it. */
export function withAnnotation(
  idea: ServerIdea,
  annotation: Partial<ServerAnnotation>,
): ServerIdea {
  const full = makeAnnotation({ idea: idea.id, ...annotation });
  return { ...idea, user_annotation: full, annotation: full };
}

export interface IdeaListRequest {
  brainstorm: string | null;
  page: string | null;
  pageSize: string | null;
  ordering: string | null;
  withAnnotations: string | null;
}

interface ServeIdeasOptions {
  /** Ideas left after the caller's filters, when it should differ from the matching count. */
  filteredCount?: number;
}

/**
 * Serves GET /api/ideas/ the way the server pages it (filtered by `brainstorm` when given; a
 * page past the end is a 404), recording each request.
 */
export function serveIdeas(ideas: ServerIdea[], { filteredCount }: ServeIdeasOptions = {}) {
  const requests: IdeaListRequest[] = [];
  server.use(
    http.get('/api/ideas/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const brainstorm = query.get('brainstorm');
      requests.push({
        brainstorm,
        page: query.get('page'),
        pageSize: query.get('page_size'),
        ordering: query.get('ordering'),
        withAnnotations: query.get('with_annotations'),
      });
      // Every word of a search in the title, summary or description, as the server matches.
      const words = (query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const matching = ideas.filter(
        (idea) =>
          (!brainstorm || idea.brainstorm === Number(brainstorm)) &&
          words.every((word) =>
            [idea.title, idea.summary, idea.description].some((text) =>
              text.toLowerCase().includes(word),
            ),
          ),
      );
      const filtered = matching.slice(0, filteredCount ?? matching.length);
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('page_size') ?? 10);
      const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
      if (page > pages) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
      return HttpResponse.json({
        count: matching.length,
        filteredCount: filtered.length,
        next: page < pages ? `/api/ideas/?page=${page + 1}` : null,
        previous: page > 1 ? `/api/ideas/?page=${page - 1}` : null,
        results: filtered.slice((page - 1) * pageSize, page * pageSize),
      });
    }),
  );
  return requests;
}

/** `count` ideas of brainstorm 7, newest first. */
export function someIdeas(count: number, brainstorm = 7) {
  return Array.from({ length: count }, (_, index) =>
    makeIdea({ id: index + 1, brainstorm, title: `Idea number ${index + 1}` }),
  );
}
