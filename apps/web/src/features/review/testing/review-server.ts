import { delay, http, HttpResponse } from 'msw';
import type { ServerAnnotation, ServerIdea } from '@/entities/idea/api/types';
import { makeAnnotation, makeIdea } from '@/entities/idea/testing/idea-fixtures';
import type { components } from '@/lib/api/schema';
import { server } from '@/test/msw-server';

type ReactionType = components['schemas']['IdeaReaction']['reaction_type'];

/** An idea as this server keeps it: every total known, whoever may see it. */
type StoredIdea = ServerIdea & {
  votes: number;
  reaction_counts: Record<ReactionType, number>;
  comments_count: number;
};

function stored(idea: ServerIdea): StoredIdea {
  const copy = structuredClone(idea);
  return {
    ...copy,
    votes: copy.votes ?? 0,
    reaction_counts: copy.reaction_counts ?? { laugh: 0, idea: 0, surprised: 0, thumbtack: 0 },
    comments_count: copy.comments_count ?? 0,
    totals_hidden: false,
  };
}

export function serveBrainstorm(id = 7, { blindReview = false } = {}) {
  server.use(
    http.get(`/api/brainstorms/${id}/`, () =>
      HttpResponse.json({
        id,
        title: 'Worse kitchens',
        description: 'Make the kitchen worse',
        type: 'bad_idea_contest',
        type_display: 'Bad Idea Contest',
        parameters: { problem: 'The kitchen is too tidy', themes: [], type: 'bad_idea_contest' },
        project: null,
        created_by: 1,
        ideas_count: 0,
        blind_review: blindReview,
        created: '2026-02-15T09:30:00.000Z',
        modified: '2026-02-15T09:30:00.000Z',
      } satisfies components['schemas']['Brainstorm']),
    ),
  );
}

/** `count` ideas of brainstorm 7, newest first. */
export function reviewIdeas(count: number) {
  return Array.from({ length: count }, (_, index) =>
    makeIdea({
      id: index + 1,
      title: `Idea number ${index + 1}`,
      created: new Date(Date.UTC(2026, 2, 1, 10, 0, 0) - index * 60_000).toISOString(),
    }),
  );
}

interface ReviewServerOptions {
  /** Refuse writes (annotations, reactions, comments) with a 500. */
  refuseWrites?: boolean;
  /** Hold each write this long (ms), so the page can be seen before the answer. */
  writeDelay?: number;
  /** Blind review: an idea's totals and comments only for a caller who has annotated it. */
  blind?: boolean;
}

/**
 * An in-memory server for the review page: the ideas of brainstorm 7 and the caller's
 * annotations of them, served by the lists and changed by the annotation endpoints the way
 * the real server does (decisions 010 and 011). Records every request as 'METHOD path?query'.
 */
