import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
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
import { givenThemeNames } from '../lib/given-themes';
import { serveThemesWorld, sixIdeas } from '../testing/themes-server';

beforeAll(stubPointerCapture);

/** Brainstorm 7, given these themes when it was created. */
function serveBrainstormGiven(themes: unknown) {
  server.use(
    http.get('/api/brainstorms/:id/', () =>
      HttpResponse.json({
        id: 7,
        title: 'Office perks',
        description: '',
        type: 'bad_idea_contest',
        type_display: 'Bad Idea Contest',
        parameters: { problem: 'Perks', themes, type: 'bad_idea_contest' },
        project: null,
        created_by: 1,
        ideas_count: 6,
        created: '2026-01-01T00:00:00.000Z',
        modified: '2026-01-01T00:00:00.000Z',
      }),
    ),
  );
}

function openThemes() {
  serveLlmProviders([offline]);
  servePlan();
  serveLatestAnalyses({});
  return renderApp('/brainstorms/7/themes', { signedInAs: makeUser({ id: 2 }) });
}

describe('givenThemeNames', () => {
  it('takes a list or text, each name once (case aside), cut to 80 characters', () => {
    expect(givenThemeNames(['Time', ' cost ', 'TIME', ''])).toEqual(['Time', 'cost']);
    expect(givenThemeNames('time, cost,')).toEqual(['time', 'cost']);
    expect(givenThemeNames(['x'.repeat(90)])).toEqual(['x'.repeat(80)]);
    expect(givenThemeNames(undefined)).toEqual([]);
  });
});

describe('BoardEmptyState', () => {
  it('offers the themes given at creation as the first ones, and writes them in one step', async () => {
    serveBrainstormGiven(['Coffee', 'Lunch', 'coffee']);
    const world = serveThemesWorld({ ideas: sixIdeas(), givenThemes: ['Coffee', 'Lunch'] });
    const { user } = openThemes();

    const board = await screen.findByRole('region', { name: 'Themes of the ideas' }, APP_LOADED);
    expect(
      within(board).getByText(
        'The ideas are not sorted into themes yet. The themes you gave when the brainstorm was ' +
          'created can be the first ones: Coffee, Lunch.',
      ),
    ).toBeVisible();
    expect(within(board).queryByText(/No themes yet/)).toBeNull();

    // The button that has the focus goes with the empty board: the board's heading takes it.
    const heading = screen.getByRole('heading', { name: 'Themes of the ideas' });
    const focused = vi.fn();
    heading.addEventListener('focus', focused);
    await user.click(
      within(board).getByRole('button', { name: 'Start with the themes you gave (2)' }),
    );
    expect(await within(board).findByRole('heading', { name: /^Coffee/ })).toBeVisible();
    expect(within(board).getByRole('heading', { name: /^Lunch/ })).toBeVisible();
    expect(within(board).queryByRole('button', { name: /^Start with/ })).toBeNull();
    expect(world.requests).toEqual([
      { method: 'POST', path: '/api/brainstorms/7/themes/from-parameters/', body: null },
    ]);
    await waitFor(() => {
      expect(focused).toHaveBeenCalled();
    }, APP_LOADED);
  });

  it("shows a teammate's themes when they started them first", async () => {
    // A refusal is logged, as every theme change's is.
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveBrainstormGiven(['Coffee']);
    const world = serveThemesWorld({ ideas: sixIdeas(), givenThemes: ['Coffee'] });
    const { user } = openThemes();

    const start = await screen.findByRole(
      'button',
      { name: 'Start with the themes you gave (1)' },
      APP_LOADED,
    );
    world.themes = [makeTheme({ id: 5, name: 'Coffee corner' })];
    await user.click(start);
    expect(await screen.findByRole('heading', { name: /^Coffee corner/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Start with/ })).toBeNull();
  });

  it('says only where themes come from when the brainstorm was given none', async () => {
    serveBrainstormGiven([]);
    serveThemesWorld({ ideas: sixIdeas() });
    openThemes();
    expect(
      await screen.findByText('No themes yet: find them above, or add one here.', {}, APP_LOADED),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Start with/ })).toBeNull();
  });
});
