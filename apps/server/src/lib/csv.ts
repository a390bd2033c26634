/** CSV for spreadsheets (RFC 4180, CRLF rows), each cell formula-safe (`csvCell` in packages/shared). */
import { csvCell } from '@verity/shared';

export { csvCell };

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
