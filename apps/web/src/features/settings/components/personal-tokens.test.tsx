import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';
import type { PersonalToken } from '../api/list-tokens';

const user = makeUser({ id: 4 });
const SECRET = `ifp_${'s'.repeat(43)}`;

const makeToken = (overrides: Partial<PersonalToken> = {}): PersonalToken => ({
  id: 1,
  name: 'CI',
  scope: 'read',
  prefix: 'ifp_abcdefgh',
  created: '2026-01-01T10:00:00.000Z',
  expires_at: '2099-01-31T10:00:00.000Z',
  last_used_at: null,
  ...overrides,
});

/** A server holding `tokens`: lists them, creates and revokes, and records what it was sent. */
function serveTokens(initial: PersonalToken[]) {
  let tokens = [...initial];
  const posted: Record<string, unknown>[] = [];
  const revoked: number[] = [];
  server.use(
    http.get('/api/tokens/', () =>
      HttpResponse.json({ count: tokens.length, next: null, previous: null, results: tokens }),
    ),
    http.post('/api/tokens/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const token = makeToken({
        id: 100 + posted.length,
        name: String(body.name),
        scope: body.scope === 'write' ? 'write' : 'read',
      });
      tokens = [token, ...tokens];
      return HttpResponse.json({ ...token, token: SECRET }, { status: 201 });
    }),
    http.delete('/api/tokens/:id/', ({ params }) => {
      revoked.push(Number(params.id));
      tokens = tokens.filter((token) => token.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, revoked };
}

describe('Personal access tokens on the settings page', () => {
  it('lists my tokens with their scope, start, dates and last use', async () => {
    serveTokens([
      makeToken(),
      makeToken({
        id: 2,
        name: 'Old script',
        scope: 'write',
        expires_at: '2020-01-01T00:00:00.000Z',
        last_used_at: '2019-12-31T08:00:00.000Z',
      }),
    ]);
    renderApp('/settings', { signedInAs: user });
    const list = await screen.findByRole('list', { name: 'Your tokens' });
    const [ci, old] = within(list).getAllByRole('listitem');
    expect(ci).toHaveTextContent('CI');
    expect(ci).toHaveTextContent('Read');
    expect(ci).toHaveTextContent('ifp_abcdefgh…');
    expect(ci).toHaveTextContent('Last used Never');
    expect(ci).not.toHaveTextContent('Expired');
    expect(old).toHaveTextContent('Read and write');
    expect(old).toHaveTextContent('Expired');
    expect(old).not.toHaveTextContent('Last used Never');
  });

  it('says so when there are none, and offers to try again when loading fails', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    let fail = true;
    server.use(
      http.get('/api/tokens/', () =>
        fail
          ? HttpResponse.json({ detail: 'Down' }, { status: 500 })
          : HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
    );
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    expect(await screen.findByText('The tokens could not be loaded.')).toBeInTheDocument();
    fail = false;
    await actor.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
  });

  it('creates a token and shows it once, with Copy and an MCP client configuration', async () => {
    const { posted } = serveTokens([]);
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    const tokens = await screen.findByRole('region', { name: 'Personal access tokens' });
    const form = within(tokens).getByRole('form', { name: 'New token' });
    await actor.type(within(form).getByLabelText('Name'), 'Claude desktop');
    expect(within(form).getByRole('radio', { name: 'Read' })).toBeChecked();
    await actor.click(within(form).getByRole('radio', { name: 'Read and write' }));
    expect(within(form).getByRole('combobox', { name: 'Expires in' })).toHaveTextContent('30 days');
    await actor.click(within(form).getByRole('button', { name: 'Create token' }));

    const panel = await screen.findByRole('region', { name: 'Your new token Claude desktop' });
    expect(posted).toEqual([{ name: 'Claude desktop', scope: 'write', expires_in_days: 30 }]);
    expect(within(panel).getByRole('heading', { name: /Your new token/ })).toHaveFocus();
    expect(within(panel).getByRole('textbox', { name: 'Token' })).toHaveValue(SECRET);
    expect(panel).toHaveTextContent('it will not be shown again');
    const config = JSON.parse(panel.querySelector('pre')?.textContent ?? '{}') as unknown;
    expect(config).toEqual({
      mcpServers: {
        ideaforge: {
          type: 'http',
          url: `${window.location.origin}/api/mcp/`,
          headers: { Authorization: `Bearer ${SECRET}` },
        },
      },
    });
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    const list = await screen.findByRole('list', { name: 'Your tokens' });
    expect(list).toHaveTextContent('Claude desktop');
    expect(list).not.toHaveTextContent(SECRET);

    await actor.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(panel).getByText('Copied to the clipboard.')).toBeInTheDocument();
    await actor.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Token' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("shows a name's error at its field, and the cap above the button", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    let answer = 0;
    server.use(
      http.post('/api/tokens/', () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json(
              { name: ['You already have an active token with this name.'] },
              { status: 400 },
            )
          : HttpResponse.json(
              { detail: 'You have 50 active tokens, the most allowed. Revoke one first.' },
              { status: 409 },
            );
      }),
    );
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    const form = await screen.findByRole('form', { name: 'New token' });
    await actor.type(within(form).getByLabelText('Name'), 'CI');
    await actor.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => {
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
        'You already have an active token with this name.',
      );
    });
    await actor.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(
      await within(form).findByText(
        'You have 50 active tokens, the most allowed. Revoke one first.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Your new token/ })).not.toBeInTheDocument();
  });

  it('revokes a token only once confirmed', async () => {
    const { revoked } = serveTokens([makeToken(), makeToken({ id: 2, name: 'Laptop' })]);
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    await screen.findByRole('list', { name: 'Your tokens' });

    await actor.click(screen.getByRole('button', { name: 'Revoke Laptop' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke Laptop?' });
    expect(dialog).toHaveTextContent('Anything using it stops working at once.');
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(revoked).toEqual([]);

    await actor.click(screen.getByRole('button', { name: 'Revoke Laptop' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke Laptop?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(revoked).toEqual([2]);
    await waitFor(() => {
      expect(screen.queryByText('Laptop')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('list', { name: 'Your tokens' })).toHaveTextContent('CI');
  });
});
