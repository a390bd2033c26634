import { describe, expect, it } from 'vitest';
import { searchRows, sortRows, type UserRow, usersCsv, usersCsvFileName } from './users-model';

const row = (name: string, overrides: Partial<UserRow> = {}): UserRow => ({
  id: name,
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@trust.example`,
  lastActive: '2026-11-01T09:00:00.000Z',
  sessions: 1,
  activity: 'low',
  tasks: 1,
  role: 'standard',
  deactivated: false,
  ...overrides,
});

describe('users table model', () => {
  const rows = [
    row('Cara Diaz', { activity: 'high', lastActive: null }),
    row('Abe Brown', { activity: 'inactive', lastActive: '2026-11-20T09:00:00.000Z' }),
    row('Ben Cole', { activity: 'medium' }),
  ];

  it('sorts activity by level, not alphabetically, and never-signed-in as the oldest', () => {
    expect(sortRows(rows, { key: 'activity', direction: 'descending' }).map((r) => r.activity)).toEqual(['high', 'medium', 'inactive']);
    expect(sortRows(rows, { key: 'lastActive', direction: 'descending' }).map((r) => r.name)).toEqual([
      'Abe Brown',
      'Ben Cole',
      'Cara Diaz',
    ]);
  });

  it('keeps equal rows in name order whichever way the column goes', () => {
    expect(sortRows(rows, { key: 'tasks', direction: 'ascending' }).map((r) => r.name)).toEqual(['Abe Brown', 'Ben Cole', 'Cara Diaz']);
    expect(sortRows(rows, { key: 'tasks', direction: 'descending' }).map((r) => r.name)).toEqual(['Abe Brown', 'Ben Cole', 'Cara Diaz']);
  });

  it('matches every word of a search in the name or e-mail, in any case', () => {
    expect(searchRows(rows, '  BEN   cole ').map((r) => r.name)).toEqual(['Ben Cole']);
    expect(searchRows(rows, 'trust.example')).toHaveLength(3);
  });

  it('writes CSV that a spreadsheet reads safely', () => {
    const csv = usersCsv([row('Quote "Q" Person', { email: '+44@trust.example' })]);
    expect(csv.split('\r\n')[1]).toBe(`"Quote ""Q"" Person",'+44@trust.example,2026-11-01T09:00:00.000Z,1,Low,1`);
    expect(usersCsvFileName(90, new Date(2026, 0, 5))).toBe('organisation-users-last-90-days-2026-01-05.csv');
  });
});
