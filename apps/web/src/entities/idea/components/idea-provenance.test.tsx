import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';
import type { Idea, ServerIdea } from '../api/types';
import { makeIdea } from '../testing/idea-fixtures';
import { IdeaProvenance, STEERING_HIDDEN } from './idea-provenance';

function developedFrom(
  inspiredBy: number | null,
  steeredBy: { liked: number[]; rejected: number[] } | null,
  steeringHidden = false,
) {
  return makeIdea({
    id: 20,
    provenance: {
      generation: 3,
      input_tokens: 1,
      output_tokens: 1,
      model: 'sample-ideas',
      provider: 'offline',
      prompt_version: 'bad_idea_contest@2',
      settings: null,
      technique: 'bad_idea_contest',
      inspired_by: inspiredBy,
      steered_by: steeredBy,
      steering_hidden: steeringHidden,
    },
  }) as Idea;
}

function renderProvenance(idea: Idea, listed: ServerIdea[], onShowIdea?: (id: number) => void) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IdeaProvenance idea={idea} listed={listed as Idea[]} onShowIdea={onShowIdea} />
    </QueryClientProvider>,
  );
}

describe('IdeaProvenance', () => {
  it('links to the idea it was developed from when that one is listed', async () => {
    const onShowIdea = vi.fn();
    renderProvenance(developedFrom(4, null), [makeIdea({ id: 4, title: 'Soup' })], onShowIdea);

    const link = screen.getByRole('button', { name: '“Soup”' });
    expect(link.closest('p')).toHaveTextContent('Developed from “Soup”');
    await userEvent.click(link);
    expect(onShowIdea).toHaveBeenCalledWith(4);
    expect(screen.queryByText(/Steered by/)).not.toBeInTheDocument();
  });

  it('reads the title of an idea not listed, and says what steered the prompt', async () => {
    server.use(
      http.get('/api/ideas/9/', () => HttpResponse.json(makeIdea({ id: 9, title: 'Stew' }))),
    );
    renderProvenance(developedFrom(9, { liked: [1], rejected: [2, 3] }), []);

    expect(await screen.findByText('Developed from “Stew”')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Steered by 1 liked and 2 rejected ideas')).toBeInTheDocument();
  });

  it('says when blind review withholds what steered the prompt', () => {
    renderProvenance(developedFrom(null, null, true), []);

    expect(screen.getByText(STEERING_HIDDEN)).toBeInTheDocument();
    expect(screen.queryByText(/Steered by/)).not.toBeInTheDocument();
  });

  it('says nothing for an idea nothing steered', () => {
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <IdeaProvenance idea={makeIdea() as Idea} listed={[]} />
      </QueryClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
