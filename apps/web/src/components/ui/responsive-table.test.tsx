import { render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';

interface Fruit {
  id: number;
  name: string;
  colour: string;
}

const columns: ResponsiveColumn<Fruit>[] = [
  {
    header: 'Name',
    kind: 'title',
    cell: (fruit) => <a href={`/fruit/${fruit.id}`}>{fruit.name}</a>,
  },
  { header: 'Colour', cell: (fruit) => fruit.colour },
  { header: 'Actions', kind: 'actions', cell: () => <button type="button">Eat</button> },
];

const fruit: Fruit[] = [
  { id: 1, name: 'Apple', colour: 'Red' },
  { id: 2, name: 'Lime', colour: 'Green' },
];

type Extra = Partial<ComponentProps<typeof ResponsiveTable<Fruit>>>;

function renderTable(stackBelow?: '36rem' | '48rem', extra: Extra = {}) {
  render(
    <ResponsiveTable
      columns={columns}
      rows={fruit}
      rowKey={(row) => row.id}
      stackBelow={stackBelow}
      rowProps={(row) => ({ className: row.id === 2 ? 'bg-accent' : undefined })}
      {...extra}
    />,
  );
  return screen.getByRole('table');
}

describe('ResponsiveTable', () => {
  it('is a table with a header per column and a row per item', () => {
    const table = renderTable();

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Colour', 'Actions']);
    const [, apple, lime] = within(table).getAllByRole('row');
    if (!apple || !lime) throw new Error('expected two body rows');
    expect(within(apple).getByRole('cell', { name: 'Apple' })).toBeInTheDocument();
    expect(within(apple).getByRole('cell', { name: 'Red' })).toBeInTheDocument();
    expect(within(apple).getByRole('button', { name: 'Eat' })).toBeInTheDocument();
    expect(lime).toHaveClass('bg-accent');
  });

  it('labels each field for the card layout, hidden from assistive technology', () => {
    const table = renderTable();
    const [, apple] = within(table).getAllByRole('row');
    if (!apple) throw new Error('expected a body row');

    // The card keeps the table's semantics, so a screen reader already hears the column header.
    const label = within(apple).getByText('Colour');
    expect(label).toHaveAttribute('aria-hidden', 'true');
    expect(label).toHaveClass('hidden', 'stacked:block');
    // The title heads the card and the actions close it: neither needs a label.
    expect(within(apple).queryByText('Name')).not.toBeInTheDocument();
    expect(within(apple).queryByText('Actions')).not.toBeInTheDocument();
  });

  it("puts a 'meta' cell under the title in small print after its header, and 'text' unlabelled", () => {
    const table = renderTable(undefined, {
      columns: [
        { header: 'Name', kind: 'title', cell: (fruit) => fruit.name },
        { header: 'Colour', kind: 'text', cell: (fruit) => `A ${fruit.colour} fruit` },
        { header: 'Picked', kind: 'meta', cell: () => 'Today' },
      ],
    });
    const [, apple] = within(table).getAllByRole('row');
    if (!apple) throw new Error('expected a body row');
    expect(within(apple).queryByText('Colour')).not.toBeInTheDocument();
    const picked = within(apple).getByRole('cell', { name: 'Today' });
    expect(picked).toHaveClass('stacked:order-first', 'stacked:text-xs');
    expect(within(picked).getByText('Picked')).toHaveAttribute('aria-hidden', 'true');
    expect(within(apple).getByRole('cell', { name: 'Apple' })).toHaveClass('stacked:order-first');
  });

  it('stacks below the width it is given, 36rem unless told', () => {
    expect(renderTable().closest('[data-stack-below]')).toHaveAttribute(
      'data-stack-below',
      '36rem',
    );
  });

  it('takes a wider breakpoint for wider tables', () => {
    expect(renderTable('48rem').closest('[data-stack-below]')).toHaveAttribute(
      'data-stack-below',
      '48rem',
    );
  });

  it("gives each row the attributes and handlers it is given, its classes added to the table's", () => {
    const table = renderTable(undefined, {
      rowProps: (row) => ({ 'data-fruit': row.id, className: 'border-l-4' }),
    });
    const [, apple] = within(table).getAllByRole('row');
    expect(apple).toHaveAttribute('data-fruit', '1');
    expect(apple).toHaveClass('border-l-4', 'stacked:grid');
  });

  it('puts what follows a row in a row of its own under it, across every column', () => {
    const table = renderTable(undefined, {
      renderAfterRow: (row) => (row.id === 1 ? <p>Apples keep a month</p> : null),
    });
    const [, apple, notes, lime] = within(table).getAllByRole('row');
    if (!notes) throw new Error('expected a row after the first');
    expect(apple).toHaveTextContent('Apple');
    expect(within(notes).getByRole('cell')).toHaveAttribute('colspan', '3');
    expect(notes).toHaveTextContent('Apples keep a month');
    expect(lime).toHaveTextContent('Lime');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });
});
