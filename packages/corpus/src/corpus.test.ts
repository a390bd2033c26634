import { describe, expect, test } from 'vitest';
import { parseCorpusFile, successorCodes } from './front-matter.ts';
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
      // One replacement, or every successor part of an edition that was split (the main one first).
      const successors = successorCodes(doc.meta);
      expect(successors.length, doc.meta.code).toBeGreaterThan(0);
      for (const code of successors) expect(byCode.get(code)?.meta.status, `${doc.meta.code} → ${code}`).toBe('current');
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

  test('every document names its sources, and every source address is an official https page', () => {
    for (const doc of corpus) {
      expect(doc.meta.sources.length, doc.meta.code).toBeGreaterThan(0);
      for (const source of doc.meta.sources) if (source.url) expect(source.url, doc.meta.code).toMatch(/^https:\/\/[a-z0-9.-]+\//);
    }
    // The legislation is linked where the library names it, so the reader can open the official text.
    const linked = corpus.filter((doc) => doc.meta.sources.some((s) => s.url));
    expect(linked.length).toBeGreaterThan(corpus.length / 2);
  });

  test('codes of practice, approved (ACoP L8) or not (Hygiene Code), are one category', () => {
    const categories = new Set(corpus.map((doc) => doc.meta.category));
    expect([...categories].sort()).toEqual(['Assurance', 'Code of practice', 'Guidance', 'Legislation']);
    for (const code of ['ACoP L8', 'ACoP L8 (2000)', 'Hygiene Code'])
      expect(byCode.get(code)?.meta.category, code).toBe('Code of practice');
  });

  test('the corrections of the domain review stay made', () => {
    const body = (code: string) => (byCode.get(code)?.body ?? '').replace(/\*\*/g, '');
    expect(body('CQC Reg 5')).toMatch(/Partnerships are not covered/);
    expect(body('CQC Reg 5')).toMatch(/individuals and partnerships .*Regulation 4/i);
    expect(body('CQC Reg 5')).not.toMatch(/partners in partnerships/);
    for (const code of ['HTM 07-01', 'HTM 07-01 (2013)']) {
      expect(body(code), code).toMatch(/Version 2\.0.*March 2011|March 2011.*Version 2\.0/);
      expect(body(code), code).toMatch(/20 March 2013/);
      expect(body(code), code).not.toMatch(/second edition (of|published in) 2011/i);
    }
    for (const code of ['HTM 04-01 Part A', 'HTM 04-01 Part B', 'HTM 04-01 Part C']) {
      expect(body(code), code).toMatch(
        /titles of the HTM 00 governance model .* local practice; the 2016 text of HTM 04-01 does not itself define them/,
      );
    }
    // HTM 05-01: the February 2026 edition is current, and the roles follow it.
    expect(byCode.get('HTM 05-01')?.meta.edition).toBe('2026');
    for (const code of ['HTM 05-01 (2013)', 'HTM 05-01 (2006)']) expect(byCode.get(code)?.meta.superseded_by, code).toBe('HTM 05-01');
    expect(body('HTM 05-01')).toMatch(/11 February 2026/);
    expect(body('Roles')).toMatch(/Independent Expert Adviser \(Authorising Engineer\)/);
    expect(body('Roles')).not.toMatch(/has not confirmed|treat those changes as provisional/);
    // An edition split into parts names every successor part, the main one first.
    expect(byCode.get('HTM 03-01 (2007)')?.meta.superseded_by).toEqual(['HTM 03-01 Part A', 'HTM 03-01 Part B']);
    expect(byCode.get('HTM 04-01 (2006)')?.meta.superseded_by).toEqual(['HTM 04-01 Part A', 'HTM 04-01 Part B']);
    expect(byCode.get('HTM 04-01 Pseudomonas addendum (2013)')?.meta.superseded_by).toBe('HTM 04-01 Part C');
    expect(body('HTM 04-01 Part C')).toMatch(/haemodialysis/);
    expect(body('HTM 04-01 Part C')).toMatch(/burns/);
    expect(body('HTM 04-01 Part C')).toMatch(/transplant/);
    expect(body('CQC Reg 12')).toMatch(/CQC guidance \(not regulation text\)\. CQC's guidance for providers on 12\(2\)\(b\)/);
    expect(body('CQC Reg 12')).not.toMatch(/^\d+\. Learn from incidents/m);
    expect(body('LOLER 1998')).toMatch(/declaration of conformity made not more than 12 months before/);
    expect(body('LOLER 1998')).toMatch(/regulation 9\(2\)/);
  });

  test('the checked figures practitioners ask for are stated, with their source, in the documents they belong to', () => {
    const body = (code: string) => (byCode.get(code)?.body ?? '').replace(/\*\*/g, '');
    const figures: [string[], RegExp][] = [
      [
        ['HSG274', 'HTM 04-01 Part B', 'ACoP L8'],
        /Sentinel outlets: temperature \| Checked monthly\. Hot water reaches at least 50 °C \(at least 55 °C in healthcare premises\) within 1 minute of running; cold water is below 20 °C within 2 minutes/,
      ],
      [
        ['HSG274', 'HTM 04-01 Part B', 'ACoP L8'],
        /Stored at 60 °C or above; water returning to the calorifier at least 50 °C \(at least 55 °C in healthcare premises\)/,
      ],
      [['HSG274', 'HTM 04-01 Part B', 'ACoP L8'], /Little-used outlets \| Flushed at least weekly/],
      [['ACoP L8', 'HTM 04-01 Part B'], /at least 5 years/],
      [['HTM 04-01 Part B', 'HTM 04-01 Part A'], /44 °C.*41 °C/],
      [['NSHC 2021'], /six functional risk\s+categories, FR1 to FR6/],
      [['RRO 2005', 'HTM 05-01', 'HTM 05-03'], /[Ww]eekly, each week from a different manual call point.*BS 5839-1/],
      [['RRO 2005', 'HTM 05-01', 'HTM 05-03'], /Monthly functional test.*annual full-duration test.*BS 5266-1/],
      [['COSHH 2002'], /kept for 40 years \(COSHH 2002, regulations 10 and 11\)/],
      [['LOLER 1998'], /Until the next report is made, or 2 years, whichever is later/],
      [['EPA 1990 s.34', 'HWR 2005'], /2 years[^|]*\| *$|\| 2 years/m],
      [['EPA 1990 s.34', 'HWR 2005', 'HTM 07-01'], /3 years/],
    ];
    for (const [codes, figure] of figures) for (const code of codes) expect(body(code), `${code}: ${figure}`).toMatch(figure);
  });

  test('no document sends the reader elsewhere for a figure ("take them from the current edition")', () => {
    const evasive =
      /take (them|it|frequencies|the outlet targets)[^.]*from the current|take outlet targets|should be taken from the current|check the current edition (for|and keep)/i;
    expect(corpus.filter((doc) => evasive.test(doc.body)).map((doc) => doc.meta.code)).toEqual([]);
  });

  test('the wording convention and the devolved-nations note are said once, in HTM 00, and referred to elsewhere', () => {
    const flat = (code: string) => (byCode.get(code)?.body ?? '').replace(/\s+/g, ' ');
    expect(flat('HTM 00')).toMatch(/## Conventions shared by the HTM series/);
    expect(flat('HTM 00')).toMatch(/\*\*must\*\* — a legal obligation/);
    expect(flat('HTM 00')).toMatch(/Northern Ireland generally adopts the English HTMs with local notes/);
    // HTM 07-01 keeps its own preface's statement of the convention, as a fact about that document.
    const restating = corpus
      .filter((doc) => !['HTM 00', 'HTM 07-01', 'HTM 07-01 (2013)'].includes(doc.meta.code))
      .filter((doc) =>
        /\*\*must\*\* (signals|=|for|\(legal)|"must" (usually|normally|generally)|Northern Ireland generally adopts/i.test(
          flat(doc.meta.code),
        ),
      )
      .map((doc) => doc.meta.code);
    expect(restating).toEqual([]);
    const referring = corpus.filter((doc) => flat(doc.meta.code).includes('see HTM 00, "Conventions shared by the HTM series"'));
    expect(referring.length).toBeGreaterThanOrEqual(25);
  });

  test('no hedge reads as unfinished work ("not verified for this library")', () => {
    const unfinished =
      /not (been |yet )?verified( in detail)? for this|\(not (yet )?verified\)|check the current (definitions|edition before)|have not been confirmed for this briefing/i;
    expect(corpus.filter((doc) => unfinished.test(doc.body)).map((doc) => doc.meta.code)).toEqual([]);
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
  - title: "A source — Someone (someone.example)"
    url: "https://someone.example/a-source"
  - title: "A source with no known address"
---
# X 1 A title
`;

  test('accepts a valid file and returns the body', () => {
    const parsed = parseCorpusFile(valid, 'x-1.md');
    expect(parsed.meta.code).toBe('X 1');
    expect(parsed.body).toBe('# X 1 A title\n');
    expect(parsed.meta.sources).toEqual([
      { title: 'A source — Someone (someone.example)', url: 'https://someone.example/a-source' },
      { title: 'A source with no known address' },
    ]);
  });

  test.each([
    ['no front matter', '# Just a heading\n', /no front matter/],
    ['unknown category', valid.replace('"Guidance"', '"Opinion"'), /category/],
    ['the retired category "Approved Code of Practice"', valid.replace('"Guidance"', '"Approved Code of Practice"'), /category/],
    ['superseded without a replacement', valid.replace('status: "current"', 'status: "superseded"'), /superseded_by/],
    ['unknown key', valid.replace('edition: "2020"', 'edition: "2020"\nauthor: "me"'), /Unrecognized key|author/],
    ['bad file name', valid.replace('"x-1.md"', '"X 1.md"'), /filename/],
    ['unknown nation', valid.replace('"England"', '"Mars"'), /applies_to/],
    ['a source as a bare string', valid.replace('  - title: "A source with no known address"', '  - "A bare source"'), /sources/],
    ['a source address that is not https', valid.replace('https://someone.example', 'http://someone.example'), /sources.0.url/],
    ['a source address that is not an address', valid.replace('"https://someone.example/a-source"', '"someone.example"'), /sources.0.url/],
  ])('rejects %s', (_label, source, message) => {
    expect(() => parseCorpusFile(source, 'x-1.md')).toThrow(message);
  });

  test('superseded_by names one replacement, or every successor part as a list', () => {
    const superseded = valid.replace('status: "current"', 'status: "superseded"');
    const one = parseCorpusFile(superseded.replace('superseded_by: null', 'superseded_by: "X 2"'), 'x-1.md');
    expect(one.meta.superseded_by).toBe('X 2');
    const parts = superseded.replace('superseded_by: null', 'superseded_by:\n  - "X 2 Part A"\n  - "X 2 Part B"');
    expect(parseCorpusFile(parts, 'x-1.md').meta.superseded_by).toEqual(['X 2 Part A', 'X 2 Part B']);
    expect(() => parseCorpusFile(superseded.replace('superseded_by: null', 'superseded_by: []'), 'x-1.md')).toThrow(/superseded_by/);
  });

  test('counts words, not Markdown punctuation', () => {
    expect(countWords('## Heading\n\n| a | b |\n|---|---|\n- one two')).toBe(5);
  });
});
