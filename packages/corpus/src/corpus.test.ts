import { describe, expect, test } from 'vitest';
import { parseCorpusFile } from './front-matter.ts';
import { loadCorpus } from './load.ts';
import { REQUIRED_CURRENT_CODES, REQUIRED_SUPERSEDED_CODES } from './required-codes.ts';

const HTM_SUBDOMAINS = [
  'HTM 00 Policies and principles',
  'HTM 01 Decontamination',
  'HTM 02 Medical gases',
  'HTM 03 Ventilation',
  'HTM 04 Water',
  'HTM 05 Fire',
  'HTM 06 Electrical services',
  'HTM 07 Environment and sustainability',
  'HTM 08 Specialist services',
];

const corpus = loadCorpus();
const byCode = new Map(corpus.map((doc) => [doc.meta.code, doc]));

/** Words of running text, not counting Markdown punctuation or table rules. */
function countWords(markdown: string): number {
  return markdown
    .replace(/[#|*_>`-]+/g, ' ')
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

describe('seed corpus', () => {
  test('every code appears exactly once', () => {
    const codes = corpus.map((doc) => doc.meta.code);
    const repeated = codes.filter((code, i) => codes.indexOf(code) !== i);
    expect(repeated).toEqual([]);
  });

  test('every required document is present with the right status', () => {
    const missing = REQUIRED_CURRENT_CODES.filter((code) => byCode.get(code)?.meta.status !== 'current');
    const missingSuperseded = REQUIRED_SUPERSEDED_CODES.filter((code) => byCode.get(code)?.meta.status !== 'superseded');
    expect({ missing, missingSuperseded }).toEqual({ missing: [], missingSuperseded: [] });
  });

  test('supersession links resolve both ways', () => {
    for (const doc of corpus.filter((d) => d.meta.status === 'superseded')) {
      const replacement = byCode.get(doc.meta.superseded_by ?? '');
      expect(replacement?.meta.status, `${doc.meta.code} → ${doc.meta.superseded_by}`).toBe('current');
      // The replacing document records the edition it replaced, so the library knows what replaced what.
      const replacedByAny = corpus.some((d) => d.meta.supersedes.includes(doc.meta.code));
      expect(replacedByAny, `${doc.meta.code} is in no document's supersedes list`).toBe(true);
    }
    for (const doc of corpus) {
      for (const older of doc.meta.supersedes) {
        const target = byCode.get(older);
        // A listed code that is a document here must be a superseded edition; other names are historical.
        if (target) expect(target.meta.status, `${doc.meta.code} supersedes ${older}`).toBe('superseded');
      }
    }
  });

  test('documents are substantial: none under 300 words, current ones 600 or more', () => {
    const short = corpus
      .map((doc) => ({ code: doc.meta.code, status: doc.meta.status, words: countWords(doc.body) }))
      .filter((d) => d.words < 300 || (d.status === 'current' && d.words < 600));
    expect(short).toEqual([]);
  });

  test('the body opens with the code and title as its heading', () => {
    for (const doc of corpus) expect(doc.body.trimStart().split('\n')[0], doc.meta.code).toBe(`# ${doc.meta.code} ${doc.meta.title}`);
  });

  test('the taxonomy is complete and HTM subdomains follow the HTM groups', () => {
    for (const doc of corpus.filter((d) => d.meta.domain === 'HTM')) expect(HTM_SUBDOMAINS, doc.meta.code).toContain(doc.meta.subdomain);
    const domains = new Set(corpus.map((d) => d.meta.domain));
    for (const domain of ['HTM', 'HBN', 'Health & Safety', 'Fire Safety', 'Environment & Waste', 'Information Governance', 'CQC']) {
      expect(domains).toContain(domain);
    }
    const htmGroups = new Set(corpus.filter((d) => d.meta.domain === 'HTM').map((d) => d.meta.subdomain));
    expect([...htmGroups].sort()).toEqual([...HTM_SUBDOMAINS].sort());
  });

  test('no placeholder text', () => {
    for (const doc of corpus) expect(doc.body, doc.meta.code).not.toMatch(/\b(TODO|TBC|lorem ipsum|placeholder)\b/i);
  });
});

describe('front matter parser', () => {
  const valid = `---
code: "X 1"
title: "A title"
filename: "x-1.md"
category: "Guidance"
domain: "HTM"
subdomain: "HTM 04 Water"
issuer: "Someone"
edition: "2020"
status: "current"
superseded_by: null
supersedes: []
applies_to:
  - "England"
sources:
  - "A source"
---
# X 1 A title
`;

  test('accepts a valid file and returns the body', () => {
    const parsed = parseCorpusFile(valid, 'x-1.md');
    expect(parsed.meta.code).toBe('X 1');
    expect(parsed.body).toBe('# X 1 A title\n');
  });

  test.each([
    ['no front matter', '# Just a heading\n', /no front matter/],
    ['unknown category', valid.replace('"Guidance"', '"Opinion"'), /category/],
    ['superseded without a replacement', valid.replace('status: "current"', 'status: "superseded"'), /superseded_by/],
    ['unknown key', valid.replace('edition: "2020"', 'edition: "2020"\nauthor: "me"'), /Unrecognized key|author/],
    ['bad file name', valid.replace('"x-1.md"', '"X 1.md"'), /filename/],
    ['unknown nation', valid.replace('"England"', '"Mars"'), /applies_to/],
  ])('rejects %s', (_label, source, message) => {
    expect(() => parseCorpusFile(source, 'x-1.md')).toThrow(message);
  });

  test('counts words, not Markdown punctuation', () => {
    expect(countWords('## Heading\n\n| a | b |\n|---|---|\n- one two')).toBe(5);
  });
});
