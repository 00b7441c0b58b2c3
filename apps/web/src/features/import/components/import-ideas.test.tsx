import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import type { ImportRow } from '../api/preview-import';

beforeAll(stubPointerCapture);

const member = makeUser({ id: 2 });

const row = (n: number, title: string, errors: Record<string, string[]> = {}): ImportRow => ({
  row: n,
  title,
  summary: '',
  description: '',
  errors,
  warnings: [],
});

/** A preview that finds a blank title in any file holding an empty line; what was sent, kept. */
function serveImport() {
  const sent: { preview: string[]; imported: string[] } = { preview: [], imported: [] };
  server.use(
    http.post('/api/brainstorms/7/import/preview/', async ({ request }) => {
      const { content } = (await request.json()) as { content: string };
      sent.preview.push(content);
      const rows = content.includes('\n\n')
        ? [row(2, 'Quiet rooms'), row(3, '', { title: ['This field may not be blank.'] })]
        : [
            row(2, 'Quiet rooms'),
            { ...row(3, 'Bike racks'), warnings: ['Nearly repeats "Bikes"'] },
          ];
      const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
      return HttpResponse.json({
        rows,
        totals: { rows: 2, valid: 2 - invalid, invalid, warned: invalid === 0 ? 1 : 0 },
      });
    }),
    http.post('/api/brainstorms/7/import/', async ({ request }) => {
      const { content } = (await request.json()) as { content: string };
      sent.imported.push(content);
      return HttpResponse.json({ imported: 2, stacked: 1, ids: [41, 42] }, { status: 201 });
    }),
  );
  return sent;
}

async function openDialog() {
  const { user } = renderApp('/brainstorms/7', { signedInAs: member });
  await user.click(await screen.findByRole('button', { name: 'Import ideas' }, APP_LOADED));
  const dialog = await screen.findByRole('dialog', { name: 'Import ideas' });
  const input = await within(dialog).findByLabelText('File (CSV or JSON)');
  return { user, dialog, input };
}

const csv = (text: string, name = 'ideas.csv') => new File([text], name, { type: 'text/csv' });

describe('Import ideas', () => {
  it('previews a file, keeps the import off while a row has an error, then imports a fixed one', async () => {
    const sent = serveImport();
    const { user, dialog, input } = await openDialog();

    await user.upload(input, csv('title\nQuiet rooms\n\n'));
    expect(
      await within(dialog).findByText('Error in title: This field may not be blank.'),
    ).toBeVisible();
    expect(within(dialog).getByText(/1 with errors to fix first/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import 1 idea' })).toBeDisabled();

    await user.upload(input, csv('title\nQuiet rooms\nBike racks\n'));
    expect(await within(dialog).findByText('Note: Nearly repeats "Bikes"')).toBeVisible();
    const importButton = within(dialog).getByRole('button', { name: 'Import 2 ideas' });
    expect(importButton).toBeEnabled();
    const listReads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/ideas/') listReads.push(request.url);
    });
    await user.click(importButton);

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Imported 2 ideas.')).toHaveAttribute('role', 'status');
    expect(sent.imported).toEqual(['title\nQuiet rooms\nBike racks\n']);
    // The brainstorm's ideas list is read again, so the new ideas show.
    await waitFor(() => {
      expect(listReads.some((url) => url.includes('brainstorm=7'))).toBe(true);
    });
    server.events.removeAllListeners();
  });

  it('says why a file cannot be read, in the dialog', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(
      http.post('/api/brainstorms/7/import/preview/', () =>
        HttpResponse.json(
          { content: ['The CSV cannot be read: bad quote at line 3.'] },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, input } = await openDialog();
    await user.upload(input, csv('title\n"bad"x\n'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The CSV cannot be read: bad quote at line 3.',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('refuses a file over 512 KB before sending it', async () => {
    const sent = serveImport();
    const { user, dialog, input } = await openDialog();
    await user.upload(input, csv('x'.repeat(512 * 1024 + 1)));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file is larger than 512 KB: split it into smaller ones.',
    );
    expect(sent.preview).toEqual([]);
  });

  it('sends a .json file as JSON', async () => {
    let format = '';
    server.use(
      http.post('/api/brainstorms/7/import/preview/', async ({ request }) => {
        format = ((await request.json()) as { format: string }).format;
        return HttpResponse.json({
          rows: [row(1, 'A')],
          totals: { rows: 1, valid: 1, invalid: 0, warned: 0 },
        });
      }),
    );
    const { user, dialog, input } = await openDialog();
    await user.upload(
      input,
      new File(['[{"title":"A"}]'], 'ideas.json', { type: 'application/json' }),
    );
    expect(await within(dialog).findByRole('button', { name: 'Import 1 idea' })).toBeEnabled();
    expect(format).toBe('json');
  });
});
