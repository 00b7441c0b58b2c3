import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { useExportIdeas } from '../api/export-ideas';

/** Downloads the brainstorm's ideas as CSV; says why when the download fails. */
export function ExportIdeasButton({ brainstormId }: { brainstormId: number }) {
  return <ExportCsvButton exporting={useExportIdeas(brainstormId)} />;
}
