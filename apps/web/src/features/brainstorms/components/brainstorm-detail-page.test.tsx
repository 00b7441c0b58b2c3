import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { clickTwiceAtOnce } from '@/test/click-twice';
import { APP_LOADED, renderApp } from '@/test/render-app';
import type { Brainstorm } from '../api/types';
import { makeBrainstorm } from '../testing/brainstorm-fixtures';

const offline = {
  provider: 'offline',
  name: 'Offline sample ideas (no AI)',
  models: ['sample-ideas'],
  default_model: 'sample-ideas',
};

/** The ideas list as the server pages it: `ideas()` newest first, ten a page. */
function serveIdeaTitles(ideas: () => string[]) {
  server.use(
    http.get('/api/ideas/', ({ request }) => {
      const pageSize = Number(new URL(request.url).searchParams.get('page_size') ?? 10);
      const results = ideas()
        .slice(0, pageSize)
        .map((title, index) => makeIdea({ id: index + 1, title }));
      const count = ideas().length;
      return HttpResponse.json({
        count,
        filteredCount: count,
        next: null,
        previous: null,
        results,
      });
    }),
  );
}

function makeIdea(overrides: { id: number; title: string }) {
  return {
    ...overrides,
    summary: '',
    description: '',
    brainstorm: 7,
    brainstorm_detail: { id: 7, title: 'Worse kitchens', type: 'bad_idea_contest' },
    created: '2026-03-01T10:15:00.000Z',
    modified: '2026-03-01T10:15:00.000Z',
    created_by: null,
    provenance: null,
    votes: 0,
    reaction_counts: { laugh: 0, idea: 0, surprised: 0, thumbtack: 0 },
    comments_count: 0,
    user_annotation: null,
    annotation: null,
  };
}

const creator = makeUser({ id: 1 });
const someoneElse = makeUser({ id: 2, email: 'bob@example.com' });
const staff = makeUser({ id: 3, is_staff: true });

function serveBrainstorm(brainstorm: Brainstorm) {
  server.use(http.get(`/api/brainstorms/${brainstorm.id}/`, () => HttpResponse.json(brainstorm)));
}

