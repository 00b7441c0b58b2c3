import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeIdea, withAnnotation } from '@/entities/idea/testing/idea-fixtures';
import { deferred, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { reviewIdeas, serveBrainstorm, serveReview } from '../testing/review-server';

const user = makeUser();

function reviewRegion() {
  return screen.getByRole('region', { name: 'Ideas Review' });
}

function bodyRows() {
  return within(within(reviewRegion()).getByRole('table'))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-idea-id'));
}

function counter() {
  return screen.getByText(/^# Ideas to Review:/);
}

beforeAll(stubPointerCapture);
beforeEach(() => {
  serveBrainstorm();
});

describe('Review page', () => {
  it('shows the header card, the counter, the toggles, the list and the generation controls', async () => {
    const { requests } = serveReview([
      ...reviewIdeas(3),
      withAnnotation(makeIdea({ id: 9, title: 'Already voted' }), { vote: 1 }),
    ]);
    renderApp('/brainstorms/7/review', { signedInAs: user });
    expect(
      await screen.findByRole('heading', { name: 'Worse kitchens', level: 1 }, APP_LOADED),
    ).toBeInTheDocument();
    expect(await screen.findByText('# Ideas to Review: 3 / 4')).toBeInTheDocument();
    // The header card's 'Review Ideas' link leads here: on this page it is left out.
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review Ideas' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show Hidden' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show Already Reviewed' })).not.toBeChecked();
    expect(screen.getByRole('form', { name: 'Generate ideas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate New Ideas' })).toBeInTheDocument();
    await waitFor(() => {
      expect(bodyRows()).toHaveLength(3);
    });
    const table = within(reviewRegion()).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Summary', 'Description', 'Actions', 'Created']);
    const cells = within(bodyRows()[0] ?? table).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Idea number 1');
    expect(cells[4]).toHaveTextContent(new Date('2026-03-01T10:00:00.000Z').toLocaleDateString());
    expect(
      screen.getByText('Showing 3 filtered ideas (3 matching) out of 4 total ideas (Page 1 of 1)'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Page 1 of 1')).toHaveTextContent('1 / 1');
    // The list: unreviewed, hidden ones left out, with annotations, 50 a page.
    expect(requests).toContain(
      'GET /api/ideas/unreviewed/?brainstorm=7&page=1&page_size=50&ordering=-created&with_annotations=true&is_hidden=false',
    );
    // The counter: a one-idea page of the same list.
    expect(requests).toContain(
      'GET /api/ideas/unreviewed/?brainstorm=7&page=1&page_size=1&ordering=-created&with_annotations=true&is_hidden=false',
    );
  });

  it('shows the reviewed list with Show Already Reviewed, and hidden ideas with Show Hidden', async () => {
    const { requests } = serveReview([
      ...reviewIdeas(2),
      withAnnotation(makeIdea({ id: 9, title: 'Voted on' }), { vote: 1 }),
      withAnnotation(makeIdea({ id: 10, title: 'Hidden away' }), { is_hidden: true }),
    ]);
    const { router, user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    expect(await screen.findByText('# Ideas to Review: 2 / 4')).toBeInTheDocument();
    await actor.click(screen.getByRole('checkbox', { name: 'Show Already Reviewed' }));
    expect(await within(reviewRegion()).findByText('Voted on')).toBeInTheDocument();
    expect(within(reviewRegion()).queryByText('Hidden away')).not.toBeInTheDocument();
    expect(within(reviewRegion()).queryByText('Idea number 1')).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({ show_reviewed: true });
    expect(requests).toContain(
      'GET /api/ideas/reviewed/?brainstorm=7&page=1&page_size=50&ordering=-created&with_annotations=true&is_hidden=false&user_filter=current',
    );

    await actor.click(screen.getByRole('checkbox', { name: 'Show Hidden' }));
    expect(await within(reviewRegion()).findByText('Hidden away')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ show_reviewed: true, show_hidden: true });
    expect(requests).toContain(
      'GET /api/ideas/reviewed/?brainstorm=7&page=1&page_size=50&ordering=-created&with_annotations=true&user_filter=current',
    );
    // The counter counts hidden ideas too now, still only those not reviewed.
    expect(requests).toContain(
      'GET /api/ideas/unreviewed/?brainstorm=7&page=1&page_size=1&ordering=-created&with_annotations=true',
    );
    expect(counter()).toHaveTextContent('# Ideas to Review: 2 / 4');
  });

  it('pages with Previous and Next, shows p / n, and goes to page 1 on a page-size change', async () => {
    serveReview(reviewIdeas(12));
    const { router, user: actor } = renderApp('/brainstorms/7/review?page_size=5', {
      signedInAs: user,
    });
    expect(
      await screen.findByText(
        'Showing 5 filtered ideas (12 matching) out of 12 total ideas (Page 1 of 3)',
      ),
    ).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    await actor.click(next);
    await actor.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Showing 2 filtered ideas (12 matching) out of 12 total ideas (Page 3 of 3)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Page 3 of 3')).toHaveTextContent('3 / 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await actor.click(screen.getByRole('combobox', { name: 'Page size' }));
    await actor.click(await screen.findByRole('option', { name: '10' }));
    expect(
      await screen.findByText(
        'Showing 10 filtered ideas (12 matching) out of 12 total ideas (Page 1 of 2)',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page_size: 10 });
  });

  it('offers page sizes 5, 10, 25 and 50, starting at 50', async () => {
    serveReview(reviewIdeas(1));
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    const select = await screen.findByRole('combobox', { name: 'Page size' });
    expect(select).toHaveTextContent('50');
    await actor.click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
    ]);
  });

  it('says "Loading ideas..." until the list arrives and "No ideas found" when there are none', async () => {
    const hold = deferred();
    server.use(
      http.get('/api/ideas/unreviewed/', async () => {
        await hold.promise;
        return HttpResponse.json({
          count: 0,
          filteredCount: 0,
          next: null,
          previous: null,
          results: [],
        });
      }),
    );
    renderApp('/brainstorms/7/review', { signedInAs: user });
    expect(
      await within(await screen.findByRole('region', { name: 'Ideas Review' })).findByText(
        'Loading ideas...',
      ),
    ).toBeInTheDocument();
    hold.release();
    expect(await screen.findByText('No ideas found for this brainstorm.')).toBeInTheDocument();
    expect(counter()).toHaveTextContent('# Ideas to Review: 0 / 0');
  });

  it('falls back to the plain list, leaving out reviewed ideas, then says "Error loading ideas"', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const plain = [
      makeIdea({ id: 1, title: 'Not reviewed' }),
      withAnnotation(makeIdea({ id: 2, title: 'Reviewed' }), { vote: 1 }),
      makeIdea({ id: 3, title: 'Elsewhere', brainstorm: 8 }),
    ];
    let plainFails = false;
    server.use(
      http.get('/api/ideas/unreviewed/', () =>
        HttpResponse.json({ detail: 'No.' }, { status: 400 }),
      ),
      http.get('/api/ideas/', () =>
        plainFails
          ? HttpResponse.json({ detail: 'No.' }, { status: 400 })
          : HttpResponse.json({
              count: 3,
              filteredCount: 3,
              next: null,
              previous: null,
              results: plain,
            }),
      ),
    );
    // The counter may fail on the same answers: logged like any failed query.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const { user: actor } = renderApp('/brainstorms/7/review', { signedInAs: user });
    expect(
      await within(await screen.findByRole('region', { name: 'Ideas Review' })).findByText(
        'Not reviewed',
      ),
    ).toBeInTheDocument();
    expect(within(reviewRegion()).queryByText('Reviewed')).not.toBeInTheDocument();
    expect(within(reviewRegion()).queryByText('Elsewhere')).not.toBeInTheDocument();
    expect(reviewRegion()).toHaveTextContent(/could not be loaded/);
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining('trying the plain list'),
      expect.anything(),
    );

    plainFails = true;
    server.use(
      http.get('/api/ideas/reviewed/', () => HttpResponse.json({ detail: 'No.' }, { status: 400 })),
    );
    await actor.click(screen.getByRole('checkbox', { name: 'Show Already Reviewed' }));
    expect(await screen.findByText('Error loading ideas')).toBeInTheDocument();
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining('showing no ideas'),
      expect.anything(),
    );
  });
});
