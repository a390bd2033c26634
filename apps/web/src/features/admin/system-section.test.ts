import { describe, expect, it } from 'vitest';
import { formatBytes } from './system-section';

describe('formatBytes', () => {
  it('reads sizes in the units people use', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(48_200_000)).toBe('48.2 MB');
    expect(formatBytes(3_100_000_000)).toBe('3.1 GB');
  });
});
