import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { FRAGMENT_WORDS, initialsOf, scanText, snippetHtml, tokenKeys, tsqueryLexemes, tsqueryOperands } from './highlight.ts';
import { lexemesOf } from './query.ts';

/** A stand-in stemmer for the pure tests: lower case, a final "s" dropped, a few stop-words. */
const STOP = new Set(['the', 'a', 'and', 'of', 'to', 'in', 'is']);
const stem = (key: string): string | null => (STOP.has(key) ? null : key.replace(/s$/, ''));

function snippet(text: string, query: string[]): string {
  return snippetHtml(scanText(text, initialsOf(query)), stem, query);
}

/** The snippet's words, marks and ellipses left out. */
const plainWords = (html: string) =>
  html
    .replace(/<\/?mark>/g, '')
    .split(/\s+/)
    .filter((word) => word !== '' && word !== '…');

const PROSE =
  'The organisation appoints a water safety group that meets regularly. Many further words follow here so that the snippet ' +
  'has to be cut somewhere, and anti-legionella measures such as thermostatic mixing valves are fitted to the pre-existing ' +
  'outlets in augmented care units. More words follow after that so the fragment also ends before the text does, and then ' +
  'yet more words about nothing in particular until the end of this rather long paragraph of text.';

const TABLE = [
  'Check | Frequency | Source',
  'Sentinel outlets | Monthly | HSG274 Part 2',
  'Calorifier return | at least 50 °C | HSG274 Part 2',
  'Little-used outlets | weekly flush | HSG274 Part 2',
].join('\n');

