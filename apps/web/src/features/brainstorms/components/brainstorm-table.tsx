import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Brainstorm } from '../api/types';
import { formatDateTime } from '@/lib/format-date-time';

const titleOf = (brainstorm: Brainstorm) => brainstorm.title || 'Untitled';

const columns: ResponsiveColumn<Brainstorm>[] = [
  {
    header: 'Title',
    kind: 'title',
    className: 'max-w-xs font-medium break-words whitespace-normal',
    cell: (brainstorm) => (
      <Link
        to="/brainstorms/$brainstormId"
        params={{ brainstormId: brainstorm.id }}
        className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {titleOf(brainstorm)}
      </Link>
    ),
  },
  {
    header: 'Type',
    cell: (brainstorm) => (
      <>
        <div>{brainstorm.type_display}</div>
        {/* The raw values, brainstorm and parameters, for whoever needs to tell them apart. */}
        <div className="font-mono text-xs break-all text-muted-foreground">
          {brainstorm.type} / {brainstorm.parameters.type}
        </div>
      </>
    ),
  },
  {
    header: '#Ideas',
    className: 'text-right tabular-nums',
    cell: (brainstorm) => brainstorm.ideas_count,
  },
  {
    header: 'Created',
    className: 'whitespace-nowrap',
    cell: (brainstorm) => formatDateTime(brainstorm.created),
  },
  {
    header: 'Actions',
    kind: 'actions',
    cell: (brainstorm) => (
      <Button asChild variant="outline" size="sm">
        <Link to="/brainstorms/$brainstormId" params={{ brainstormId: brainstorm.id }}>
          View <span className="sr-only">{titleOf(brainstorm)}</span>
        </Link>
      </Button>
    ),
  },
];

export function BrainstormTable({ brainstorms }: { brainstorms: Brainstorm[] }) {
  return (
    <ResponsiveTable columns={columns} rows={brainstorms} rowKey={(brainstorm) => brainstorm.id} />
  );
}
