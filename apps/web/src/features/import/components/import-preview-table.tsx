import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import type { ImportRow } from '../api/preview-import';
import { fieldLabel } from '../lib/import-file';

const hasErrors = (row: ImportRow) => Object.keys(row.errors).length > 0;

/** A row's errors, then its notes, each in words: a row is never marked by colour alone. */
function RowProblems({ row }: { row: ImportRow }) {
  if (!hasErrors(row) && row.warnings.length === 0) {
    return <span className="text-muted-foreground">Ready</span>;
  }
  return (
    <ul className="grid gap-1">
      {Object.entries(row.errors).map(([field, messages]) => (
        <li key={field} className="font-medium text-destructive">
          Error in {fieldLabel(field)}: {messages.join(' ')}
        </li>
      ))}
      {row.warnings.map((warning) => (
        <li key={warning}>Note: {warning}</li>
      ))}
    </ul>
  );
}

const columns: ResponsiveColumn<ImportRow>[] = [
  { header: 'Row', cell: (row) => row.row, kind: 'meta', className: 'w-12' },
  {
    header: 'Title',
    kind: 'title',
    cell: (row) => <span className="break-words">{row.title || '(no title)'}</span>,
  },
  {
    header: 'Summary',
    cell: (row) => <span className="line-clamp-3 break-words">{row.summary}</span>,
  },
  { header: 'Check', cell: (row) => <RowProblems row={row} /> },
];

/** The preview: each row of the file as it would be imported, with its errors and notes. */
export function ImportPreviewTable({ rows }: { rows: ImportRow[] }) {
  return (
    <div
      role="region"
      aria-label="Preview of the file"
      tabIndex={0}
      className="max-h-80 min-w-0 overflow-y-auto rounded-md border"
    >
      <ResponsiveTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.row}
        rowProps={(row) => ({
          className: hasErrors(row) ? 'border-l-4 border-l-destructive' : undefined,
        })}
      />
    </div>
  );
}
