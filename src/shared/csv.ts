/*
 * CSV text (RFC 4180) for exports opened in spreadsheets: every cell quoted when it needs to be, CRLF
 * line ends, and text that a spreadsheet would run as a formula (= + - @, tab, CR first) defused by a
 * leading apostrophe (OWASP "CSV injection"). Numbers stay numbers, so -5 and '+639171234567' are not touched.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed plain number ('+639171234567', '-5'): a spreadsheet reads it as a number, runs nothing. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell: '' for null/undefined, JSON for objects, ISO for dates, text otherwise. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A file name safe for Content-Disposition: letters, digits, dot, dash, underscore. */
export const safeFilename = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 100) || 'export.csv';
