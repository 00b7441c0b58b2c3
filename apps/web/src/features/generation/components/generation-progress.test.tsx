import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { makeGeneration } from '@/test/fixtures';
import { serveGenerationStates } from '../testing/generation-fixtures';
import { GenerationProgress } from './generation-progress';

function renderProgress() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GenerationProgress generationId={3} />
    </QueryClientProvider>,
  );
}

const done = { status: 'done', requested: 10, succeeded: 10 } as const;

describe('GenerationProgress', () => {
  it('adds the near-duplicates stacked to the line, not to the bar', async () => {
    serveGenerationStates([makeGeneration({ ...done, stacked: 3 })]);
    renderProgress();

    expect(await screen.findByText('10 of 10 ideas · 3 near-duplicates stacked')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Idea generation' })).toHaveAttribute(
      'aria-valuetext',
      '10 of 10 ideas',
    );
  });

  it('says one near-duplicate in the singular', async () => {
    serveGenerationStates([makeGeneration({ ...done, stacked: 1 })]);
    renderProgress();
    expect(await screen.findByText('10 of 10 ideas · 1 near-duplicate stacked')).toBeVisible();
  });

  it('keeps the plain line when nothing was stacked', async () => {
    serveGenerationStates([makeGeneration({ ...done, stacked: 0 })]);
    renderProgress();
    expect(await screen.findByText('10 of 10 ideas')).toBeVisible();
    expect(screen.queryByText(/stacked/)).toBeNull();
  });
});
