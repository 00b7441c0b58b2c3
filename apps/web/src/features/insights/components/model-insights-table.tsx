import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { InsightTotals, ModelInsight } from '../api/types';
import { formatCost, formatCount } from '../lib/format-cost';
import { nextSort, sortRows, type InsightColumn, type InsightSort } from '../lib/sort-rows';

interface Column {
  key: InsightColumn;
  header: string;
  numeric: boolean;
  cell: (row: ModelInsight) => ReactNode;
  total?: (totals: InsightTotals) => ReactNode;
}

/** An unknown cost: never guessed, shown as a dash with why. */
function Cost({ value }: { value: number | null }) {
  if (value !== null) return formatCost(value);
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true">—</span>{' '}
      <span className="text-xs text-muted-foreground">no price</span>
    </span>
  );
}

/** A count withheld from the reader (too few ideas to count private flags over). */
function Withheld() {
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true">—</span>{' '}
      <span className="text-xs text-muted-foreground">withheld</span>
    </span>
  );
}

type CountColumn = Exclude<InsightColumn, 'cost' | 'cost_per_kept_idea'> & keyof InsightTotals;

const count = (key: CountColumn) =>
  ({
    numeric: true,
    cell: (row: ModelInsight) => {
      const value = row[key];
      return value === null ? <Withheld /> : formatCount(value);
    },
    total: (totals: InsightTotals) => formatCount(totals[key]),
  }) as const;

const COLUMNS: Column[] = [
  { key: 'provider_name', header: 'Provider', numeric: false, cell: (row) => row.provider_name },
  { key: 'model', header: 'Model', numeric: false, cell: (row) => row.model ?? '—' },
  {
    key: 'technique_display',
    header: 'Technique',
    numeric: false,
    cell: (row) => row.technique_display,
  },
  { key: 'ideas', header: 'Ideas', ...count('ideas') },
  { key: 'kept', header: 'Kept', ...count('kept') },
  { key: 'hidden', header: 'Hidden', ...count('hidden') },
  { key: 'down_voted', header: 'Down-voted', ...count('down_voted') },
  { key: 'near_duplicates', header: 'Near-duplicates', ...count('near_duplicates') },
  { key: 'failed', header: 'Failed', ...count('failed') },
  { key: 'input_tokens', header: 'Input tokens', ...count('input_tokens') },
  { key: 'output_tokens', header: 'Output tokens', ...count('output_tokens') },
  {
    key: 'cost',
    header: 'Cost',
    numeric: true,
    cell: (row) => <Cost value={row.cost} />,
    total: (totals) => <Cost value={totals.cost} />,
  },
  {
    key: 'cost_per_kept_idea',
    header: 'Cost per kept idea',
    numeric: true,
    cell: (row) =>
      row.cost === null ? (
        <Cost value={null} />
      ) : row.cost_per_kept_idea === null ? (
        '—'
      ) : (
        formatCost(row.cost_per_kept_idea)
      ),
    total: (totals) =>
      totals.cost_per_kept_idea === null ? '—' : formatCost(totals.cost_per_kept_idea),
  },
];

const SORT_ICONS = { ascending: ArrowUp, descending: ArrowDown };

interface ModelInsightsTableProps {
  rows: ModelInsight[];
  totals: InsightTotals;
}

/**
 * Each provider, model and technique's figures, sortable by any column (aria-sort says which);
 * the totals close it. At phone width the table scrolls sideways inside its own box.
 */
export function ModelInsightsTable({ rows, totals }: ModelInsightsTableProps) {
  const [sort, setSort] = useState<InsightSort>({ column: 'kept', direction: 'descending' });
  const sorted = sortRows(rows, sort);
  return (
    <Table aria-label="Model insights">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((column) => {
            const active = sort.column === column.key;
            const Icon = active ? SORT_ICONS[sort.direction] : ArrowUpDown;
            return (
              <TableHead
                key={column.key}
                aria-sort={active ? sort.direction : undefined}
                className={column.numeric ? 'text-right' : undefined}
              >
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-sm font-medium whitespace-nowrap hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() => {
                    setSort(nextSort(sort, column.key, column.numeric));
                  }}
                >
                  {column.header}
                  <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
                </button>
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {sorted.map((row) => (
          <TableRow key={`${row.provider}\u0000${row.model ?? ''}\u0000${row.technique ?? ''}`}>
            {COLUMNS.map((column) => (
              <TableCell
                key={column.key}
                className={column.numeric ? 'text-right tabular-nums' : 'whitespace-nowrap'}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={3}>All models</TableCell>
          {COLUMNS.slice(3).map((column) => (
            <TableCell key={column.key} className="text-right tabular-nums">
              {column.total?.(totals)}
            </TableCell>
          ))}
        </TableRow>
      </TableFooter>
    </Table>
  );
}
