import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { useExportSavedIdeas } from '../api/export-saved-ideas';

/** Downloads every saved idea as CSV; says why when the download fails. */
export function ExportSavedIdeasButton() {
  return <ExportCsvButton exporting={useExportSavedIdeas()} />;
}
