import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { tidyHeadline, withoutTableMarkup } from './snippet-text.ts';

const TABLE = [
  'Check | Frequency | Source',
  'Sentinel outlets | Monthly | HSG274 Part 2',
  'Calorifier return | at least 50 °C | HSG274 Part 2',
  'Little-used outlets | weekly flush | HSG274 Part 2',
].join('\n');

const PROSE =
  'The organisation appoints a water safety group that meets regularly. Many further words follow here so that the headline ' +
  'has to be cut somewhere, and anti-legionella measures such as thermostatic mixing valves are fitted to the pre-existing ' +
  'outlets in augmented care units. More words follow after that so the fragment also ends before the text does.';

describe('tidyHeadline', () => {
  test('a fragment that starts inside a hyphenated word is widened to the whole word', () => {
    const headline = 'existing <mark>outlets</mark> in augmented care units. More words';
    expect(tidyHeadline(headline, PROSE)).toBe('… pre-existing <mark>outlets</mark> in augmented care units. More words …');
  });

  test('a fragment cut inside a word at either end is widened to whole words', () => {
    const text = 'Calorifiers store hot water at 60 °C or above throughout.';
    expect(tidyHeadline('lorifiers store hot <mark>water</mark> at 60 °C or ab', text)).toBe(
      'Calorifiers store hot <mark>water</mark> at 60 °C or above …',
    );
  });

  test('table bars and row breaks become plain separators, never pipes', () => {
    const headline = 'Sentinel outlets | <mark>Monthly</mark> | HSG274 Part 2\nCalorifier return | at least 50 °C |';
    const snippet = tidyHeadline(headline, TABLE);
    expect(snippet).not.toContain('|');
    expect(snippet).not.toContain('\n');
    expect(snippet).toBe('… Sentinel outlets · <mark>Monthly</mark> · HSG274 Part 2; Calorifier return · at least 50 °C …');
  });

  test('a fragment opening on a cell bar does not start with a separator', () => {
    const snippet = tidyHeadline('| <mark>weekly</mark> flush | HSG274 Part 2', TABLE);
    expect(snippet).toBe('… <mark>weekly</mark> flush · HSG274 Part 2');
  });

  test('two fragments are joined by an ellipsis; text from the start has none before it', () => {
    const headline = 'The organisation appoints a <mark>water</mark> safety group ... thermostatic <mark>mixing</mark> valves are fitted';
    expect(tidyHeadline(headline, PROSE)).toBe(
      'The organisation appoints a <mark>water</mark> safety group … thermostatic <mark>mixing</mark> valves are fitted …',
    );
  });

  test('withoutTableMarkup reads a table as one line', () => {
    expect(withoutTableMarkup('A | B\nC | D')).toBe('A · B; C · D');
  });
});

describe('on real ts_headline output', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function headline(text: string, query: string): Promise<string> {
    const [row] = rowsOf<{ h: string }>(
      await database.db.execute(
        sql`select ts_headline('english', ${text}, plainto_tsquery('english', ${query}), 'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=12') as h`,
      ),
    );
    return row?.h ?? '';
  }

  test.each([
    ['monthly', TABLE],
    ['outlets', TABLE],
    ['weekly flush', TABLE],
    ['legionella', PROSE],
    ['outlets', PROSE],
    ['mixing valves', PROSE],
    ['group', PROSE],
  ])('"%s": every fragment starts and ends on a whole word and shows no pipe', async (query, text) => {
    const snippet = tidyHeadline(await headline(text, query), text);
    expect(snippet).toContain('<mark>');
    expect(snippet).not.toMatch(/[|\n]/);
    const words = new Set(text.split(/\s+/).map((word) => word.replace(/[;.,]$/, '')));
    for (const fragment of snippet.replace(/<\/?mark>/g, '').split('…')) {
      const fragmentWords = fragment
        .trim()
        .split(/\s+/)
        .filter((word) => word !== '·');
      if (fragmentWords.length === 0 || fragmentWords[0] === '') continue;
      expect(words).toContain(fragmentWords[0]?.replace(/[;.,]$/, ''));
      expect(words).toContain(fragmentWords.at(-1)?.replace(/[;.,]$/, ''));
    }
  });
});
