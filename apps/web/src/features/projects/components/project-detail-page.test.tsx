import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import { recordProjectWrites, serveProjects } from '../testing/project-fixtures';

const me = makeUser({ id: 1 });
const project = makeProject({ id: 3, name: 'Roadmap', description: 'Next quarter' });

beforeAll(stubPointerCapture);

const emptyPage = { count: 0, next: null, previous: null, results: [] };

/** The project, and the queries its page sends for its brainstorms and saved ideas. */
function serveProjectPage(served = project) {
  const queries: URLSearchParams[] = [];
  serveProjects([served]);
  server.use(
    http.get(`/api/projects/${String(served.id)}/`, () => HttpResponse.json(served)),
    http.get('/api/brainstorms/', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 8,
            title: 'Faster onboarding',
            description: '',
            type: 'classic',
            type_display: 'Classic Brainstorm',
            parameters: { problem: 'p', themes: [], type: 'classic' },
            project: served.id,
            created_by: 1,
            ideas_count: 0,
            blind_review: false,
            created: '2026-02-01T00:00:00.000Z',
            modified: '2026-02-01T00:00:00.000Z',
          },
        ],
      });
    }),
    http.get('/api/ideas/reviewed/', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ ...emptyPage, filteredCount: 0 });
    }),
  );
  return queries;
}

describe('Project page', () => {
  it("shows the project, names it in the trail, and lists its brainstorms and the caller's saved ideas", async () => {
    const queries = serveProjectPage();
    renderApp('/projects/3', { signedInAs: me });
    expect(await screen.findByRole('heading', { name: 'Roadmap', level: 1 })).toBeVisible();
    expect(screen.getByText('Next quarter')).toBeVisible();
    const trail = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(within(trail).getByText('Roadmap')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: 'Faster onboarding' })).toBeVisible();
    expect(await screen.findByText('No saved ideas here yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Model insights' })).toHaveAttribute(
      'href',
      '/insights?project=3',
    );
    await waitFor(() => {
      expect(queries.map((q) => q.get('project'))).toEqual(['3', '3']);
    });
    expect(queries.some((q) => q.get('is_bookmarked') === 'true')).toBe(true);
  });

  it('opens the brainstorm form with this project chosen, and files the new one in it', async () => {
    serveProjectPage();
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/brainstorms/types/', () => HttpResponse.json([])),
      http.post('/api/brainstorms/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/projects/3', { signedInAs: me });
    await user.click(await screen.findByRole('button', { name: 'New brainstorm' }));
    const form = screen.getByRole('region', { name: 'New brainstorm in this project' });
    expect(within(form).getByRole('combobox', { name: 'Project' })).toHaveTextContent('Roadmap');
    await user.type(within(form).getByLabelText('Problem *'), 'Slow onboarding');
    await user.click(within(form).getByRole('button', { name: 'Create Brainstorm' }));
    await waitFor(() => {
      expect(bodies).toMatchObject([{ project: 3 }]);
    });
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'New brainstorm in this project' })).toBeNull();
    });
  });

  it('says an archived project is archived, offers Restore, and no new brainstorm', async () => {
    const archived = { ...project, archived: '2026-03-01T00:00:00.000Z' };
    serveProjectPage(archived);
    const writes = recordProjectWrites(() => HttpResponse.json(project));
    const { user } = renderApp('/projects/3', { signedInAs: me });
    expect(await screen.findByText('This project is archived')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New brainstorm' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore project' }));
    await waitFor(() => {
      expect(writes.map((w) => w.url.pathname)).toEqual(['/api/projects/3/restore/']);
    });
  });

  it('shows Not Found for a project that does not exist', async () => {
    server.use(
      http.get('/api/projects/404/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
      http.get('/api/brainstorms/', () => HttpResponse.json(emptyPage)),
    );
    renderApp('/projects/404', { signedInAs: me });
    expect(await screen.findByRole('heading', { name: 'Not Found', level: 1 })).toBeVisible();
  });
});
