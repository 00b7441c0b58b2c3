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
  // Added after the first release, so last: a reader of the others finds them where they were.
  'unreviewed_blind',
  'private_counts_withheld',
] as const satisfies readonly (keyof ModelInsightDto)[];

/** What a withheld count says: not 0, not empty (which is an unknown cost's). */
export const WITHHELD_CELL = 'withheld';

const PRIVATE_COUNTS = new Set<string>(['kept', 'hidden', 'down_voted']);

/**
 * The rows as CSV, a header first; an unknown cost is an empty cell, never a guess, and a count
 * withheld from the caller says so.
 */
export function insightsCsv(rows: ModelInsightDto[]): string {
  const cell = (row: ModelInsightDto, column: (typeof COLUMNS)[number]) => {
    const value = row[column];
    return value === null && PRIVATE_COUNTS.has(column) ? WITHHELD_CELL : value;
  };
  return (
    CSV_BOM +
    csvLine([...COLUMNS]) +
    rows.map((row) => csvLine(COLUMNS.map((column) => cell(row, column)))).join('')
  );
}
