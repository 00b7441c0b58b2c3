import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeHiddenIdea, makeIdea } from '@/entities/idea/testing/idea-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';
import { IdeasTable } from './ideas-table';

const original = makeIdea({ id: 1, title: 'Carpool app', duplicates_count: 2 });
const alone = makeIdea({ id: 4, title: 'Bike parking' });

/** The stack under idea 1 as the server holds it, less what 'Not a duplicate' took out. */
function serveStack() {
  let stack = [
    makeIdea({ id: 2, title: 'App for carpools', duplicate_of: 1, votes: 3 }),
    makeIdea({
      id: 3,
      title: 'Carpooling app',
      duplicate_of: 1,
      stacked_by_model: 'gpt-5-mini',
      stack_reason: 'both are an app that pairs drivers going the same way',
    }),
  ];
  const taken: number[] = [];
  server.use(
    http.get('/api/ideas/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      expect(query.get('duplicate_of')).toBe('1');
      return HttpResponse.json({
        count: stack.length,
        filteredCount: stack.length,
        stackedCount: 0,
        next: null,
        previous: null,
        results: stack,
      });
    }),
    http.post('/api/ideas/:id/not-duplicate/', ({ params }) => {
      const id = Number(params.id);
      taken.push(id);
      stack = stack.filter((idea) => idea.id !== id);
      return HttpResponse.json(makeIdea({ id, duplicate_of: null }));
    }),
  );
  return taken;
}

function renderTable() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IdeasTable brainstormId={7} ideas={[original, alone]} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('IdeasTable stacks', () => {
  it("shows an original's near-duplicates under it on demand, votes and all", async () => {
    serveStack();
    const user = renderTable();

    expect(screen.getAllByRole('button', { name: /similar/ })).toHaveLength(1);
    const toggle = screen.getByRole('button', { name: '+2 similar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('App for carpools')).toBeNull();

    await user.click(toggle);

    const row = (await screen.findByText('App for carpools')).closest('tr');
    expect(row).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', `${row?.id} stacked-idea-3`);
    expect(within(row as HTMLElement).getByText('3', { exact: true })).toBeVisible();
    expect(
      within(row as HTMLElement).getByRole('button', { name: 'Not a duplicate' }),
    ).toBeVisible();

    await user.click(toggle);
    expect(screen.queryByText('App for carpools')).toBeNull();
  });

  it("'Not a duplicate' takes the idea out of the stack", async () => {
    const taken = serveStack();
    const user = renderTable();
    await user.click(screen.getByRole('button', { name: '+2 similar' }));
    const row = (await screen.findByText('App for carpools')).closest('tr') as HTMLElement;

    await user.click(within(row).getByRole('button', { name: 'Not a duplicate' }));

    await waitFor(() => {
      expect(screen.queryByText('App for carpools')).toBeNull();
    });
    expect(taken).toEqual([2]);
    expect(screen.getByText('Carpooling app')).toBeVisible();
    expect(screen.getByRole('button', { name: '+2 similar' })).toHaveFocus();
  });

  it('says which model stacked an idea and why, and only on that idea', async () => {
    serveStack();
    const user = renderTable();
    await user.click(screen.getByRole('button', { name: '+2 similar' }));
    const judged = (await screen.findByText('Carpooling app')).closest('tr') as HTMLElement;
    expect(
      within(judged).getByText(
        'Stacked by gpt-5-mini: both are an app that pairs drivers going the same way',
      ),
    ).toBeVisible();
    const reworded = screen.getByText('App for carpools').closest('tr') as HTMLElement;
    expect(within(reworded).queryByText(/Stacked by/)).toBeNull();
  });

  it('says which idea a generated one was developed from and what steered it', async () => {
    const developed = makeIdea({
      id: 5,
      title: 'Carpool app with a points game',
      provenance: {
        provider: 'openai',
        model: 'gpt-4o',
        technique: 'classic',
        prompt_version: 'classic@2',
        settings: null,
        input_tokens: 10,
        output_tokens: 20,
        generation: 40,
        inspired_by: 1,
        steered_by: { liked: [1, 4], rejected: [3] },
        steering_hidden: false,
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IdeasTable brainstormId={7} ideas={[original, developed]} />
      </QueryClientProvider>,
    );
    // A row's title is also in its 'Mark as duplicate…' button's name: the cell's is a div.
    const rowOf = (title: string) =>
      screen.getByText(title, { selector: 'div' }).closest('tr') as HTMLElement;
    const row = rowOf('Carpool app with a points game');
    expect(within(row).getByText('Developed from “Carpool app”')).toBeVisible();
    expect(within(row).getByText('Steered by 2 liked and 1 rejected idea')).toBeVisible();
    expect(within(rowOf('Carpool app')).queryByText(/Developed from|Steered by/)).toBeNull();
  });
});

describe('IdeasTable under blind review', () => {
  it('says the votes are hidden, with no number, until the caller has reviewed an idea', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IdeasTable
          brainstormId={7}
          ideas={[
            makeHiddenIdea({ id: 1, title: 'Carpool app' }),
            makeIdea({ id: 4, title: 'Bike parking', votes: 3 }),
          ]}
        />
      </QueryClientProvider>,
    );
    const hidden = screen.getByRole('cell', { name: 'Votes hidden until you review' });
    expect(hidden).not.toHaveTextContent(/\d/);
    expect(screen.getAllByText('Votes hidden until you review')).toHaveLength(1);
    expect(screen.getByRole('cell', { name: '3' })).toBeInTheDocument();
  });
});
