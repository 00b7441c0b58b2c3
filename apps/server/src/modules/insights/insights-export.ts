import { CSV_BOM, csvLine } from '../../lib/csv.js';
import type { ModelInsightDto } from './insights.schemas.js';

export const INSIGHTS_CSV_NAME = 'ideaforge-model-insights.csv';

const COLUMNS = [
  'provider',
  'provider_name',
  'model',
  'technique',
  'technique_display',
  'ideas',
  'kept',
  'hidden',
  'down_voted',
  'near_duplicates',
  'failed',
  'input_tokens',
  'output_tokens',
  'cost',
  'cost_per_kept_idea',
] as const satisfies readonly (keyof ModelInsightDto)[];

/** The rows as CSV, a header first; an unknown cost is an empty cell, never a guess. */
export function insightsCsv(rows: ModelInsightDto[]): string {
  return (
    CSV_BOM +
    csvLine([...COLUMNS]) +
    rows.map((row) => csvLine(COLUMNS.map((c) => row[c]))).join('')
  );
}
