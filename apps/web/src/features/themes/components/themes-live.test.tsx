import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeAnalysis,
  offline,
  serveLatestAnalyses,
  serveLlmProviders,
  servePlan,
} from '@/entities/analysis/testing/analysis-fixtures';
import type { Analysis } from '@/entities/analysis/api/types';
import { makeTheme } from '@/entities/theme/testing/theme-fixtures';
import { makeUser } from '@/test/fixtures';
import { serveLiveStream } from '@/test/live-stream';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { serveThemesWorld, sixIdeas } from '../testing/themes-server';

const member = makeUser({ id: 2 });

function openThemes() {
  serveLlmProviders([offline]);
  servePlan();
  const live = serveLiveStream();
  renderApp('/brainstorms/7/themes', { signedInAs: member });
  return live;
}

/** What a teammate's run looks like from here: started, running, then its proposal. */
const teammates = (overrides: Partial<Analysis>) =>
  makeAnalysis({ id: 91, created_by: 3, calls_planned: 2, ...overrides });

const progress = (run: Analysis) => ({
  id: run.id,
  kind: run.kind,
  status: run.status,
  calls_made: run.calls_made,
  calls_planned: run.calls_planned,
  applied: run.applied !== null,
  automatic: false,
});

describe('the Themes page, live', () => {
  it('opens its stream as the themes page, for presence to say so', async () => {
    serveLatestAnalyses({});
    serveThemesWorld({ ideas: sixIdeas() });
    const live = openThemes();
    await live.connected();
    expect(new URL(live.connections[0]?.url ?? '').searchParams.get('on')).toBe('themes');
  });

  it("shows a teammate's run from its start to its proposal, without a reload", async () => {
    const latest: Partial<Record<Analysis['kind'], Analysis>> = {};
    serveLatestAnalyses(latest);
    serveThemesWorld({ ideas: sixIdeas() });
    const live = openThemes();
    await screen.findByRole('button', { name: 'Find themes' }, APP_LOADED);
    await live.connected();
    live.ready();

    latest.themes = teammates({ status: 'running', calls_made: 1 });
    live.send('analysis.updated', progress(latest.themes));
    expect(await screen.findByText('Running: 1 of 2 calls')).toBeVisible();

    latest.themes = teammates({
      status: 'done',
      calls_made: 2,
      result: {
        kind: 'themes',
        themes: [{ name: 'Pricing', description: 'What things cost', ideas: [1, 2] }],
        unsorted: [3, 4, 5, 6],
      },
    });
    live.send('analysis.updated', progress(latest.themes));
    const proposed = await screen.findByRole('region', { name: 'Proposed themes' });
    expect(within(proposed).getByRole('heading', { name: 'Pricing (2)' })).toBeVisible();
  });

  it('shows the themes a teammate applied or changed, without a reload', async () => {
    serveLatestAnalyses({});
    const world = serveThemesWorld({ ideas: sixIdeas() });
    const live = openThemes();
    const board = await screen.findByRole('region', { name: 'Themes of the ideas' }, APP_LOADED);
    await live.connected();
    live.ready();

    world.themes.push(makeTheme({ id: 5, name: 'Lunch' }));
    world.ideas = world.ideas.map((idea) => (idea.id === 3 ? { ...idea, theme: 5 } : idea));
    live.send('themes.changed', { brainstorm: 7 });
    expect(await within(board).findByRole('heading', { name: /Lunch/ })).toBeVisible();

    world.themes = world.themes.map((theme) => ({ ...theme, name: 'Lunch and menus' }));
    live.send('themes.changed', { brainstorm: 7 });
    expect(await within(board).findByRole('heading', { name: /Lunch and menus/ })).toBeVisible();
  });
});
