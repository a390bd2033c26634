import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, readStoredJson, writeStored } from './browser-storage';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('browser storage', () => {
  it('reads, writes and removes in the area asked for', () => {
    expect(writeStored('local', 'k', 'on the device')).toBe(true);
    expect(writeStored('session', 'k', 'in this tab')).toBe(true);
    expect(readStored('local', 'k')).toBe('on the device');
    expect(readStored('session', 'k')).toBe('in this tab');
    writeStored('local', 'k', null);
    expect(readStored('local', 'k')).toBeNull();
    expect(readStored('session', 'k')).toBe('in this tab');
  });

  it('reads JSON, and nothing from text that is not JSON', () => {
    writeStored('local', 'json', '{"a":[1]}');
    writeStored('local', 'text', '{not json');
    expect(readStoredJson('local', 'json')).toEqual({ a: [1] });
    expect(readStoredJson('local', 'text')).toBeUndefined();
    expect(readStoredJson('local', 'missing')).toBeUndefined();
  });

  it('finds nothing and keeps nothing when storage refuses (a private window, a policy)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readStored('local', 'k')).toBeNull();
    expect(readStoredJson('session', 'k')).toBeUndefined();
    expect(writeStored('local', 'k', 'v')).toBe(false);
  });

  it('finds nothing when the storage object itself cannot be reached', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(readStored('local', 'k')).toBeNull();
    expect(writeStored('local', 'k', 'v')).toBe(false);
  });
});
