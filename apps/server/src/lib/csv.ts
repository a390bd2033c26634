/**
 * CSV for spreadsheets (RFC 4180, CRLF rows). A cell a spreadsheet would read as a formula (one
 * starting with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe, so an
 * exported value such as "=HYPERLINK(…)" stays text when the file is opened.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
