import { http, HttpResponse } from 'msw';
import { server } from '@/test/msw-server';
import type { SavedIdea } from '../api/types';

/** A bookmarked idea as the saved list returns it; its annotation's id is 100 plus its own. */
export function makeSavedIdea(overrides: Partial<SavedIdea> = {}): SavedIdea {
  const id = overrides.id ?? 1;
  const brainstorm = overrides.brainstorm ?? 7;
  const annotation = {
    id: 100 + id,
    user: 1,
    idea: id,
    vote: 0,
    is_bookmarked: true,
    is_hidden: false,
    reactions: [],
    comments: '[]',
    created: '2026-03-02T08:00:00.000Z',
    modified: '2026-03-02T08:00:00.000Z',
  };
  return {
    id,
    title: `Saved idea ${id}`,
    summary: `Summary of saved idea ${id}`,
    description: `A longer description of saved idea ${id}`,
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
    user_annotation: annotation,
    annotation,
    ...overrides,
  };
}

/** `count` saved ideas, newest first. */
export function someSavedIdeas(count: number) {
  return Array.from({ length: count }, (_, index) => makeSavedIdea({ id: index + 1 }));
}

/**
 * Serves the saved list the way the server pages it (a page past the end is a 404), from a
 * store the test and the bookmark toggle share, recording each list request's query. As on the
 * server, `count` also counts ideas the caller never saved: the page must read `filteredCount`.
 */
export function serveSavedIdeas(ideas: SavedIdea[]) {
  const store = { ideas: [...ideas] };
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/ideas/reviewed/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.has('format')) return undefined;
      requests.push(query);
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('page_size') ?? 10);
      const saved = store.ideas;
      const pages = Math.max(1, Math.ceil(saved.length / pageSize));
      if (page > pages) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
      return HttpResponse.json({
        count: saved.length + 40,
        filteredCount: saved.length,
        next: page < pages ? `/api/ideas/reviewed/?page=${page + 1}` : null,
        previous: page > 1 ? `/api/ideas/reviewed/?page=${page - 1}` : null,
        results: saved.slice((page - 1) * pageSize, page * pageSize),
      });
    }),
  );
  return { store, requests };
}

/** Serves the bookmark toggle: it takes the idea off the saved store and records the call. */
export function serveToggleBookmark(store: { ideas: SavedIdea[] }) {
  const toggled: number[] = [];
  server.use(
    http.post('/api/idea-annotations/annotations/:id/toggle_bookmark/', ({ params }) => {
      const annotationId = Number(params.id);
      toggled.push(annotationId);
      const idea = store.ideas.find((saved) => saved.user_annotation?.id === annotationId);
      if (!idea?.user_annotation) {
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }
      store.ideas = store.ideas.filter((saved) => saved !== idea);
      return HttpResponse.json({
        ...idea.user_annotation,
        is_bookmarked: false,
        idea_detail: { brainstorm: idea.brainstorm, id: idea.id, title: idea.title },
      });
    }),
  );
  return toggled;
}