export function serveReview(initial: ServerIdea[], options: ReviewServerOptions = {}) {
  const ideas = new Map(initial.map((idea) => [idea.id, stored(idea)]));
  const annotations = new Map<number, ServerAnnotation>();
  for (const idea of initial)
    if (idea.user_annotation) annotations.set(idea.id, idea.user_annotation);
  const teamComments = new Map<number, { id: number; text: string }[]>();
  const requests: string[] = [];
  let nextId = 500;
  const state = { ...options };

  const hiddenFromCaller = (ideaId: number) => Boolean(state.blind) && !annotations.has(ideaId);

  const withAnnotation = (idea: StoredIdea): ServerIdea => {
    const annotation = annotations.get(idea.id) ?? null;
    const shown = { ...idea, user_annotation: annotation, annotation };
    return hiddenFromCaller(idea.id)
      ? {
          ...shown,
          votes: null,
          reaction_counts: null,
          comments_count: null,
          totals_hidden: true,
        }
      : shown;
  };

  function page(url: URL, keep: (idea: ServerIdea) => boolean) {
    const query = url.searchParams;
    const brainstorm = Number(query.get('brainstorm'));
    const matching = [...ideas.values()]
      .filter((idea) => idea.brainstorm === brainstorm)
      .map(withAnnotation);
    const hiddenOut = query.get('is_hidden') === 'false';
    // One stack when asked for; otherwise stacked ideas only with include_duplicates.
    const stack = query.get('duplicate_of');
    const stacked = (idea: ServerIdea) =>
      stack === null
        ? idea.duplicate_of === null || query.get('include_duplicates') === 'true'
        : idea.duplicate_of === Number(stack);
    const listed = matching.filter(
      (idea) => keep(idea) && stacked(idea) && !(hiddenOut && idea.user_annotation?.is_hidden),
    );
    // Read up to an idea: those stored since are left out, and counted apart. The fixtures'
    // ids do not grow with time as the database's do: 'since' is by the time they were stored.
    const newestFirst = (a: ServerIdea, b: ServerIdea) =>
      b.created.localeCompare(a.created) || b.id - a.id;
    const upTo = ideas.get(Number(query.get('up_to')));
    const storedBy = (idea: ServerIdea) => !upTo || newestFirst(idea, upTo) >= 0;
    const filtered = listed.filter(storedBy).sort(newestFirst);
    const [newest] = [...matching].sort(newestFirst);
    const number = Number(query.get('page') ?? 1);
    const size = Number(query.get('page_size') ?? 10);
    const pages = Math.max(1, Math.ceil(filtered.length / size));
    if (number > pages) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
    return HttpResponse.json({
      count: matching.filter(storedBy).length,
      filteredCount: filtered.length,
      next: number < pages ? 'next' : null,
      previous: number > 1 ? 'previous' : null,
      results: filtered.slice((number - 1) * size, number * size),
      newestId: newest?.id ?? null,
      laterCount: listed.length - filtered.length,
    });
  }

  function annotate(ideaId: number, values: Partial<ServerAnnotation>) {
    const existing = annotations.get(ideaId);
    const idea = ideas.get(ideaId);
    if (!idea) return null;
    const before = existing?.vote ?? 0;
    const annotation = existing
      ? { ...existing, ...values }
      : makeAnnotation({ id: nextId++, idea: ideaId, ...values });
    annotations.set(ideaId, annotation);
    idea.votes += annotation.vote - before;
    return annotation;
  }

  const byAnnotationId = (id: number) =>
    [...annotations.values()].find((annotation) => annotation.id === id);

  async function write() {
    if (state.writeDelay) await delay(state.writeDelay);
    return state.refuseWrites
      ? HttpResponse.json({ detail: 'Refused.' }, { status: 500 })
      : undefined;
  }

  const record = (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return url;
  };

  server.use(
    http.get('/api/ideas/unreviewed/', ({ request }) =>
      page(record(request), (idea) => !idea.user_annotation),
    ),
    http.get('/api/ideas/reviewed/', ({ request }) =>
      page(record(request), (idea) => Boolean(idea.user_annotation)),
    ),
    http.get('/api/ideas/', ({ request }) => page(record(request), () => true)),
    http.get('/api/ideas/:id/', ({ request, params }) => {
      record(request);
      const idea = ideas.get(Number(params.id));
      return idea
        ? HttpResponse.json(withAnnotation(idea))
        : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.get('/api/ideas/:id/comments/', ({ request, params }) => {
      record(request);
      const empty = { count: 0, next: null, previous: null, results: [] };
      if (hiddenFromCaller(Number(params.id)))
        return HttpResponse.json({ ...empty, totals_hidden: true });
      const results = (teamComments.get(Number(params.id)) ?? []).map((comment) => ({
        ...comment,
        author: { id: 1, name: 'Ada Lovelace' },
        created: '2026-03-02T08:00:00.000Z',
        modified: '2026-03-02T08:00:00.000Z',
      }));
      return HttpResponse.json({
        count: results.length,
        next: null,
        previous: null,
        results,
        totals_hidden: false,
      });
    }),
    http.post('/api/idea-annotations/annotations/', async ({ request }) => {
      record(request);
      const body = (await request.json()) as { idea_id: number } & Partial<ServerAnnotation>;
      const refused = await write();
      if (refused) return refused;
      const { idea_id, ...values } = body;
      const created = !annotations.has(idea_id);
      const annotation = annotate(idea_id, values);
      return HttpResponse.json(annotation, { status: created ? 201 : 200 });
    }),
    http.post('/api/idea-annotations/annotations/:id/vote/', async ({ request, params }) => {
      record(request);
      const { value } = (await request.json()) as { value: number };
      const refused = await write();
      if (refused) return refused;
      const existing = byAnnotationId(Number(params.id));
      if (!existing) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return HttpResponse.json(annotate(existing.idea, { vote: value }));
    }),
    http.patch('/api/idea-annotations/annotations/:id/', async ({ request, params }) => {
      record(request);
      const values = (await request.json()) as Partial<ServerAnnotation>;
      const refused = await write();
      if (refused) return refused;
      const existing = byAnnotationId(Number(params.id));
      if (!existing) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return HttpResponse.json(annotate(existing.idea, values));
    }),
    http.post('/api/idea-annotations/reactions/', async ({ request }) => {
      record(request);
      const body = (await request.json()) as { idea_id: number; reaction_type: ReactionType };
      const refused = await write();
      if (refused) return refused;
      const annotation = annotate(body.idea_id, {});
      const idea = ideas.get(body.idea_id);
      if (!annotation || !idea) return HttpResponse.json({ detail: 'No.' }, { status: 400 });
      const reaction = {
        id: nextId++,
        reaction_type: body.reaction_type,
        created: '2026-03-02T08:00:00.000Z',
        modified: '2026-03-02T08:00:00.000Z',
      };
      annotation.reactions = [...annotation.reactions, reaction];
      idea.reaction_counts[body.reaction_type] += 1;
      return HttpResponse.json({ ...reaction, annotation: annotation.id }, { status: 201 });
    }),
    http.delete('/api/idea-annotations/reactions/:id/', async ({ request, params }) => {
      record(request);
      const refused = await write();
      if (refused) return refused;
      for (const annotation of annotations.values()) {
        const reaction = annotation.reactions.find((r) => r.id === Number(params.id));
        if (!reaction) continue;
        annotation.reactions = annotation.reactions.filter((r) => r !== reaction);
        const idea = ideas.get(annotation.idea);
        if (idea) idea.reaction_counts[reaction.reaction_type] -= 1;
        return new HttpResponse(null, { status: 204 });
      }
      return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.post('/api/idea-annotations/comments/', async ({ request }) => {
      record(request);
      const body = (await request.json()) as { idea_id: number; text: string };
      const refused = await write();
      if (refused) return refused;
      const annotation = annotate(body.idea_id, {});
      const idea = ideas.get(body.idea_id);
      if (!annotation || !idea) return HttpResponse.json({ detail: 'No.' }, { status: 400 });
      const comment = { id: nextId++, text: body.text };
      teamComments.set(idea.id, [...(teamComments.get(idea.id) ?? []), comment]);
      idea.comments_count += 1;
      return HttpResponse.json(
        {
          ...comment,
          annotation: annotation.id,
          created: '2026-03-02T08:00:00.000Z',
          modified: '2026-03-02T08:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );

  /** Stores an idea as another user or a generation would. */
  const add = (idea: ServerIdea) => {
    ideas.set(idea.id, stored(idea));
  };

  return { requests, annotations, state, comments: teamComments, add };
}
