import { describe, expect, it } from 'vitest';
import { insightRow } from '../testing/insights-fixtures';
import { nextSort, sortRows } from './sort-rows';

const cheap = insightRow({ model: 'cheap', cost: 0.01, kept: 5 });
const dear = insightRow({ model: 'dear', cost: 2, kept: 1 });
const unpriced = insightRow({ model: 'unpriced', cost: null, kept: 3 });

describe('sortRows', () => {
  it('orders by a figure either way', () => {
    const rows = [cheap, dear, unpriced];
    expect(sortRows(rows, { column: 'kept', direction: 'descending' }).map((r) => r.model)).toEqual(
      ['cheap', 'unpriced', 'dear'],
    );
    expect(
      sortRows(rows, { column: 'model', direction: 'descending' }).map((r) => r.model),
    ).toEqual(['unpriced', 'dear', 'cheap']);
  });

  it('puts an unknown cost last whichever way', () => {
    const rows = [unpriced, dear, cheap];
    for (const direction of ['ascending', 'descending'] as const) {
      expect(sortRows(rows, { column: 'cost', direction }).at(-1)?.model).toBe('unpriced');
    }
  });
});

describe('nextSort', () => {
  it('turns its own column round and starts another at its natural direction', () => {
    const byKept = { column: 'kept', direction: 'descending' } as const;
    expect(nextSort(byKept, 'kept', true)).toEqual({ column: 'kept', direction: 'ascending' });
    expect(nextSort(byKept, 'model', false)).toEqual({ column: 'model', direction: 'ascending' });
    expect(nextSort(byKept, 'cost', true)).toEqual({ column: 'cost', direction: 'descending' });
  });
});
