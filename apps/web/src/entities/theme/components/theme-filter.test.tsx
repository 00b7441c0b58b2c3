import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { stubPointerCapture } from '@/test/pointer-capture';
import { APP_LOADED, renderApp } from '@/test/render-app';
import { makeTheme, serveThemes } from '../testing/theme-fixtures';

beforeAll(stubPointerCapture);

const member = makeUser({ id: 2 });

/** Serves the three idea lists, and records the `theme` each request asked for. */
function serveIdeaLists() {
  const asked: (string | null)[] = [];
  const answer = ({ request }: { request: Request }) => {
    const theme = new URL(request.url).searchParams.get('theme');
    asked.push(theme);
    const results = theme === '4' ? [makeIdea({ id: 1, title: 'Cheaper lunches', theme: 4 })] : [];
    return HttpResponse.json({
      count: results.length,
      filteredCount: results.length,
      next: null,
      previous: null,
      results,
    });
  };
  server.use(
    http.get('/api/ideas/', answer),
    http.get('/api/ideas/unreviewed/', answer),
    http.get('/api/ideas/reviewed/', answer),
  );
  return asked;
}

describe('The theme filter', () => {
  it('is not offered while the brainstorm has no themes', async () => {
    serveIdeaLists();
    renderApp('/brainstorms/7', { signedInAs: member });
    const ideas = await screen.findByRole('region', { name: 'Ideas' }, APP_LOADED);
    await within(ideas).findByText('No ideas found for this brainstorm.');
    expect(within(ideas).queryByRole('combobox', { name: 'Theme' })).not.toBeInTheDocument();
  });

  it("filters the brainstorm page's ideas by theme, and puts it in the address", async () => {
    serveThemes(() => [makeTheme({ id: 4, name: 'Pricing' })]);
    const asked = serveIdeaLists();
    const { user, router } = renderApp('/brainstorms/7', { signedInAs: member });

    const theme = await screen.findByRole('combobox', { name: 'Theme' }, APP_LOADED);
    expect(theme).toHaveTextContent('All themes');
    await user.click(theme);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All themes',
      'Pricing',
      'Unsorted',
    ]);
    await user.click(screen.getByRole('option', { name: 'Pricing' }));

    expect(await screen.findAllByText('Cheaper lunches')).not.toHaveLength(0);
    expect(asked).toContain('4');
    expect(router.state.location.search).toMatchObject({ theme: 4 });

    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(screen.getByRole('option', { name: 'Unsorted' }));
    await waitFor(() => {
      expect(asked.at(-1)).toBe('none');
    });
  });

  it("filters the review page's list by theme", async () => {
    serveThemes(() => [makeTheme({ id: 4, name: 'Pricing' })]);
    const asked = serveIdeaLists();
    const { user } = renderApp('/brainstorms/7/review?theme=4', { signedInAs: member });

    const theme = await screen.findByRole('combobox', { name: 'Theme' }, APP_LOADED);
    await waitFor(() => {
      expect(theme).toHaveTextContent('Pricing');
    });
    await waitFor(() => {
      expect(asked).toContain('4');
    });
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(screen.getByRole('option', { name: 'All themes' }));
    await waitFor(() => {
      expect(asked.at(-1)).toBeNull();
    });
  });
});
