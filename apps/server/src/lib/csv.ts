/** Prepended to a CSV download so spreadsheets read it as UTF-8. */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

// OWASP CSV injection: a spreadsheet runs a text cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One RFC 4180 cell. Text that a spreadsheet would take for a formula gets a leading `'`, so it
 * shows as text and stays readable; numbers and booleans are written as they are (-1 is a number).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ending with CRLF as RFC 4180 asks. */
export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
