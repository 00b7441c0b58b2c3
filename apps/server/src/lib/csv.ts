/** Prepended to a CSV download so spreadsheets read it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell as `csvCell` wrote it, which `csvLine` puts as it is: a value repeated on many lines
 * (a brainstorm's title on each of its ideas) is then checked and quoted once.
 */
export class WrittenCell {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | boolean | null | undefined | WrittenCell;

// OWASP CSV injection: a spreadsheet runs a text cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A cell's first character a spreadsheet sees: past what it trims or cannot see (spaces and line
 * breaks, control and format characters, and the other invisible ones: zero-width space and
 * joiners, the BOM, word joiner, bidi controls, soft hyphen, variation selectors…).
 */
const FIRST_SEEN = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]*(.)/u;

/**
 * Whether a spreadsheet could take the text for a formula. Spreadsheets read the full-width and
 * small forms (＝＋－＠, ﹦﹢﹣﹫) as the ASCII ones, as NFKC does; the first character seen is
 * compared after NFKC, so that they and whatever else it folds into `=+-@` count.
 */
function looksLikeFormula(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  const first = FIRST_SEEN.exec(text)?.[1];
  return first !== undefined && FORMULA_START.test(first.normalize('NFKC'));
}
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * Whether a text gets a leading `'`: it looks like a formula, or it would once its own leading
 * quotes were taken off. The second case keeps the prefix reversible: a title `'=1` is written
 * `''=1`, so that reading a cell back (`readCsvText`) never turns it into `=1`.
 */
const neutralised = (text: string) => looksLikeFormula(text.replace(/^'+/, ''));

/**
 * A text cell as `csvCell` was given it: the leading `'` it added to a neutralised cell is taken
 * off, and any other text is left as it is. An export read back so gives the same titles.
 */
export function readCsvText(cell: string): string {
  return cell.startsWith("'") && neutralised(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * One RFC 4180 cell. Text that a spreadsheet would take for a formula gets a leading `'`, so it
 * shows as text and stays readable; numbers and booleans are written as they are (-1 is a number).
 * The import (`readCsvText`) takes the `'` off again.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string') return value instanceof WrittenCell ? value.text : String(value);
  const text = neutralised(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A value's cell, written once for the many lines that repeat it. */
export const writtenCell = (value: CsvValue) => new WrittenCell(csvCell(value));

/** One CSV record, ending with CRLF as RFC 4180 asks. */
export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
