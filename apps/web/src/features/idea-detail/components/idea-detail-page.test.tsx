import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { makeTheme, serveThemes } from '@/entities/theme/testing/theme-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { APP_LOADED, renderApp } from '@/test/render-app';

const member = makeUser({ id: 2 });

function serveIdea(status = 200) {
  server.use(
    http.get('/api/ideas/:id/', ({ params }) => {
      if (status !== 200) return HttpResponse.json({ detail: 'Not found.' }, { status });
      const id = Number(params.id);
      if (id === 9) {
        return HttpResponse.json(
          makeIdea({ id: 9, title: 'Coffee with lunch', votes: 3, theme: 4, combined_from: [1] }),
        );
      }
      return HttpResponse.json(makeIdea({ id, title: 'Free coffee' }));
    }),
    http.get('/api/ideas/:id/assessments/', () =>
      HttpResponse.json([
        {
          idea: 9,
          title: 'Coffee with lunch',
          theme: 4,
          votes: 3,
          impact: 4,
          effort: 2,
          novelty: 3,
          reasons: { impact: 'Everyone eats.', effort: 'One supplier.', novelty: 'Common.' },
          provider: 'openai',
          model: 'gpt-5-mini',
          analysis: 91,
          created: '2026-03-01T10:15:00.000Z',
        },
      ]),
    ),
  );
}

describe('IdeaDetailPage', () => {
  it("shows the idea with its votes, theme and sources, and the model's view apart", async () => {
    serveThemes(() => [makeTheme({ id: 4, name: 'Pricing' })]);
    serveIdea();
    renderApp('/brainstorms/7/ideas/9', { signedInAs: member });

    expect(
      await screen.findByRole('heading', { name: 'Coffee with lunch' }, APP_LOADED),
    ).toBeVisible();
    expect(screen.getByText('Team votes: 3')).toBeVisible();
    expect(await screen.findByText('Theme: Pricing')).toBeVisible();
    expect(await screen.findByText('Combined from: “Free coffee”')).toBeVisible();
    expect(await screen.findByRole('heading', { name: "Model's view: gpt-5-mini" })).toBeVisible();
    expect(screen.getByText('Everyone eats.')).toBeVisible();
  });

  it('says when the idea does not exist', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    serveIdea(404);
    renderApp('/brainstorms/7/ideas/9', { signedInAs: member });
    expect(await screen.findByText('Idea not found', {}, APP_LOADED)).toBeVisible();
  });
});
