import { ExportButton } from '@/components/ui/export-csv-button';
import { useExportIdeas } from '../api/export-ideas';

/** Downloads the brainstorm's ideas as CSV or JSON; says why when a download fails. */
export function ExportIdeasButtons({ brainstormId }: { brainstormId: number }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ExportButton exporting={useExportIdeas(brainstormId, 'csv')} format="CSV" />
      <ExportButton exporting={useExportIdeas(brainstormId, 'json')} format="JSON" />
    </div>
  );
}
