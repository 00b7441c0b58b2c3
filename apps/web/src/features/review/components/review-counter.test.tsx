import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';
import { ReviewCounter } from './review-counter';

/** Ten ideas, four to review, and `stacked` near-duplicates stacked out of the lists. */
function serveCounts(stacked: number) {
  const page = (count: number) =>
    HttpResponse.json({
      count: 10,
      filteredCount: count,
      stackedCount: stacked,
      next: null,
      previous: null,
      results: [],
    });
  server.use(
    http.get('/api/ideas/', () => page(10)),
    http.get('/api/ideas/unreviewed/', () => page(4)),
  );
}

function renderCounter() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReviewCounter brainstormId={7} showHidden={false} />
    </QueryClientProvider>,
  );
}

describe('ReviewCounter', () => {
  it('appends the near-duplicates stacked to the count', async () => {
    serveCounts(3);
    renderCounter();
    expect(
      await screen.findByText('# Ideas to Review: 4 / 10 · 3 near-duplicates stacked'),
    ).toBeVisible();
  });

  it('says one in the singular', async () => {
    serveCounts(1);
    renderCounter();
    expect(
      await screen.findByText('# Ideas to Review: 4 / 10 · 1 near-duplicate stacked'),
    ).toBeVisible();
  });

  it('keeps the count alone when none are stacked', async () => {
    serveCounts(0);
    renderCounter();
    expect(await screen.findByText('# Ideas to Review: 4 / 10')).toBeVisible();
  });
});
