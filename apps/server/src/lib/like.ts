/**
 * A LIKE/ILIKE pattern matching `value` anywhere, with `\`, `%` and `_` in it escaped (PostgreSQL's
 * default escape character is the backslash), so what a person searches for is matched literally.
 */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
