/**
 * The browser's storage, which may be missing: private windows, quotas and policies make
 * localStorage and sessionStorage throw, on access as on use. Reading then finds nothing and
 * writing keeps nothing; each caller says what that means for it.
 */

/** `local` lasts on the device; `session` only in this tab. */
export type StorageArea = 'local' | 'session';

const storageOf = (area: StorageArea): Storage => (area === 'local' ? localStorage : sessionStorage);

/** The text stored under the key, or null when there is none or storage cannot be read. */
export function readStored(area: StorageArea, key: string): string | null {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return null;
  }
}

/** The JSON stored under the key, or undefined when there is none, it is not JSON, or storage cannot be read. */
export function readStoredJson(area: StorageArea, key: string): unknown {
  const text = readStored(area, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores the text under the key (null removes it); false when storage refused. */
export function writeStored(area: StorageArea, key: string, value: string | null): boolean {
  try {
    if (value === null) storageOf(area).removeItem(key);
    else storageOf(area).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
