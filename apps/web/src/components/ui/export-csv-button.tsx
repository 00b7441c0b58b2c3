import type { UseMutationResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { NO_DATA_MESSAGE } from '@/lib/csv-download';

function failureText(error: Error) {
  return error.message === NO_DATA_MESSAGE ? NO_DATA_MESSAGE : 'Export failed. Please try again.';
}

/** 'Export CSV' ('Exporting...' meanwhile) for an export mutation; says why when it fails. */
export function ExportCsvButton({
  exporting,
}: {
  exporting: UseMutationResult<void, Error, void>;
}) {
  const onClick = useGuardedSubmit(() => exporting.mutateAsync());
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button variant="outline" size="sm" disabled={exporting.isPending} onClick={onClick}>
        <Download aria-hidden="true" />
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </Button>
      {exporting.error ? (
        <p role="alert" className="text-sm text-destructive">
          {failureText(exporting.error)}
        </p>
      ) : null}
    </div>
  );
}
