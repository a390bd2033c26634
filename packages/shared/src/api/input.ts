/**
 * Rules every piece of text sent to the API follows, whatever the endpoint. PostgreSQL cannot store
 * the NUL character (U+0000) in text, and no person types one: it only arrives from tampered or
 * corrupted input, so it is refused up front rather than failing deep inside a query.
 */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (U+0000)';

/**
 * The path to the first string (or object key) in `value` that holds a NUL character, or null
 * when there is none. Arrays and objects are walked; other values (numbers, binary data) are not
 * text and are skipped.
 */
export function findNulCharacter(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  // Query strings parse into objects without Object's prototype, so any object but binary data is walked.
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')];
      const found = findNulCharacter(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
