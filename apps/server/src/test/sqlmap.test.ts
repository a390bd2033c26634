import { describe, expect, it } from 'vitest';
import { sampleForPattern, sampleOf } from './sqlmap.ts';

describe('the sqlmap samples', () => {
  it.each([
    '^(action|decision)-[1-9][0-9]{0,4}$',
    '^[0-9A-Za-z_-]{1,100}$',
    '^[1-9][0-9]?$',
    '^[A-Za-z0-9_-]+$',
    '^[a-z0-9]+(?:-[a-z0-9]+)*$',
    '^[a-z_]+\\.[a-z_]+$',
    '^\\/(?!\\/)[^?#\\s]*$',
    '^\\d{4}-\\d{2}-\\d{2}$',
    '^[0-9A-HJKMNP-TV-Z]{26}$',
    '^[0-9a-f]{64}$',
    '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  ])('makes a value %s matches', (pattern) => {
    expect(sampleForPattern(pattern)).toMatch(new RegExp(pattern));
  });

  it('stays short however large a repetition the pattern allows', () => {
    expect(sampleForPattern('^a{100000}$').length).toBeLessThanOrEqual(200);
    expect(sampleForPattern('(((((a)))))').length).toBe(1);
  });

  it('leaves out optional fields when asked, so fields that only go together are not all sent', () => {
    const schema = {
      type: 'object',
      required: ['title', 'audience'],
      properties: { title: { type: 'string' }, audience: { enum: ['everyone', 'role'] }, role: { type: 'string' } },
    };
    expect(sampleOf(schema, { paths: {} })).toEqual({ title: 'water', audience: 'everyone', role: 'water' });
    expect(sampleOf(schema, { paths: {} }, '', 0, true)).toEqual({ title: 'water', audience: 'everyone' });
  });
});
