import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { PASSWORDS_DIFFER } from './password-form';

const pending = makeUser({ id: 4, password_must_change: true });
const ONE_TIME = 'kq7Rm-8xPzT-wn4Hc-Yd2Jf';
const CHOSEN = 'a passphrase of my own';

/** Every API path the app asks for while the test runs. */
let requested: string[] = [];
const record = ({ request }: { request: Request }) => {
  requested.push(`${request.method} ${new URL(request.url).pathname}`);
};
beforeEach(() => {
  requested = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

/** The password change and the sign-in with the new password, answered as the server would. */
function serveChange() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.patch('/api/users/4/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (body.current_password !== ONE_TIME) {
        return HttpResponse.json(
          { current_password: ['The current password is not correct.'] },
          { status: 400 },
        );
      }
      return HttpResponse.json({ ...pending, password_must_change: false });
    }),
    http.post('/api/auth/token/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({
        access: 'access-after-change',
        user: { ...pending, password_must_change: false },
      });
    }),
  );
  return bodies;
}

describe('Choose a new password', () => {
  it('is all a user who signed in with a one-time password sees, wherever they were going', async () => {
    renderApp('/brainstorms/7/review', { signedInAs: pending });
    const form = await screen.findByRole('form', { name: 'Choose a new password' }, APP_LOADED);
    expect(
      screen.getByRole('heading', { name: 'Choose a new password', level: 1 }),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toBeInTheDocument();
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
      /At least 8 characters/,
    );
    expect(within(form).getByLabelText('Confirm new password')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Brainstorms' })).not.toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('announces two new passwords that differ, and sends nothing', async () => {
    const bodies = serveChange();
    const { user: actor } = renderApp('/dashboard', { signedInAs: pending });
    const form = await screen.findByRole('form', { name: 'Choose a new password' }, APP_LOADED);
    await actor.type(within(form).getByLabelText('Current password'), ONE_TIME);
    await actor.type(within(form).getByLabelText('New password'), CHOSEN);
    await actor.type(within(form).getByLabelText('Confirm new password'), `${CHOSEN}!`);
    await actor.click(within(form).getByRole('button', { name: 'Set password' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(PASSWORDS_DIFFER);
    expect(within(form).getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      PASSWORDS_DIFFER,
    );
    expect(within(form).getByLabelText('Confirm new password')).toBeInvalid();
    expect(bodies).toEqual([]);
  });

  it("shows the server's refusal at its field", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveChange();
    const { user: actor } = renderApp('/dashboard', { signedInAs: pending });
    const form = await screen.findByRole('form', { name: 'Choose a new password' }, APP_LOADED);
    await actor.type(within(form).getByLabelText('Current password'), 'not it');
    await actor.type(within(form).getByLabelText('New password'), CHOSEN);
    await actor.type(within(form).getByLabelText('Confirm new password'), CHOSEN);
    await actor.click(within(form).getByRole('button', { name: 'Set password' }));
    await waitFor(() => {
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is not correct.',
      );
    });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The current password is not correct.',
    );
  });

  it('sets the new password, signs in with it and goes on to where the user was going', async () => {
    const bodies = serveChange();
    const { user: actor, router, store } = renderApp('/saved?page=2', { signedInAs: pending });
    const form = await screen.findByRole('form', { name: 'Choose a new password' }, APP_LOADED);
    expect(router.state.location.search).toEqual({ returnTo: '/saved?page=2' });
    await actor.type(within(form).getByLabelText('Current password'), ONE_TIME);
    await actor.type(within(form).getByLabelText('New password'), CHOSEN);
    await actor.type(within(form).getByLabelText('Confirm new password'), CHOSEN);
    await actor.click(within(form).getByRole('button', { name: 'Set password' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/saved');
    });
    expect(bodies).toEqual([
      { current_password: ONE_TIME, password: CHOSEN },
      { email: pending.email, password: CHOSEN },
    ]);
    expect(store.getState()).toMatchObject({
      accessToken: 'access-after-change',
      user: { password_must_change: false },
    });
  });

  it('sends a user who has chosen theirs on to where they were going', async () => {
    const { router } = renderApp('/choose-password?returnTo=%2Fsaved', {
      signedInAs: makeUser({ password_must_change: false }),
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/saved');
    }, APP_LOADED);
  });
});
