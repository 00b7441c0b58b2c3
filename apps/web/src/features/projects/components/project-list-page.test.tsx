import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { renderApp } from '@/test/render-app';
import { recordProjectWrites, serveProjects } from '../testing/project-fixtures';

const me = makeUser({ id: 1 });

beforeAll(stubPointerCapture);

const roadmap = makeProject({
  id: 3,
  name: 'Roadmap',
  description: 'Next quarter',
  brainstorms_count: 2,
  last_activity: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
});
const old = makeProject({ id: 4, name: 'Old launch', archived: '2026-01-01T00:00:00.000Z' });
const theirs = makeProject({ id: 5, name: 'Their project', created_by: 2 });

describe('Projects page', () => {
  it('lists the active projects with their facts, and archived ones apart', async () => {
    serveProjects([roadmap, old, theirs]);
    renderApp('/projects', { signedInAs: me });
    expect(await screen.findByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    const active = screen.getByRole('region', { name: 'Active projects' });
    const link = await within(active).findByRole('link', { name: 'Roadmap' });
    expect(link).toHaveAttribute('href', '/projects/3');
    expect(within(active).getByText('Next quarter')).toBeInTheDocument();
    expect(within(active).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(active).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(active).queryByText('Old launch')).not.toBeInTheDocument();
    // Only the creator (or staff) gets the actions.
    expect(within(active).getByRole('button', { name: 'Rename Roadmap' })).toBeInTheDocument();
    expect(
      within(active).queryByRole('button', { name: 'Rename Their project' }),
    ).not.toBeInTheDocument();

    const archived = screen.getByRole('region', { name: 'Archived projects' });
    expect(within(archived).getByRole('link', { name: 'Old launch' })).toBeInTheDocument();
    expect(within(archived).getByRole('button', { name: 'Restore Old launch' })).toBeVisible();
  });

  it('says "No projects yet" and creates one from the form', async () => {
    serveProjects([]);
    const writes = recordProjectWrites(() =>
      HttpResponse.json(makeProject({ id: 9, name: 'Hiring' }), { status: 201 }),
    );
    const { user } = renderApp('/projects', { signedInAs: me });
    expect(await screen.findByText('No projects yet')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Archived projects' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(writes).toEqual([]);

    await user.type(screen.getByLabelText('Name *'), 'Hiring');
    await user.type(screen.getByLabelText('Description'), 'Who joins next');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => {
      expect(writes.map((w) => w.body)).toEqual([
        { name: 'Hiring', description: 'Who joins next' },
      ]);
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Name *')).toHaveValue('');
    });
  });

  it('says "Error loading projects" when the list fails', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(http.get('/api/projects/', () => new HttpResponse(null, { status: 500 })));
    renderApp('/projects', { signedInAs: me });
    expect(
      (await screen.findAllByText('Error loading projects', {}, { timeout: 8000 }))[0],
    ).toBeVisible();
  });

  it('archives and renames a project', async () => {
    serveProjects([roadmap]);
    const writes = recordProjectWrites((method) =>
      method === 'PATCH'
        ? HttpResponse.json({ ...roadmap, name: 'Roadmap 2027' })
        : HttpResponse.json({ ...roadmap, archived: '2026-03-01T00:00:00.000Z' }),
    );
    const { user } = renderApp('/projects', { signedInAs: me });
    await user.click(await screen.findByRole('button', { name: 'Archive Roadmap' }));
    await waitFor(() => {
      expect(writes.map((w) => `${w.method} ${w.url.pathname}`)).toEqual([
        'POST /api/projects/3/archive/',
      ]);
    });

    await user.click(screen.getByRole('button', { name: 'Rename Roadmap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename project' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Roadmap 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(writes.at(-1)?.body).toEqual({ name: 'Roadmap 2027', description: 'Next quarter' });
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('asks where the brainstorms go before deleting: kept by default, or moved', async () => {
    const target = makeProject({ id: 6, name: 'Target' });
    serveProjects([roadmap, target]);
    const writes = recordProjectWrites(() => undefined);
    const { user } = renderApp('/projects', { signedInAs: me });

    await user.click(await screen.findByRole('button', { name: 'Delete Roadmap' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Roadmap?' });
    expect(within(dialog).getByText(/Its 2 brainstorms stay/)).toBeVisible();
    expect(within(dialog).getByLabelText('Keep them without a project')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => {
      expect(writes.map((w) => `${w.method} ${w.url.pathname}${w.url.search}`)).toEqual([
        'DELETE /api/projects/3/',
      ]);
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Roadmap' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Roadmap?' });
    await user.click(within(dialog).getByLabelText('Move them to another project'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await within(dialog).findByText('Choose the project that takes them.')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Move them to' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Target']);
    await user.click(within(listbox).getByRole('option', { name: 'Target' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => {
      expect(writes.at(-1)?.url.search).toBe('?move_to=6');
    });
  });
});
