import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/wiki', '/wiki'],
    ['/wiki/abc?element_ids=a&element_ids=b#x', '/wiki/abc?element_ids=a&element_ids=b#x'],
    ['/chat/123', '/chat/123'],
  ])('keeps the in-app path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    null,
    '',
    'wiki',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '/\t/evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/auth/login',
  ])('sends %s home', (input) => {
    expect(safeRedirectPath(input)).toBe('/home');
  });
});
