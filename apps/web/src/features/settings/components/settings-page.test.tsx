import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render-app';

const user = makeUser({ id: 4 });

/** Records each PATCH of the user and answers it with `answer`. */
function servePatches(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.patch('/api/users/4/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

describe('Settings page', () => {
  it('saves my name and avatar, and the app shows the new name at once', async () => {
    const bodies = servePatches((body) => HttpResponse.json({ ...user, ...body }));
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    const profile = await screen.findByRole('form', { name: 'Profile' });
    expect(within(profile).getByLabelText('First name')).toHaveValue('Ada');
    await actor.clear(within(profile).getByLabelText('First name'));
    await actor.type(within(profile).getByLabelText('First name'), 'Augusta');
    await actor.type(
      within(profile).getByLabelText('Avatar image address'),
      'https://example.com/ada.png',
    );
    await actor.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText('Saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { first_name: 'Augusta', last_name: 'Lovelace', avatar: 'https://example.com/ada.png' },
    ]);
    expect(screen.getAllByText('Augusta Lovelace').length).toBeGreaterThan(0);
  });

  it("shows the server's field errors at their fields", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    servePatches(() =>
      HttpResponse.json({ avatar: ['Enter a valid http(s) URL.'] }, { status: 400 }),
    );
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    const profile = await screen.findByRole('form', { name: 'Profile' });
    await actor.type(within(profile).getByLabelText('Avatar image address'), 'ftp://x');
    await actor.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(within(profile).getByLabelText('Avatar image address')).toHaveAccessibleDescription(
        'Enter a valid http(s) URL.',
      );
    });
  });

  it('changes the password with the current one, then signs out to sign in again', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    const bodies = servePatches((body) =>
      body.current_password === 'right password'
        ? HttpResponse.json(user)
        : HttpResponse.json(
            { current_password: ['The current password is not correct.'] },
            { status: 400 },
          ),
    );
    const { user: actor, router } = renderApp('/settings', { signedInAs: user });
    const form = await screen.findByRole('form', { name: 'Password' });
    await actor.type(within(form).getByLabelText('Current password'), 'wrong');
    await actor.type(within(form).getByLabelText('New password'), 'a much longer secret');
    await actor.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is not correct.',
      );
    });
    await actor.clear(within(form).getByLabelText('Current password'));
    await actor.type(within(form).getByLabelText('Current password'), 'right password');
    await actor.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(bodies.at(-1)).toEqual({
      current_password: 'right password',
      password: 'a much longer secret',
    });
  });

  it('signs out the other sessions and says so', async () => {
    let ended = 0;
    server.use(
      http.post('/api/auth/sessions/end-others/', () => {
        ended += 1;
        return HttpResponse.json({ access: 'the-new-token' });
      }),
    );
    const { user: actor } = renderApp('/settings', { signedInAs: user });
    const button = await screen.findByRole('button', { name: 'Sign out other sessions' });
    await actor.click(button);
    expect(await screen.findByText('Every other session is signed out.')).toBeInTheDocument();
    expect(ended).toBe(1);
  });
});
