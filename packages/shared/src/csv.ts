/**
 * One CSV cell for spreadsheets (RFC 4180), written the same way by the server's exports and the
 * browser's: a text a spreadsheet would read as a formula (one starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, so an exported value such as "=HYPERLINK(…)" stays
 * text when the file is opened; a cell holding a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
