import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import { makeBrainstorm } from '../testing/brainstorm-fixtures';

const creator = makeUser({ id: 1 });
const roadmap = makeProject({ id: 3, name: 'Roadmap' });
const archived = makeProject({ id: 4, name: 'Old launch', archived: '2026-01-01T00:00:00.000Z' });

beforeAll(stubPointerCapture);

function serve() {
  let current = makeBrainstorm({ id: 7, title: 'Kitchen', project: 4 });
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/projects/', () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [roadmap] }),
    ),
    http.get('/api/projects/4/', () => HttpResponse.json(archived)),
    http.get('/api/brainstorms/7/', () => HttpResponse.json(current)),
    http.patch('/api/brainstorms/7/', async ({ request }) => {
      const body = (await request.json()) as Partial<typeof current>;
      bodies.push(body);
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
  );
  return bodies;
}

describe('the brainstorm edit form', () => {
  it('keeps an archived project unless another is chosen, and sends only a changed project', async () => {
    const bodies = serve();
    const { user } = renderApp('/brainstorms/7', { signedInAs: creator });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const select = screen.getByRole('combobox', { name: 'Project' });
    await waitFor(() => {
      expect(select).toHaveTextContent('Old launch');
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(bodies).toEqual([{ title: 'Kitchen', description: expect.any(String) as unknown }]);
    });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No project', 'Roadmap', 'Old launch']);
    await user.click(within(listbox).getByRole('option', { name: 'Roadmap' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(bodies.at(-1)).toMatchObject({ project: 3 });
    });
  });
});
