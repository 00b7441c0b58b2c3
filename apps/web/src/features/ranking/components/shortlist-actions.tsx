import { ClipboardCopy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ExportButton } from '@/components/ui/export-csv-button';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useCopyShortlist, useDownloadShortlist } from '../api/shortlist';

/**
 * The ranking handed on (issue 39): its shortlist downloaded as CSV, or copied as a Markdown
 * table to paste into a tracker or a chat. The same comes from the API as JSON.
 */
export function ShortlistActions({ analysisId }: { analysisId: number }) {
  const copying = useCopyShortlist(analysisId);
  const copy = useGuardedSubmit(() => copying.mutateAsync());
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ExportButton
        exporting={useDownloadShortlist(analysisId)}
        format="CSV"
        label="Download shortlist (CSV)"
      />
      <div className="flex flex-col items-start gap-1">
        <Button variant="outline" size="sm" disabled={copying.isPending} onClick={copy}>
          <ClipboardCopy aria-hidden="true" />
          Copy as Markdown
        </Button>
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {copying.isSuccess ? 'Copied: paste it into a tracker or a chat.' : ''}
        </p>
        {copying.error ? (
          <p role="alert" className="text-sm text-destructive">
            The shortlist could not be copied. Please try again.
          </p>
        ) : null}
      </div>
    </div>
  );
}
