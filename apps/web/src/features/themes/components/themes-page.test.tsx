import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  makeAnalysis,
  offline,
  serveLatestAnalyses,
  serveLlmProviders,
  servePlan,
} from '@/entities/analysis/testing/analysis-fixtures';
import { makeTheme } from '@/entities/theme/testing/theme-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { serveThemesWorld, sixIdeas } from '../testing/themes-server';

beforeAll(stubPointerCapture);

const member = makeUser({ id: 2 });

/** A keyword proposal: two themes, and idea 6 left unsorted. */
const proposal = makeAnalysis({
  status: 'done',
  method: 'keywords',
  provider: 'offline',
  model: 'sample-ideas',
  calls_planned: 0,
  result: {
    kind: 'themes',
    themes: [
      { name: 'price · cost', description: 'Grouped by shared words', ideas: [1, 2] },
      { name: 'lunch · menu', description: 'Grouped by shared words', ideas: [3, 4, 5] },
    ],
    unsorted: [6],
  },
});

function openThemes() {
  serveLlmProviders([offline]);
  servePlan();
  return renderApp('/brainstorms/7/themes', { signedInAs: member });
}

describe('ThemesPage', () => {
  it('shows the newest proposal as cards with the unsorted ideas, changing nothing until applied', async () => {
    serveLatestAnalyses({ themes: proposal });
    const world = serveThemesWorld({ ideas: sixIdeas() });
    const { user } = openThemes();

    const proposed = await screen.findByRole('region', { name: 'Proposed themes' }, APP_LOADED);
    expect(
      within(proposed).getByText('Grouped by shared words, without a language model.', {
        exact: false,
      }),
    ).toBeVisible();
    expect(within(proposed).getByRole('heading', { name: 'price · cost (2)' })).toBeVisible();
    expect(within(proposed).getByText('Idea number 4')).toBeVisible();
    expect(within(proposed).getByRole('heading', { name: 'Unsorted (1)' })).toBeVisible();
    expect(screen.getByText('No themes yet: find them above, or add one here.')).toBeVisible();
    expect(world.requests).toEqual([]);

    // No themes yet: applying needs no confirmation.
    await user.click(screen.getByRole('button', { name: 'Apply these themes' }));
    const board = screen.getByRole('region', { name: 'Themes of the ideas' });
    expect(await within(board).findByRole('heading', { name: /Pricing/ })).toBeVisible();
    expect(world.requests).toEqual([
      { method: 'POST', path: '/api/analyses/90/apply/', body: null },
    ]);
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Themes of the ideas' })).toHaveFocus();
    });
  });

  it('asks before a proposal replaces the current themes', async () => {
    serveLatestAnalyses({ themes: proposal });
    const world = serveThemesWorld({
      ideas: sixIdeas(),
      themes: [1, 2, 3, 4, 5].map((id) => makeTheme({ id })),
    });
    const { user } = openThemes();

    await user.click(await screen.findByRole('button', { name: 'Apply these themes' }, APP_LOADED));
    expect(screen.getByText('This replaces the 5 current themes.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(world.requests).toEqual([]);
  });

  it('renames a theme, moves an idea and accepts a suggestion', async () => {
    serveLatestAnalyses({});
    const ideas = sixIdeas().map((idea) => ({ ...idea, theme: idea.id <= 3 ? 1 : null }));
    const world = serveThemesWorld({
      ideas,
      themes: [makeTheme({ id: 1, name: 'Pricing' }), makeTheme({ id: 2, name: 'Lunch' })],
      suggestions: [{ idea: 5, theme: 2, score: 0.7 }],
    });
    const { user } = openThemes();

    await user.click(await screen.findByRole('button', { name: 'Rename Pricing' }, APP_LOADED));
    const form = screen.getByRole('form', { name: 'Rename Pricing' });
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Prices');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: /Prices/ })).toBeVisible();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rename Prices' })).toHaveFocus();
    });

    await user.click(screen.getByRole('combobox', { name: 'Theme of Idea number 4' }));
    await user.click(screen.getByRole('option', { name: 'Lunch' }));
    // The idea shows in its new theme, its select keeping the focus there.
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Theme of Idea number 4' })).toHaveFocus();
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Lunch for Idea number 5' }));

    await waitFor(() => {
      expect(world.requests.map(({ method, path, body }) => [method, path, body])).toEqual([
        ['PATCH', '/api/themes/1/', { name: 'Prices', description: 'What theme 1 is about' }],
        ['PUT', '/api/ideas/4/theme/', { theme: 2 }],
        ['PUT', '/api/ideas/5/theme/', { theme: 2 }],
      ]);
    });
    expect(await screen.findByRole('heading', { name: 'Unsorted (1)' })).toBeVisible();
  });

  it('starts each theme closed on a phone: its name and count, the rest behind Ideas', async () => {
    serveLatestAnalyses({ themes: proposal });
    serveThemesWorld({
      ideas: sixIdeas().map((idea) => ({ ...idea, theme: idea.id <= 3 ? 1 : null })),
      themes: [makeTheme({ id: 1, name: 'Pricing', ideas_count: 3 })],
    });
    const { user } = openThemes();

    // The closed part is hidden below the phone breakpoint only (CSS, which jsdom does not apply).
    const expectClosed = (button: HTMLElement, closed: boolean) => {
      expect(button).toHaveAttribute('aria-expanded', String(!closed));
      for (const id of (button.getAttribute('aria-controls') ?? '').split(' ')) {
        const part = document.getElementById(id);
        expect(part).not.toBeNull();
        if (closed) expect(part).toHaveClass('max-sm:hidden');
        else expect(part).not.toHaveClass('max-sm:hidden');
      }
    };
    const proposed = await screen.findByRole('region', { name: 'Proposed themes' }, APP_LOADED);
    const lunch = within(proposed).getByRole('button', { name: 'Ideas in lunch · menu' });
    expectClosed(lunch, true);
    expect(within(proposed).getByRole('heading', { name: 'lunch · menu (3)' })).toBeVisible();
    expectClosed(within(proposed).getByRole('button', { name: 'Ideas in Unsorted' }), true);
    await user.click(lunch);
    expectClosed(lunch, false);

    const board = screen.getByRole('region', { name: 'Themes of the ideas' });
    const pricing = within(board).getByRole('button', { name: 'Ideas in Pricing' });
    expect(within(board).getByRole('heading', { name: 'Pricing (3)' })).toBeVisible();
    expectClosed(pricing, true);
    expect(document.getElementById('theme-1-body')).toContainElement(
      within(board).getByRole('combobox', { name: 'Theme of Idea number 1' }),
    );
    await user.click(pricing);
    expectClosed(pricing, false);
    await user.click(pricing);
    expectClosed(pricing, true);
  });

  it('lists a stack once in its theme, as the count says', async () => {
    serveLatestAnalyses({});
    const ideas = sixIdeas().map((idea) => ({
      ...idea,
      theme: 1,
      duplicate_of: idea.id > 2 ? 1 : null,
      duplicates_count: idea.id === 1 ? 4 : 0,
    }));
    serveThemesWorld({
      ideas,
      themes: [makeTheme({ id: 1, name: 'Pricing' })],
      suggestions: [],
    });
    openThemes();
    const heading = await screen.findByRole('heading', { name: /Pricing/ }, APP_LOADED);
    const card = heading.closest('li') as HTMLElement;
    expect(within(card).getByText('(2)')).toBeVisible();
    expect(within(card).getAllByRole('combobox', { name: /^Theme of / })).toHaveLength(2);
    expect(within(card).queryByRole('combobox', { name: 'Theme of Idea number 3' })).toBeNull();
  });

  it('deletes a theme after asking, its ideas becoming unsorted', async () => {
    serveLatestAnalyses({});
    const world = serveThemesWorld({
      ideas: sixIdeas().map((idea) => ({ ...idea, theme: 1 })),
      themes: [makeTheme({ id: 1, name: 'Pricing' })],
    });
    const { user } = openThemes();

    await user.click(await screen.findByRole('button', { name: 'Delete Pricing' }, APP_LOADED));
    expect(screen.getByText('Its ideas become unsorted.')).toBeVisible();
    await user.click(
      within(screen.getByRole('group', { name: 'Delete Pricing?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(
      await screen.findByText('No themes yet: find them above, or add one here.'),
    ).toBeVisible();
    expect(world.requests).toEqual([{ method: 'DELETE', path: '/api/themes/1/', body: null }]);
  });

  it('splits a theme, then merges the new one back', async () => {
    serveLatestAnalyses({});
    const world = serveThemesWorld({
      ideas: sixIdeas().map((idea) => ({ ...idea, theme: idea.id <= 3 ? 1 : 2 })),
      themes: [makeTheme({ id: 1, name: 'Pricing' }), makeTheme({ id: 2, name: 'Lunch' })],
    });
    const { user } = openThemes();

    await user.click(await screen.findByRole('button', { name: 'Split Pricing' }, APP_LOADED));
    const split = screen.getByRole('form', { name: 'Split Pricing' });
    await user.click(within(split).getByLabelText('Idea number 3'));
    await user.type(within(split).getByLabelText('New theme name'), 'Discounts');
    await user.click(within(split).getByRole('button', { name: 'Split' }));
    expect(await screen.findByRole('heading', { name: /Discounts/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Merge Discounts' }));
    const merge = screen.getByRole('form', { name: 'Merge Discounts' });
    await user.click(within(merge).getByRole('combobox', { name: 'Merge into' }));
    await user.click(screen.getByRole('option', { name: 'Pricing' }));
    await user.click(within(merge).getByRole('button', { name: 'Merge' }));
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: /Discounts/ })).not.toBeInTheDocument();
    });
    expect(world.requests.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/api/themes/1/split/', { description: '', name: 'Discounts', ideas: [3] }],
      ['POST', '/api/themes/3/merge/', { into: 1 }],
    ]);
    expect(screen.getByRole('heading', { name: 'Themes of the ideas' })).toHaveFocus();
  });

  it('says when the themes could not be loaded', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveLatestAnalyses({});
    serveThemesWorld({ ideas: sixIdeas() });
    server.use(
      http.get('/api/brainstorms/:id/themes/', () =>
        HttpResponse.json({ detail: 'Down.' }, { status: 503 }),
      ),
    );
    openThemes();
    expect(await screen.findByText('Error loading themes', {}, APP_LOADED)).toBeVisible();
  });
});
