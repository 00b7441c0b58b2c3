import { Fragment, memo, type ComponentProps, type Key, type ReactNode } from 'react';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

export interface ResponsiveColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Its place on a row's card: a 'title' heads the card, a 'meta' line follows it in small print
   * after its header, 'text' runs the card's width without a label, 'actions' close it, and a
   * 'field' (the default) shows beside its header as a label.
   */
  kind?: 'title' | 'meta' | 'text' | 'field' | 'actions';
  /** Classes for the column's cells and header at table width, e.g. 'text-right'. */
  className?: string;
}

/** Container widths the `stacked:` variant in globals.css knows. */
export type StackBelow = '36rem' | '48rem' | '56rem';

interface ResponsiveTableProps<Row> {
  columns: ResponsiveColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** Below this width of its container, each row shows as a card: nothing scrolls sideways. */
  stackBelow?: StackBelow;
  /** Attributes and handlers for a row's `<tr>`; its classes are added to the table's own. */
  rowProps?: (row: Row) => Omit<ComponentProps<'tr'>, 'children' | 'role'>;
  /**
   * What follows a row (its comments, say), in a row of its own that spans the table and
   * stays under the row's card when narrow; nothing when it returns null.
   */
  renderAfterRow?: (row: Row) => ReactNode;
  /**
   * Rows that belong under a row (the near-duplicates of an idea, say): they follow it with the
   * same columns, indented, each with its own after-row.
   */
  subRows?: (row: Row) => Row[] | null;
  /**
   * What a row shows besides the row itself (whether it is active, say). With it, a row is drawn
   * again only when the row or one of these changes: the handlers it was drawn with must then
   * do the same whenever they are called (read what changes through a ref).
   */
  rowDeps?: (row: Row) => readonly unknown[];
}

const sameDeps = (a: { deps: readonly unknown[] }, b: { deps: readonly unknown[] }) =>
  a.deps.length === b.deps.length && a.deps.every((dep, index) => Object.is(dep, b.deps[index]));

/** A row drawn by `render`, and drawn again only when its deps change. */
const KeptRow = memo(function KeptRow({
  render,
}: {
  render: () => ReactNode;
  deps: readonly unknown[];
}) {
  return render();
}, sameDeps);

// A meta line goes under the title wherever its column is: both come first, in table order.
const cellKinds = {
  title: 'stacked:order-first stacked:text-base stacked:font-semibold',
  meta: 'stacked:order-first stacked:-mt-1.5 stacked:text-xs stacked:text-muted-foreground',
  text: '',
  field: 'stacked:grid stacked:grid-cols-[7rem_minmax(0,1fr)] stacked:gap-x-3',
  actions: 'stacked:pt-1',
};

/**
 * A table at width, a list of labelled cards when narrow. The roles are explicit because some
 * browsers drop a table's semantics once CSS changes the display of its parts.
 */
export function ResponsiveTable<Row>({
  columns,
  rows,
  rowKey,
  stackBelow = '36rem',
  rowProps,
  renderAfterRow,
  subRows,
  rowDeps,
}: ResponsiveTableProps<Row>) {
  const renderRow = (row: Row, nested: boolean) => {
    const { className, ...props } = rowProps?.(row) ?? {};
    const after = renderAfterRow?.(row) ?? null;
    return (
      <>
        <TableRow
          role="row"
          className={cn(
            'last:border-b-0 stacked:grid stacked:gap-2 stacked:rounded-lg stacked:border stacked:p-3 stacked:last:border-b',
            nested &&
              'bg-muted/30 stacked:ml-6 [&>td:first-child]:pl-8 stacked:[&>td:first-child]:pl-0',
            className,
          )}
          {...props}
        >
          {columns.map((column) => {
            const kind = column.kind ?? 'field';
            return (
              <TableCell
                key={column.header}
                role="cell"
                className={cn(
                  column.className,
                  'stacked:block stacked:p-0 stacked:text-left',
                  cellKinds[kind],
                )}
              >
                {kind === 'field' ? (
                  <span
                    aria-hidden="true"
                    className="hidden font-medium text-muted-foreground stacked:block"
                  >
                    {column.header}
                  </span>
                ) : null}
                {kind === 'meta' ? (
                  <span aria-hidden="true" className="hidden stacked:inline">
                    {column.header}{' '}
                  </span>
                ) : null}
                <div className={cn('min-w-0', kind === 'meta' && 'stacked:inline')}>
                  {column.cell(row)}
                </div>
              </TableCell>
            );
          })}
        </TableRow>
        {after === null ? null : (
          <TableRow role="row" className="stacked:block stacked:border-0">
            <TableCell
              role="cell"
              colSpan={columns.length}
              className="px-4 stacked:block stacked:p-0"
            >
              {after}
            </TableCell>
          </TableRow>
        )}
      </>
    );
  };
  const drawRow = (row: Row, nested: boolean) =>
    rowDeps ? (
      <KeptRow deps={[row, nested, ...rowDeps(row)]} render={() => renderRow(row, nested)} />
    ) : (
      renderRow(row, nested)
    );
  return (
    <div data-stack-below={stackBelow} className="@container/data-table w-full min-w-0">
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
          {rows.map((row) => (
            <Fragment key={rowKey(row)}>
              {drawRow(row, false)}
              {subRows?.(row)?.map((sub) => (
                <Fragment key={rowKey(sub)}>{drawRow(sub, true)}</Fragment>
              ))}
            </Fragment>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
