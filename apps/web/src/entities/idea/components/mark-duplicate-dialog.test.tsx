import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';
import { makeIdea, serveIdeas } from '../testing/idea-fixtures';
import { MarkDuplicateDialog } from './mark-duplicate-dialog';

const idea = makeIdea({ id: 1, title: 'Carpool app' });
const others = [
  idea,
  makeIdea({ id: 2, title: 'Bike parking' }),
  makeIdea({ id: 3, title: 'Later start' }),
];

function serveMark(respond: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/ideas/1/mark-duplicate/', async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MarkDuplicateDialog idea={idea} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange, user: userEvent.setup() };
}

describe('MarkDuplicateDialog', () => {
  it("offers the brainstorm's other ideas and stacks the idea under the one chosen", async () => {
    serveIdeas(others);
    const bodies = serveMark(() => HttpResponse.json({ ...idea, duplicate_of: 3 }));
    const { onOpenChange, user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Mark as duplicate' });
    const field = within(dialog).getByRole('combobox', { name: 'Repeats which idea?' });
    await within(field).findByRole('option', { name: 'Bike parking' });
    expect(within(field).queryByRole('option', { name: 'Carpool app' })).toBeNull();

    await user.selectOptions(field, 'Later start');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as duplicate' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(bodies).toEqual([{ of: 3 }]);
  });

  it("shows the server's refusal under the field and stays open", async () => {
    serveIdeas(others);
    serveMark(() =>
      HttpResponse.json({ of: ['Not an idea of this brainstorm.'] }, { status: 400 }),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onOpenChange, user } = renderDialog();

    const field = screen.getByRole('combobox', { name: 'Repeats which idea?' });
    await within(field).findByRole('option', { name: 'Bike parking' });
    await user.selectOptions(field, 'Bike parking');
    await user.click(screen.getByRole('button', { name: 'Mark as duplicate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Not an idea of this brainstorm.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Not an idea of this brainstorm.');
    expect(onOpenChange).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('closes on Cancel', async () => {
    serveIdeas(others);
    const { onOpenChange, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('finds an idea beyond the newest 50 with a search, and says how many match', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      makeIdea({
        id: index + 10,
        title: `Shuttle plan ${index + 1}`,
        summary: 'A bus',
        description: 'Every hour',
      }),
    );
    serveIdeas([...many, idea]);
    const bodies = serveMark(() => HttpResponse.json({ ...idea, duplicate_of: 69 }));
    const { user } = renderDialog();

    const field = screen.getByRole('combobox', { name: 'Repeats which idea?' });
    await within(field).findByRole('option', { name: 'Shuttle plan 1' });
    expect(within(field).getAllByRole('option')).toHaveLength(51);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The newest 50 of 60 ideas: search to find another.',
    );
    expect(field).toHaveAccessibleDescription('The newest 50 of 60 ideas: search to find another.');

    await user.type(screen.getByRole('searchbox', { name: 'Find an idea' }), 'plan 60');
    await within(field).findByRole('option', { name: 'Shuttle plan 60' });
    await waitFor(() => {
      expect(within(field).getAllByRole('option')).toHaveLength(2);
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.selectOptions(field, 'Shuttle plan 60');
    await user.click(screen.getByRole('button', { name: 'Mark as duplicate' }));
    await waitFor(() => {
      expect(bodies).toEqual([{ of: 69 }]);
    });
  });

  it('says when no other idea matches the search', async () => {
    serveIdeas(others);
    const { user } = renderDialog();
    const field = screen.getByRole('combobox', { name: 'Repeats which idea?' });
    await within(field).findByRole('option', { name: 'Bike parking' });
    await user.selectOptions(field, 'Bike parking');

    await user.type(screen.getByRole('searchbox', { name: 'Find an idea' }), 'submarine');
    expect(await screen.findByText('No other idea matches “submarine”.')).toBeInTheDocument();
    expect(within(field).getByRole('option', { name: 'No ideas' })).toBeInTheDocument();
    expect(field).toHaveValue('');
  });
});
