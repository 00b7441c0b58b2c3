import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { Idea } from '@/entities/idea/api/types';
import { formatDateTime } from '@/lib/format-date-time';
import { formatVotes } from '../lib/votes';

const prose = 'min-w-40 align-top break-words whitespace-normal';

const columns: ResponsiveColumn<Idea>[] = [
  {
    header: 'Title',
    kind: 'title',
    className: `${prose} font-medium`,
    cell: (idea) => idea.title,
  },
  { header: 'Summary', className: prose, cell: (idea) => idea.summary },
  { header: 'Description', className: `${prose} min-w-56`, cell: (idea) => idea.description },
  {
    header: 'Votes',
    className: 'align-top tabular-nums',
    cell: (idea) => formatVotes(idea),
  },
  {
    header: 'Created',
    className: 'align-top whitespace-nowrap',
    cell: (idea) => formatDateTime(idea.created),
  },
];

export function IdeasTable({ ideas }: { ideas: Idea[] }) {
  return (
    <ResponsiveTable columns={columns} rows={ideas} rowKey={(idea) => idea.id} stackBelow="48rem" />
  );
}
