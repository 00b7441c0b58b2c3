import { http, HttpResponse } from 'msw';
import type { Project } from '@/entities/project/api/types';
import { server } from '@/test/msw-server';

const page = (results: Project[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** The active and archived lists, as `GET /api/projects/?archived=` answers them. */
export function serveProjects(projects: Project[]) {
  server.use(
    http.get('/api/projects/', ({ request }) => {
      const archived = new URL(request.url).searchParams.get('archived');
      if (archived === null) return HttpResponse.json(page(projects));
      return HttpResponse.json(
        page(projects.filter((project) => (project.archived !== null) === (archived === 'true'))),
      );
    }),
  );
}

/** Every request to the project operations, method and address, with its body if any. */
export function recordProjectWrites(answer: (method: string, url: URL) => Response | undefined) {
  const writes: { method: string; url: URL; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = await request.text();
    writes.push({ method: request.method, url, body: text ? (JSON.parse(text) as unknown) : null });
    return answer(request.method, url) ?? new HttpResponse(null, { status: 204 });
  };
  server.use(
    http.post('/api/projects/', record),
    http.post('/api/projects/:id/:action/', record),
    http.patch('/api/projects/:id/', record),
    http.delete('/api/projects/:id/', record),
  );
  return writes;
}
