import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { clickTwiceAtOnce } from '@/test/click-twice';
import { renderApp } from '@/test/render-app';
import { makeBrainstorm, serveBrainstormTypes } from '../testing/brainstorm-fixtures';

const user = makeUser();

function serveEmptyList() {
  server.use(
    http.get('/api/brainstorms/', () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
  );
}

/** Records every create request's body and answers with `respond`. */
function serveCreate(respond: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/brainstorms/', async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

async function openForm() {
  const session = renderApp('/brainstorms', { signedInAs: user });
  await session.user.click(await screen.findByRole('button', { name: 'Create New' }));
  return session;
}

beforeAll(stubPointerCapture);

beforeEach(() => {
  serveEmptyList();
});

afterEach(() => {
  authStore.clear();
});

describe('Create New Brainstorm form', () => {
  it('opens with Create New, closes with Cancel', async () => {
    serveBrainstormTypes();
    const { user: actor } = await openForm();

    expect(screen.getByRole('heading', { name: 'Create New Brainstorm' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Problem Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Problem *')).toBeRequired();
    expect(screen.getByLabelText('Themes')).toHaveAttribute(
      'placeholder',
      'theme1, theme2, theme3',
    );

    await actor.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      screen.queryByRole('heading', { name: 'Create New Brainstorm' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New' })).toBeInTheDocument();
  });

  it('requires a problem without asking the server', async () => {
    serveBrainstormTypes();
    const bodies = serveCreate(() => HttpResponse.json(makeBrainstorm(), { status: 201 }));
    const { user: actor } = await openForm();

    await actor.type(screen.getByLabelText('Problem *'), '   ');
    await actor.click(screen.getByRole('button', { name: 'Create Brainstorm' }));

    expect(await screen.findByText('Problem is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Problem *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Problem *')).toHaveAccessibleDescription('Problem is required');
    expect(bodies).toEqual([]);

    await actor.type(screen.getByLabelText('Problem *'), 'x');
    expect(screen.queryByText('Problem is required')).not.toBeInTheDocument();
  });

  it('sends the trimmed themes, shows "Creating..." and opens the new brainstorm', async () => {
    serveBrainstormTypes();
    const created = makeBrainstorm({ id: 42, title: 'Too many meetings' });
    const hold = deferred();
    const bodies = serveCreate(async () => {
      await hold.promise;
      return HttpResponse.json(created, { status: 201 });
    });
    server.use(http.get('/api/brainstorms/42/', () => HttpResponse.json(created)));
    const { router, user: actor } = await openForm();

    await actor.type(screen.getByLabelText('Problem *'), '  Too many meetings  ');
    await actor.type(screen.getByLabelText('Themes'), ' a, b,,c ');
    await actor.click(screen.getByRole('button', { name: 'Create Brainstorm' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    await waitFor(() => {
      expect(bodies).toEqual([
        {
          title: 'Too many meetings',
          description: '',
          type: 'bad_idea_contest',
          parameters: {
            problem: 'Too many meetings',
            themes: ['a', 'b', 'c'],
            type: 'bad_idea_contest',
          },
          project: null,
        },
      ]);
    });

    hold.release();

    expect(await screen.findByRole('heading', { name: 'Too many meetings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/brainstorms/42');
  });

  it('creates one brainstorm on a double click of Create Brainstorm', async () => {
    serveBrainstormTypes();
    const created = makeBrainstorm({ id: 42, title: 'Once only' });
    const hold = deferred();
    const bodies = serveCreate(async () => {
      await hold.promise;
      return HttpResponse.json(created, { status: 201 });
    });
    server.use(http.get('/api/brainstorms/42/', () => HttpResponse.json(created)));
    const { router, user: actor } = await openForm();

    await actor.type(screen.getByLabelText('Problem *'), 'Once only');
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Create Brainstorm' }));
    hold.release();

    expect(await screen.findByRole('heading', { name: 'Once only' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/brainstorms/42');
    expect(bodies).toHaveLength(1);
  });

  it('titles the brainstorm from its problem when no title is given, and shows that title', async () => {
    serveBrainstormTypes();
    const bodies = serveCreate(() => HttpResponse.json(makeBrainstorm({ id: 3 }), { status: 201 }));
    server.use(http.get('/api/brainstorms/3/', () => HttpResponse.json(makeBrainstorm({ id: 3 }))));
    const { user: actor } = await openForm();
    const problem = 'How might we make Monday mornings better for the whole team?';

    await actor.type(screen.getByLabelText('Problem *'), problem);
    expect(screen.getByLabelText('Title')).toHaveAttribute(
      'placeholder',
      'Make Monday mornings better for the whole team',
    );
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      'Optional. Without one, the title is made from the problem.',
    );
    await actor.click(screen.getByRole('button', { name: 'Create Brainstorm' }));

    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).toMatchObject({
      title: 'Make Monday mornings better for the whole team',
      parameters: { problem, themes: [] },
    });
  });

  it('sends the title typed in the form', async () => {
    serveBrainstormTypes();
    const bodies = serveCreate(() => HttpResponse.json(makeBrainstorm({ id: 3 }), { status: 201 }));
    server.use(http.get('/api/brainstorms/3/', () => HttpResponse.json(makeBrainstorm({ id: 3 }))));
    const { user: actor } = await openForm();

    await actor.type(screen.getByLabelText('Problem *'), 'How might we make meetings shorter?');
    await actor.type(screen.getByLabelText('Title'), '  Shorter meetings, round two ');
    await actor.click(screen.getByRole('button', { name: 'Create Brainstorm' }));

    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).toMatchObject({ title: 'Shorter meetings, round two' });
  });

  it('offers the server types with their descriptions, the first one chosen', async () => {
    serveBrainstormTypes([
      { value: 'classic', display_name: 'Classic', description: 'Free-flowing ideas.' },
      { value: 'scamper', display_name: 'SCAMPER', description: 'Seven prompts.' },
    ]);
    const bodies = serveCreate(() => HttpResponse.json(makeBrainstorm({ id: 9 }), { status: 201 }));
    server.use(http.get('/api/brainstorms/9/', () => HttpResponse.json(makeBrainstorm({ id: 9 }))));
    const { user: actor } = await openForm();

    const select = screen.getByRole('combobox', { name: 'Brainstorm Type' });
    expect(select).toHaveTextContent('Classic');
    expect(select).toHaveAccessibleDescription('Free-flowing ideas.');

    await actor.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Classic', 'SCAMPER']);
    await actor.click(within(listbox).getByRole('option', { name: 'SCAMPER' }));
    expect(screen.getByText('Seven prompts.')).toBeInTheDocument();

    await actor.type(screen.getByLabelText('Problem *'), 'Slow builds');
    await actor.click(screen.getByRole('button', { name: 'Create Brainstorm' }));
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).toMatchObject({ type: 'scamper', parameters: { type: 'scamper' } });
  });

  it('retries the types with a direct request carrying the bearer token', async () => {
    authStore.setSession('token-1', user);
    const authorizations: (string | null)[] = [];
    let calls = 0;
    server.use(
      http.get('/api/brainstorms/types/', ({ request }) => {
        calls += 1;
        authorizations.push(request.headers.get('Authorization'));
        return calls === 1
          ? HttpResponse.json({ detail: 'Oops.' }, { status: 502 })
          : HttpResponse.json({
              results: [{ value: 'classic', display_name: 'Classic', description: 'Plain.' }],
            });
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openForm();

    expect(screen.getByRole('combobox', { name: 'Brainstorm Type' })).toHaveTextContent('Classic');
    expect(authorizations).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it('falls back to a single Bad Idea Contest option when the types cannot be loaded', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('/api/brainstorms/types/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Down.' }, { status: 503 });
      }),
    );
    const { user: actor } = await openForm();

    const select = screen.getByRole('combobox', { name: 'Brainstorm Type' });
    expect(select).toHaveTextContent('Bad Idea Contest');
    await actor.click(select);
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bad Idea Contest']);
    expect(calls).toBe(2);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('["brainstorms","types"]'),
      expect.anything(),
    );
  });

  it('shows the server field errors when the create is refused', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    serveBrainstormTypes();
    serveCreate(() =>
      HttpResponse.json(
        { 'parameters.themes': ['At most 30 themes'], title: ['Too long'] },
        { status: 400 },
      ),
    );
    const { user: actor } = await openForm();

    await actor.type(screen.getByLabelText('Problem *'), 'Slow builds');
    await actor.click(screen.getByRole('button', { name: 'Create Brainstorm' }));

    expect(await screen.findByText('At most 30 themes')).toBeInTheDocument();
    expect(screen.getByLabelText('Themes')).toHaveAccessibleDescription('At most 30 themes');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      'Optional. Without one, the title is made from the problem. Too long',
    );
    expect(screen.getByRole('button', { name: 'Create Brainstorm' })).toBeEnabled();
    expect(logged).toHaveBeenCalled();
  });
});