describe('snippetHtml', () => {
  test('a short text is shown whole with the query words marked', () => {
    expect(snippet('Sentinel outlets are checked monthly.', ['outlet', 'monthly'])).toBe(
      'Sentinel <mark>outlets</mark> are checked <mark>monthly</mark>.',
    );
  });

  test('a long text is cut to fragments of at most FRAGMENT_WORDS words around the marks, with ellipses', () => {
    const html = snippet(PROSE, ['mixing']);
    expect(html).toContain('<mark>mixing</mark>');
    expect(html.startsWith('… ')).toBe(true);
    expect(html.endsWith(' …')).toBe(true);
    expect(plainWords(html).length).toBeLessThanOrEqual(FRAGMENT_WORDS);
    expect(plainWords(html).length).toBeGreaterThanOrEqual(12);
    // Context on both sides of the mark.
    const [before, after] = html.split('<mark>mixing</mark>');
    expect(plainWords(before ?? '').length).toBeGreaterThanOrEqual(5);
    expect(plainWords(after ?? '').length).toBeGreaterThanOrEqual(5);
  });

  test('words far apart get a fragment each; fragments keep whole words', () => {
    const html = snippet(PROSE, ['organisation', 'paragraph']);
    expect(html).toContain('<mark>organisation</mark>');
    expect(html).toContain('<mark>paragraph</mark>');
    expect(html.match(/…/g)?.length).toBe(1);
    const words = new Set(PROSE.split(/\s+/));
    for (const word of plainWords(html)) expect(words).toContain(word);
  });

  test('the parts of a hyphenated word are words of their own', () => {
    expect(snippet('Fitted to pre-existing outlets.', ['existing'])).toBe('Fitted to pre-<mark>existing</mark> outlets.');
    expect(snippet('Anti-legionella measures.', ['legionella'])).toBe('Anti-<mark>legionella</mark> measures.');
  });

  test('digits after a hyphen are a signed number, as the parser reads them', () => {
    expect(snippet('See HTM 06-01 and HTM 01-06.', ['htm', '06', '01'])).toBe(
      'See <mark>HTM</mark> <mark>06</mark>-01 and <mark>HTM</mark> <mark>01</mark>-06.',
    );
  });

  test('table bars and row breaks become plain separators, never pipes', () => {
    const html = snippet(TABLE, ['monthly']);
    expect(html).not.toMatch(/[|\n]/);
    expect(html).toContain('Sentinel outlets · <mark>Monthly</mark> · HSG274 Part 2; Calorifier return');
  });

  test('HTML in the text is escaped; only the snippet’s own <mark> tags are markup', () => {
    const html = snippet('Keep <b>quokkas</b> & "wallabies" apart <mark>always</mark> <script>alert(1)</script>.', ['quokka', 'alway']);
    expect(html).toBe(
      'Keep &lt;b&gt;<mark>quokkas</mark>&lt;/b&gt; &amp; &quot;wallabies&quot; apart &lt;mark&gt;<mark>always</mark>&lt;/mark&gt; &lt;script&gt;alert(1)&lt;/script&gt;.',
    );
    expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  test('the placeholder characters in a text cannot make tags', () => {
    const html = snippet('a \u0001b\u0002 water \u0001', ['water']);
    expect(html).toBe('a  b  <mark>water</mark>');
    expect(html.includes('\u0001') || html.includes('\u0002')).toBe(false);
  });

  test('regular-expression characters in the text or the query are plain characters', () => {
    expect(snippet('Costs (£) rose by 5.5%* [approx] + $10 ^ ok? a|b \\d+', ['$10', 'ok', '\\d+', '.*'])).toBe(
      'Costs (£) rose by 5.5%* [approx] + $10 ^ <mark>ok</mark>? a · b \\d+',
    );
  });

  test('a 1 MB text is marked within the time limit and shown as one capped fragment', () => {
    const text = `${'lorem ipsum dolor sit amet '.repeat(40_000)} legionella at the end`;
    const started = performance.now();
    const html = snippet(text, ['legionella']);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(html).toContain('<mark>legionella</mark>');
    expect(plainWords(html).length).toBeLessThanOrEqual(FRAGMENT_WORDS);
  });

  test('400,000 characters of one repeated token, bar or separator: quick, and cut to a capped snippet', () => {
    for (const text of [
      'a'.repeat(400_000),
      '|'.repeat(400_000),
      ' | '.repeat(133_334),
      '; · '.repeat(100_000),
      'legionella'.repeat(40_000),
    ]) {
      const started = performance.now();
      const html = snippet(text, ['legionella', 'a']);
      expect(performance.now() - started, text.slice(0, 4)).toBeLessThan(2_000);
      expect(html.length, text.slice(0, 4)).toBeLessThanOrEqual(1_100);
      expect(html.split('<mark>').length, text.slice(0, 4)).toBe(html.split('</mark>').length);
    }
    // A mark the cut leaves open is closed again: the whole token is the query word here.
    const token = 'a'.repeat(400_000);
    expect(snippet(token, [token])).toMatch(/^<mark>a{999}<\/mark> …$/);
  });

  test('many query words, every word marked', () => {
    const words = Array.from({ length: 24 }, (_, i) => `w${i}`);
    const text = Array.from({ length: 5_000 }, (_, i) => `w${i % 24}`).join(' ');
    const html = snippet(text, words);
    expect(plainWords(html).length).toBeLessThanOrEqual(2 * FRAGMENT_WORDS);
    expect(html.match(/<mark>/g)?.length).toBe(plainWords(html).length);
  });

  test('words are marked whatever their case, beyond ASCII too', () => {
    expect(snippet('ÉCOLE and École; Outlets and OUTLETS.', ['école', 'outlet'])).toBe(
      '<mark>ÉCOLE</mark> and <mark>École</mark>; <mark>Outlets</mark> and <mark>OUTLETS</mark>.',
    );
  });

  test('a text without words is escaped as it is', () => {
    expect(snippet(' | <> | ', ['x'])).toBe('&lt;&gt;');
  });
});

describe('tsqueryLexemes', () => {
  test('every operand of a tsquery, with quotes and backslashes unescaped', () => {
    expect([...tsqueryLexemes("'water' <-> 'hygien' & !'laundri' | 'o''brien':* & 'a\\\\b'")]).toEqual([
      'water',
      'hygien',
      'laundri',
      "o'brien",
      'a\\b',
    ]);
    expect(tsqueryLexemes('').size).toBe(0);
  });
});

describe('tsqueryOperands', () => {
  test('an operand is negated by a "!" before it or before a group holding it, and by nothing after the group', () => {
    const negated = (query: string) => tsqueryOperands(query).map(({ lexeme, negated }) => `${negated ? '!' : ''}${lexeme}`);
    expect(negated("'legionella' & !'temperatur'")).toEqual(['legionella', '!temperatur']);
    expect(negated("'ventil' & !( 'oper' <-> 'theatr' ) & 'air'")).toEqual(['ventil', '!oper', '!theatr', 'air']);
    expect(negated("( 'a' | !( 'b' & ( 'c' ) ) ) & 'd'")).toEqual(['a', '!b', '!c', 'd']);
    expect(negated("'written' <-> 'scheme' <2> 'examin'")).toEqual(['written', 'scheme', 'examin']);
    // A "!" inside a lexeme is part of it, not a negation.
    expect(negated("'wow!' & 'x'")).toEqual(['wow!', 'x']);
    expect(negated('')).toEqual([]);
  });
});

describe('on the database’s own stemming', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  test('the words marked are those whose lexeme is a query lexeme', async () => {
    const text =
      'Temperatures of hot water outlets are monitored; the temperature is recorded. Pre-existing outlets and e-mail to nhs.uk, reg.12, 2.5 °C, HTM 04-01.';
    const query = ['temperatur', 'outlet', 'exist', 'mail', '04', '01', '2', 'reg'];
    const scanned = scanText(text);
    const keys = tokenKeys([scanned]);
    const lexemes = await lexemesOf(database.db, keys);
    const byKey = new Map(keys.map((key, i) => [key, lexemes[i] ?? null]));
    expect(byKey.get('the')).toBeNull();
    expect(byKey.get('-01')).toBe('-01');
    expect(snippetHtml(scanned, (key) => byKey.get(key) ?? null, query)).toBe(
      '<mark>Temperatures</mark> of hot water <mark>outlets</mark> are monitored; the <mark>temperature</mark> is recorded. Pre-<mark>existing</mark> <mark>outlets</mark> and e-<mark>mail</mark> to nhs.uk, reg.12, 2.5 °C, HTM <mark>04</mark>-01.',
    );
  });

  test('lexemes of many new words come back in order, in one call', async () => {
    const words = Array.from({ length: 3_000 }, (_, i) => `word${i}s`);
    const lexemes = await lexemesOf(database.db, [...words, 'running', 'the', "o'brien"]);
    expect(lexemes.slice(0, 3)).toEqual(['word0s', 'word1s', 'word2s']);
    expect(lexemes.slice(-3, -1)).toEqual(['run', null]);
  });
});
