import { http, HttpResponse } from 'msw';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import type { ServerIdea } from '@/entities/idea/api/types';
import type { Theme, ThemeSuggestion } from '@/entities/theme/api/types';
import { makeTheme } from '@/entities/theme/testing/theme-fixtures';
import { server } from '@/test/msw-server';

/**
 * A brainstorm's themes and ideas held in memory, with the themes endpoints acting on them as
 * the server does; `requests` records each change asked for.
 */
export function serveThemesWorld({
  themes: initialThemes = [] as Theme[],
  ideas: initialIdeas = [] as ServerIdea[],
  suggestions = [] as ThemeSuggestion[],
  givenThemes = [] as string[],
} = {}) {
  const world = {
    themes: [...initialThemes],
    ideas: [...initialIdeas],
    requests: [] as { method: string; path: string; body: unknown }[],
  };
  const counted = () =>
    world.themes.map((theme) => ({
      ...theme,
      ideas_count: world.ideas.filter(
        (idea) => idea.theme === theme.id && idea.duplicate_of === null,
      ).length,
    }));
  const record = async (request: Request) => {
    const text = await request.text();
    world.requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : null,
    });
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  server.use(
    http.get('/api/brainstorms/:id/themes/', () => HttpResponse.json(counted())),
    http.get('/api/ideas/', ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('format') === 'json') return HttpResponse.json(world.ideas);
      return HttpResponse.json({
        count: world.ideas.length,
        filteredCount: world.ideas.length,
        next: null,
        previous: null,
        results: world.ideas,
      });
    }),
    http.get('/api/brainstorms/:id/theme-suggestions/', () => HttpResponse.json(suggestions)),
    http.post('/api/brainstorms/:id/themes/', async ({ request }) => {
      const body = await record(request);
      const theme = makeTheme({
        id: Math.max(0, ...world.themes.map((other) => other.id)) + 1,
        name: typeof body.name === 'string' ? body.name : '',
        description: typeof body.description === 'string' ? body.description : '',
      });
      world.themes.push(theme);
      return HttpResponse.json(theme, { status: 201 });
    }),
    // The given themes are the test's to say: `givenThemes`, started once.
    http.post('/api/brainstorms/:id/themes/from-parameters/', async ({ request }) => {
      await record(request);
      if (world.themes.length > 0) {
        return HttpResponse.json(
          { detail: 'This brainstorm has themes already.' },
          { status: 409 },
        );
      }
      world.themes = givenThemes.map((name, index) => makeTheme({ id: 21 + index, name }));
      return HttpResponse.json(counted(), { status: 201 });
    }),
    http.patch('/api/themes/:id/', async ({ request, params }) => {
      const body = await record(request);
      world.themes = world.themes.map((theme) =>
        theme.id === Number(params.id) ? { ...theme, ...body } : theme,
      );
      return HttpResponse.json(world.themes.find((theme) => theme.id === Number(params.id)));
    }),
    http.delete('/api/themes/:id/', async ({ request, params }) => {
      await record(request);
      const id = Number(params.id);
      world.themes = world.themes.filter((theme) => theme.id !== id);
      world.ideas = world.ideas.map((idea) =>
        idea.theme === id ? { ...idea, theme: null } : idea,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/themes/:id/merge/', async ({ request, params }) => {
      const body = await record(request);
      const id = Number(params.id);
      const into = Number(body.into);
      world.themes = world.themes.filter((theme) => theme.id !== id);
      world.ideas = world.ideas.map((idea) =>
        idea.theme === id ? { ...idea, theme: into } : idea,
      );
      return HttpResponse.json(counted().find((theme) => theme.id === into));
    }),
    http.post('/api/themes/:id/split/', async ({ request }) => {
      const body = await record(request);
      const theme = makeTheme({
        id: Math.max(0, ...world.themes.map((other) => other.id)) + 1,
        name: typeof body.name === 'string' ? body.name : '',
      });
      const moving = Array.isArray(body.ideas) ? body.ideas : [];
      world.themes.push(theme);
      world.ideas = world.ideas.map((idea) =>
        moving.includes(idea.id) ? { ...idea, theme: theme.id } : idea,
      );
      return HttpResponse.json(theme, { status: 201 });
    }),
    http.put('/api/ideas/:id/theme/', async ({ request, params }) => {
      const body = await record(request);
      const theme = body.theme === null ? null : Number(body.theme);
      world.ideas = world.ideas.map((idea) =>
        idea.id === Number(params.id) ? { ...idea, theme } : idea,
      );
      return HttpResponse.json(world.ideas.find((idea) => idea.id === Number(params.id)));
    }),
    http.post('/api/analyses/:id/apply/', async ({ request }) => {
      await record(request);
      world.themes = [makeTheme({ id: 11, name: 'Pricing' }), makeTheme({ id: 12, name: 'Lunch' })];
      world.ideas = world.ideas.map((idea) => ({ ...idea, theme: idea.id <= 2 ? 11 : 12 }));
      return HttpResponse.json(counted());
    }),
  );
  return world;
}

/** Six ideas of brainstorm 7, titled 'Idea number 1' to 'Idea number 6', all unsorted. */
export function sixIdeas() {
  return Array.from({ length: 6 }, (_, index) => makeIdea({ id: index + 1 }));
}