function fact(term: string) {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('Brainstorm detail page', () => {
  it('shows the header card with type, problem, themes and creation date', async () => {
    serveBrainstorm(
      makeBrainstorm({
        id: 7,
        title: 'Worse kitchens',
        description: 'For the offsite',
        parameters: {
          problem: 'The kitchen is too tidy',
          themes: ['coffee', 'fridge', 'sink'],
          type: 'bad_idea_contest',
        },
      }),
    );
    renderApp('/brainstorms/7', { signedInAs: creator });

    expect(
      await screen.findByRole('heading', { name: 'Worse kitchens', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('For the offsite')).toBeInTheDocument();
    expect(fact('Type')).toBe('Bad Idea Contest');
    expect(fact('Problem')).toBe('The kitchen is too tidy');
    expect(fact('Themes')).toBe('coffee, fridge, sink');
    expect(fact('Created')).toBe(new Date('2026-02-15T09:30:00.000Z').toLocaleString());
    expect(screen.getByRole('link', { name: 'Review Ideas' })).toHaveAttribute(
      'href',
      '/brainstorms/7/review',
    );
    // The ideas section (tested with the ideas feature) sits under the header card.
    const ideas = screen.getByRole('region', { name: 'Ideas' });
    expect(
      await within(ideas).findByText('No ideas found for this brainstorm.'),
    ).toBeInTheDocument();
  });

  it('generates ideas from under the header card, and the new ones fill in', async () => {
    serveBrainstorm(makeBrainstorm({ id: 7, title: 'Worse kitchens' }));
    server.use(http.get('/api/llm-providers/', () => HttpResponse.json([offline])));
    let titles: string[] = [];
    serveIdeaTitles(() => titles);
    server.use(
      http.post('/api/brainstorms/7/brainstorm/', () => {
        titles = ['A kettle that sings off-key', 'Mugs with holes'];
        return HttpResponse.json(
          {
            id: 31,
            brainstorm: 7,
            created_by: creator.id,
            status: 'done',
            requested: 2,
            succeeded: 2,
            failed: 0,
            input_tokens: 0,
            output_tokens: 0,
            failures: [],
            slots: [],
            created: '2026-03-01T10:15:00.000Z',
            started: '2026-03-01T10:15:00.000Z',
            finished: '2026-03-01T10:15:01.000Z',
          },
          { status: 202 },
        );
      }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: creator });

    const form = await screen.findByRole('form', { name: 'Generate ideas' });
    const heading = screen.getByRole('heading', { name: 'Worse kitchens', level: 1 });
    const ideas = screen.getByRole('region', { name: 'Ideas' });
    expect(heading.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(form.compareDocumentPosition(ideas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(ideas).findByText('No ideas found for this brainstorm.')).toBeVisible();
    const generate = within(form).getByRole('button', { name: 'Generate New Ideas' });
    await waitFor(() => {
      expect(generate).toBeEnabled();
    });

    await actor.click(generate);

    expect(await within(form).findByRole('button', { name: 'Loading ideas...' })).toBeDisabled();
    // The list is read again within 2 seconds; the new ideas end the polling.
    expect(await within(ideas).findByText('Mugs with holes', {}, APP_LOADED)).toBeInTheDocument();
    expect(await within(form).findByRole('button', { name: 'Generate New Ideas' })).toBeEnabled();
  });

  it('says "Error loading LLM providers" while the rest of the page works', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveBrainstorm(makeBrainstorm({ id: 7, title: 'Worse kitchens' }));
    server.use(
      http.get('/api/llm-providers/', () =>
        HttpResponse.json({ detail: 'Down.' }, { status: 500 }),
      ),
    );
    renderApp('/brainstorms/7', { signedInAs: creator });

    expect(await screen.findByText('Error loading LLM providers')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Worse kitchens', level: 1 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeDisabled();
    const ideas = screen.getByRole('region', { name: 'Ideas' });
    expect(
      await within(ideas).findByText('No ideas found for this brainstorm.'),
    ).toBeInTheDocument();
  });

  it('leaves out the type, problem and themes the parameters lack, and names an untitled one', async () => {
    serveBrainstorm(
      makeBrainstorm({
        id: 8,
        title: '',
        parameters: { problem: '', themes: [], type: '' },
      }),
    );
    renderApp('/brainstorms/8', { signedInAs: creator });

    expect(await screen.findByRole('heading', { name: 'Untitled', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Created', { selector: 'dt' })).toBeInTheDocument();
    for (const term of ['Type', 'Problem', 'Themes']) {
      expect(screen.queryByText(term, { selector: 'dt' })).not.toBeInTheDocument();
    }
  });

  it('shows "Loading..." while the brainstorm loads', async () => {
    const hold = deferred();
    server.use(
      http.get('/api/brainstorms/7/', async () => {
        await hold.promise;
        return HttpResponse.json(makeBrainstorm({ id: 7, title: 'Late' }));
      }),
    );
    // Start elsewhere so the page renders while its data is still on the way.
    const { router } = renderApp('/about', { signedInAs: creator });
    await screen.findByRole('heading', { name: 'About' });
    void router.navigate({ to: '/brainstorms/$brainstormId', params: { brainstormId: 7 } });

    expect(await screen.findByText('Loading...', {}, { timeout: 2000 })).toBeInTheDocument();
    hold.release();
    expect(await screen.findByRole('heading', { name: 'Late', level: 1 })).toBeInTheDocument();
  });

  it('says "Brainstorm not found" on a 404', async () => {
    server.use(
      http.get('/api/brainstorms/99/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderApp('/brainstorms/99', { signedInAs: creator });

    expect(await screen.findByText('Brainstorm not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('says "Error loading brainstorm" when the load fails', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    server.use(
      http.get('/api/brainstorms/7/', () =>
        HttpResponse.json({ detail: 'Forbidden.' }, { status: 403 }),
      ),
    );
    renderApp('/brainstorms/7', { signedInAs: creator });

    expect(await screen.findByText('Error loading brainstorm')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('shows the error within a second of a server failure, and Try again loads the brainstorm', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    let failing = true;
    let calls = 0;
    server.use(
      http.get('/api/brainstorms/7/', () => {
        calls += 1;
        if (failing) return HttpResponse.json({ detail: 'Down.' }, { status: 502 });
        return HttpResponse.json(makeBrainstorm({ id: 7, title: 'Back again' }));
      }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: creator });

    expect(
      await screen.findByText('Error loading brainstorm', {}, { timeout: 1500 }),
    ).toBeInTheDocument();
    // The loader's attempt and its one quick retry; the page does not start over on mount.
    expect(calls).toBe(2);

    failing = false;
    await actor.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Back again', level: 1 })).toBeVisible();
    expect(calls).toBe(3);
  });

  it('hides Edit from a user who neither created the brainstorm nor is staff', async () => {
    serveBrainstorm(makeBrainstorm({ id: 7, created_by: creator.id }));
    renderApp('/brainstorms/7', { signedInAs: someoneElse });

    expect(await screen.findByRole('link', { name: 'Review Ideas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows Edit to staff', async () => {
    serveBrainstorm(makeBrainstorm({ id: 7, created_by: creator.id }));
    renderApp('/brainstorms/7', { signedInAs: staff });

    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('saves a new title and description, showing "Saving..." meanwhile', async () => {
    let current = makeBrainstorm({ id: 7, title: 'Old title', description: 'Old words' });
    const hold = deferred();
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/brainstorms/7/', () => HttpResponse.json(current)),
      http.patch('/api/brainstorms/7/', async ({ request }) => {
        const body = (await request.json()) as { title: string; description: string };
        bodies.push(body);
        await hold.promise;
        current = { ...current, ...body };
        return HttpResponse.json(current);
      }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: creator });

    await actor.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveFocus();
    const description = screen.getByLabelText('Description');
    expect(title).toHaveValue('Old title');
    expect(description).toHaveValue('Old words');

    await actor.clear(title);
    await actor.type(title, 'New title');
    await actor.clear(description);
    await actor.type(description, 'New words');
    await actor.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => {
      expect(bodies).toEqual([{ title: 'New title', description: 'New words' }]);
    });

    hold.release();

    expect(await screen.findByRole('heading', { name: 'New title', level: 1 })).toBeVisible();
    expect(screen.getByText('New words')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('turns blind review on and off from the edit form, and shows it by the title', async () => {
    let current = makeBrainstorm({ id: 7, title: 'Kitchen' });
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/brainstorms/7/', () => HttpResponse.json(current)),
      http.patch('/api/brainstorms/7/', async ({ request }) => {
        const body = (await request.json()) as Partial<Brainstorm>;
        bodies.push(body);
        current = { ...current, ...body };
        return HttpResponse.json(current);
      }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: creator });
    expect(await screen.findByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();
    expect(screen.queryByText('Blind review')).not.toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    const blind = screen.getByRole('checkbox', { name: 'Blind review' });
    expect(blind).not.toBeChecked();
    expect(blind).toHaveAccessibleDescription(
      "Each member sees an idea's votes, reactions and comments only after reviewing it.",
    );
    await actor.click(blind);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Blind review')).toBeVisible();
    expect(bodies).toEqual([
      { title: 'Kitchen', description: current.description, blind_review: true },
    ]);

    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('checkbox', { name: 'Blind review' })).toBeChecked();
    await actor.click(screen.getByRole('checkbox', { name: 'Blind review' }));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByText('Blind review')).not.toBeInTheDocument();
    });
    expect(bodies.at(-1)).toMatchObject({ blind_review: false });
  });

  it('sends one edit on a double click of Save', async () => {
    let current = makeBrainstorm({ id: 7, title: 'Old title' });
    const patches: unknown[] = [];
    server.use(
      http.get('/api/brainstorms/7/', () => HttpResponse.json(current)),
      http.patch('/api/brainstorms/7/', async ({ request }) => {
        const body = (await request.json()) as { title: string };
        patches.push(body);
        current = { ...current, ...body };
        return HttpResponse.json(current);
      }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: creator });

    await actor.click(await screen.findByRole('button', { name: 'Edit' }));
    await actor.clear(screen.getByLabelText('Title'));
    await actor.type(screen.getByLabelText('Title'), 'New title');
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'New title', level: 1 })).toBeVisible();
    expect(patches).toHaveLength(1);
  });

  it('discards the changes on Cancel', async () => {
    serveBrainstorm(makeBrainstorm({ id: 7, title: 'Kept title', description: 'Kept words' }));
    const patches: unknown[] = [];
    server.use(
      http.patch('/api/brainstorms/7/', ({ request }) => {
        patches.push(request.url);
        return HttpResponse.json({});
      }),
    );
    const { user: actor } = renderApp('/brainstorms/7', { signedInAs: creator });

    await actor.click(await screen.findByRole('button', { name: 'Edit' }));
    await actor.type(screen.getByLabelText('Title'), ' changed');
    await actor.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('heading', { name: 'Kept title', level: 1 })).toBeVisible();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(patches).toEqual([]);

    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Kept title');
  });
});
