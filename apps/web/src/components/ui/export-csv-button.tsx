import type { UseMutationResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { ApiError } from '@/lib/api/api-error';
import { NO_DATA_MESSAGE } from '@/lib/csv-download';

/** Why an export failed: no data, the server's reason for refusing (too many at once), or not. */
function failureText(error: Error) {
  if (error.message === NO_DATA_MESSAGE) return NO_DATA_MESSAGE;
  if (error instanceof ApiError && error.status === 429) return error.message;
  return 'Export failed. Please try again.';
}

/**
 * 'Export CSV' (or JSON; 'Exporting...' meanwhile) for an export mutation; says why when it
 * fails.
 */
export function ExportButton({
  exporting,
  format,
  label = `Export ${format}`,
}: {
  exporting: UseMutationResult<void, Error, void>;
  format: 'CSV' | 'JSON';
  /** The button's words, 'Export CSV' unless given. */
  label?: string;
}) {
  const onClick = useGuardedSubmit(() => exporting.mutateAsync());
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button variant="outline" size="sm" disabled={exporting.isPending} onClick={onClick}>
        <Download aria-hidden="true" />
        {exporting.isPending ? 'Exporting...' : label}
      </Button>
      {exporting.error ? (
        <p role="alert" className="text-sm text-destructive">
          {failureText(exporting.error)}
        </p>
      ) : null}
    </div>
  );
}

/** 'Export CSV' ('Exporting...' meanwhile) for an export mutation; says why when it fails. */
export function ExportCsvButton({
  exporting,
}: {
  exporting: UseMutationResult<void, Error, void>;
}) {
  return <ExportButton exporting={exporting} format="CSV" />;
}
