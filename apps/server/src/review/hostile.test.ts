import fc from 'fast-check';
import { describe, test } from 'vitest';
import { seedReviewLibrary } from '../eval/review-set.ts';
import { parseMarkdown } from '../ingest/markdown.ts';
import { expectLinearGrowth, FUZZ_RUNS, repeated, repeatedTokens } from '../test/hostile-text.ts';
import { reviewPolicy } from './builtin.ts';
import type { Policy } from './types.ts';

/**
 * The reviewer on hostile policies: the attack test's inputs (each held the server for tens of
 * seconds or minutes) and generated ones, each reviewed in time that grows linearly with its size.
 */
const library = seedReviewLibrary();
const today = '2026-11-24';

function policyOf(markdown: string): Policy {
  return { title: null, elements: parseMarkdown(markdown).map((element, index) => ({ ...element, index, page: 1 })) };
}

/** Milliseconds to review the policy. */
function timed(markdown: string): number {
  const policy = policyOf(markdown);
  const started = performance.now();
  reviewPolicy({ policy, library, today });
  return performance.now() - started;
}

function acronyms(count: number): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    words.push(Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26))).join(''));
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < words.length; i += 20) paragraphs.push(`${words.slice(i, i + 20).join(' ')}.`);
  return `# Terms\n\n${paragraphs.join('\n\n')}`;
}

/** How long reviewing the policy `build(scale)` takes. */
const timeOf = (build: (scale: number) => string) => (scale: number) => timed(build(scale));

// The growth check's ceiling scales with the machine's pace (hostile-text.ts); the time allowed must too.
describe('the attack inputs', { timeout: 150_000 }, () => {
  test('100,000 characters of "60 °C" in one paragraph (29 s before) grow linearly', async () => {
    await expectLinearGrowth(timeOf((scale) => `# Water\n\n${'60 °C '.repeat(4_167 * scale)}`));
  });

  test('34,000 distinct acronyms (37 s before) grow linearly', async () => {
    await expectLinearGrowth(timeOf((scale) => acronyms(8_500 * scale)));
  });

  test('one hyphenated token run on for 120,000 characters (6 s before) grows linearly', async () => {
    await expectLinearGrowth(timeOf((scale) => `# Duties\n\n${'over-'.repeat(6_000 * scale)}`));
  });

  // Each trigger read its line from the paragraph's start and looked for a date in all of it:
  // 1.9 s at 150,000 characters and 16.5 s at four times that, before.
  test('"review date" said thousands of times in one paragraph stays linear', async () => {
    await expectLinearGrowth(timeOf((scale) => `# Control\n\n${'Next review date 1.2 and '.repeat(3_000 * scale)}\n\n## 1. Body\n\nText.`));
  });

  // A row of document control labels is read with the paragraph after it as its values. The fastest
  // of two runs: alone its growth is 2.4 to 6.2 (a collector's pause in one run of the larger input),
  // and one CI run beside the other workers measured 8.4.
  test('a row of control labels over a paragraph of thousands of dates stays linear', async () => {
    await expectLinearGrowth(
      timeOf(
        (scale) =>
          `# Control\n\nPolicy number Version Policy owner Approved by Date approved Review date\n\n${'QG-07 2.2 14 November 2024 '.repeat(2_000 * scale)}\n\n## 1. Body\n\nText.`,
      ),
      { tries: 2 },
    );
  });

  // A numbered member of a counted set ("criterion 12") is read with at most three words before it.
  test('numbered members of a counted set said thousands of times stay linear', async () => {
    await expectLinearGrowth(timeOf((scale) => `# Code\n\n${'Under the Hygiene Code data security criterion 12 '.repeat(2_000 * scale)}`));
  });

  // A duty narrowed to a case is read within its clause, and each case is compared with the library's sentences once.
  test('duties narrowed to a case said thousands of times in one paragraph stay linear', async () => {
    await expectLinearGrowth(
      timeOf(
        (scale) =>
          `# Fire\n\n${'A fire risk assessment is needed only when a building is altered, for wards only and '.repeat(1_200 * scale)}`,
      ),
    );
  });

  // Each lettered number is read with the two characters after its citation, not the rest of the paragraph.
  test('a lettered regulation and version-history rows said thousands of times stay linear', async () => {
    await expectLinearGrowth(
      timeOf(
        (scale) =>
          `# Rules\n\n${'Regulation 20B applies; where it is lost, it is reported within 14 days. '.repeat(1_000 * scale)}\n\n${'1.0 May 2021 Board\n\n'.repeat(500 * scale)}`,
      ),
    );
  });

  // Each sentence's citations are found by one pass along the paragraph's, not a search of all of them;
  // a duty denied its offence without a law named is matched against the library's offences read once.
  test('a citation and a claim of no offence in thousands of sentences of one paragraph stay linear', async () => {
    await expectLinearGrowth(
      timeOf(
        (scale) =>
          `# Rules\n\n${'Under RIDDOR 2013 a late report is not an offence. BS 7671 is law. Failing to send a notification is not an offence. '.repeat(500 * scale)}`,
      ),
    );
  });

  // Each sentence's claim of an offence or an enforcer is read once, against each cited law's statement read once.
  test('claims of an offence, an enforcer and a code status in thousands of sentences of one paragraph stay linear', async () => {
    await expectLinearGrowth(
      timeOf(
        (scale) =>
          `# Rules\n\n${'A breach of Regulation 18 is a criminal offence. COSHH is enforced by the police, the CQC and the fire service and the council. Hazardous waste is enforced by the HSE. ACoP L8 is law. ACoP L8 is advisory only. '.repeat(500 * scale)}`,
      ),
    );
  });

  test('a reference said thousands of times in one paragraph stays linear', async () => {
    await expectLinearGrowth(
      timeOf((scale) => `# References\n\n${'See HTM 04-01 Part B and BS 7671 and section 4.2. '.repeat(1_000 * scale)}`),
    );
  });
});

describe('generated hostile policies', () => {
  const TOKENS = [
    '60 °C',
    '2 years',
    'every 3 months',
    'kept for 5 years',
    'must',
    'shall',
    'HTM 04-01',
    'BS 7671',
    'ACoP L8',
    'section 4.2',
    'Appendix Z',
    'Responsible Person',
    'Authorising Engineer (Water)',
    'AE(W)',
    'LOLER',
    '(',
    ')',
    'within 24 hours',
    'Regulation 13A',
    'L143 (third edition, 2020)',
    'is not an offence',
    'under RIDDOR 2013',
    'breach of it is a criminal offence',
    'is enforced by the Health and Safety Executive and the',
    'CQC prosecutes',
    '1.1 March 2023',
    'weekly',
    'over-',
    'for 10 minutes',
    'may be done without',
    '.',
    ';',
    '\n\n',
    '# Heading',
    '| a | b |',
  ];
  test('finish in time that grows with their size, never quadratically', async () => {
    await fc.assert(
      fc.asyncProperty(repeatedTokens(TOKENS, 400), (sample) => expectLinearGrowth((scale) => timed(repeated(sample, scale)))),
      FUZZ_RUNS,
    );
    // Fifteen policies reviewed twice each: about 12 s on a quiet machine, twice that beside CI's other worker.
  }, 90_000);
});
