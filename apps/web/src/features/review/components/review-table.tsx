import { Fragment, type ReactNode } from 'react';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Idea } from '@/entities/idea/api/types';
import { cn } from '@/lib/utils';
import { formatDate } from '../lib/format-date';

const prose = 'align-top break-words whitespace-normal';

interface Column {
  header: string;
  kind: 'title' | 'field' | 'actions';
  className: string;
  cell: (idea: Idea) => ReactNode;
}

const cellKinds = {
  title: 'stacked:text-base stacked:font-semibold',
  field: 'stacked:grid stacked:grid-cols-[7rem_minmax(0,1fr)] stacked:gap-x-3',
  actions: 'stacked:pt-1',
};

interface ReviewTableProps {
  ideas: Idea[];
  activeId: number | null;
  isRecent: (ideaId: number) => boolean;
  commentOpenId: number | null;
  onActivate: (ideaId: number) => void;
  renderActions: (idea: Idea) => ReactNode;
  renderCommentRow: (idea: Idea) => ReactNode;
}

/**
 * The review list: a table at width and one card per idea when narrow, like ResponsiveTable
 * (the same `stacked:` classes), with room under an idea for its comment row.
 */
export function ReviewTable({
  ideas,
  activeId,
  isRecent,
  commentOpenId,
  onActivate,
  renderActions,
  renderCommentRow,
}: ReviewTableProps) {
  const columns: Column[] = [
    {
      header: 'Title',
      kind: 'title',
      className: `${prose} min-w-32 font-medium`,
      cell: (i) => i.title,
    },
    { header: 'Summary', kind: 'field', className: `${prose} min-w-40`, cell: (i) => i.summary },
    {
      header: 'Description',
      kind: 'field',
      className: `${prose} min-w-52`,
      cell: (i) => i.description,
    },
    { header: 'Actions', kind: 'actions', className: 'min-w-48 align-top', cell: renderActions },
    {
      header: 'Created',
      kind: 'field',
      className: 'align-top whitespace-nowrap',
      cell: (i) => formatDate(i.created),
    },
  ];

  return (
    <div data-stack-below="56rem" className="@container/data-table w-full min-w-0">
      <Table role="table" className="stacked:block">
        <TableHeader role="rowgroup" className="stacked:sr-only">
          <TableRow role="row">
            {columns.map((column) => (
              <TableHead key={column.header} role="columnheader" className={column.className}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <tbody role="rowgroup" className="stacked:grid stacked:gap-3">
          {ideas.map((idea) => (
            <Fragment key={idea.id}>
              <TableRow
                role="row"
                data-idea-id={idea.id}
                data-active={idea.id === activeId || undefined}
                data-recent={isRecent(idea.id) || undefined}
                className={cn(
                  'border-l-4 border-l-transparent last:border-b-0 stacked:grid stacked:gap-2 stacked:rounded-lg stacked:border stacked:border-l-4 stacked:p-3 stacked:last:border-b',
                  idea.id === activeId && 'bg-muted/70',
                  isRecent(idea.id) && 'border-l-amber-500 stacked:border-l-amber-500',
                )}
                onFocusCapture={() => {
                  onActivate(idea.id);
                }}
                onPointerDown={() => {
                  onActivate(idea.id);
                }}
              >
                {columns.map((column) => (
                  <TableCell
                    key={column.header}
                    role="cell"
                    className={cn(
                      column.className,
                      'stacked:block stacked:p-0 stacked:text-left',
                      cellKinds[column.kind],
                    )}
                  >
                    {column.kind === 'field' ? (
                      <span
                        aria-hidden="true"
                        className="hidden font-medium text-muted-foreground stacked:block"
                      >
                        {column.header}
                      </span>
                    ) : null}
                    <div className="min-w-0">{column.cell(idea)}</div>
                  </TableCell>
                ))}
              </TableRow>
              {commentOpenId === idea.id ? (
                <TableRow role="row" className="stacked:block stacked:border-0">
                  <TableCell
                    role="cell"
                    colSpan={columns.length}
                    className="px-4 stacked:block stacked:p-0"
                  >
                    {renderCommentRow(idea)}
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
