/** What the server takes in one import: 512 KB of UTF-8 (IMPORT_LIMITS on the server). */
export const IMPORT_MAX_BYTES = 512 * 1024;
export const IMPORT_MAX_ROWS = 200;

export type ImportFormat = 'csv' | 'json';

/** A file read in the browser, as the import sends it. */
export interface ImportFile {
  name: string;
  format: ImportFormat;
  content: string;
}

/** JSON by its name or type; anything else is read as CSV, which says so if it is not. */
export function formatOf(file: File): ImportFormat {
  return /\.json$/i.test(file.name) || file.type === 'application/json' ? 'json' : 'csv';
}

export const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024} KB: split it into smaller ones.`;

/** The file's text and format; a file over the limit is refused before it is sent. */
export async function readImportFile(file: File): Promise<ImportFile> {
  if (file.size > IMPORT_MAX_BYTES) throw new Error(TOO_LARGE);
  return { name: file.name, format: formatOf(file), content: await file.text() };
}

/**
 * An import's 400 as lines to show: 'Row 4, title: This field may not be blank.' for each
 * rows.<row>.<field>, and the message alone for the file as a whole.
 */
export function errorLines(fields: Record<string, string[]>): string[] {
  return Object.entries(fields).map(([key, messages]) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    const text = messages.join(' ');
    return match ? `Row ${match[1] ?? ''}, ${fieldLabel(match[2] ?? '')}: ${text}` : text;
  });
}

/** A field as the preview names it; errors that belong to no field name the row. */
export const fieldLabel = (field: string) => (field === 'non_field_errors' ? 'row' : field);

export const ideasCount = (n: number) => `${n} ${n === 1 ? 'idea' : 'ideas'}`;
