import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentElements, documents } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { TestApp } from '../test/app.ts';
import { buildDocument, buildLibraryTestApp, buildOrganisation, type TestUser } from '../test/factories.ts';
import { retrievePassages } from './retrieval.ts';
import { readQuestion } from './question/read.ts';
import { libraryWording } from './retrieval/wording.ts';
import { documentsMentioning } from './retrieval/candidates.ts';
import { queryTerms } from './retrieval/question.ts';
import { isCrossReference, namesCode, namesTitle, offQuestionSection, sourceKind } from './retrieval/text-signals.ts';

let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  ({ t, standard } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

const retrieve = (question: string, options: { includeInternal?: boolean; organisationId?: string; history?: string[] } = {}) =>
  retrievePassages({ db: t.db, organisationId: options.organisationId ?? standard.user.organisationId, question, ...options });

/** The codes of the documents a retrieval quotes, in order of code. */
const codesOf = (result: { passages: { code: string }[] }) => [...new Set(result.passages.map((passage) => passage.code))].sort();
/** That the answer to a question quotes a document. */
const cites = async (question: string, code: string) => expect(codesOf(await retrieve(question))).toContain(code);

/** An internal document with a heading, an introduced list and a later paragraph. */
async function buildProcedure(organisationId: string): Promise<{ id: string; elementIds: string[] }> {
  const id = newId();
  await t.db.insert(documents).values({
    id,
    organisationId,
    code: 'LOCAL QB-7',
    title: 'Quillbrook valve procedure',
    filename: `quillbrook-${id}.md`,
    category: 'Internal',
    domain: 'Local',
    subdomain: 'Local procedures',
    issuer: 'Estates',
    edition: '2025',
    status: 'current',
    sourceKind: 'upload',
    contentHash: id,
  });
  const rows = [
    { type: 'title' as const, text: 'Quillbrook valve procedure', headingPath: [] },
    { type: 'heading' as const, text: 'Checks', headingPath: [] },
    { type: 'paragraph' as const, text: 'Estates staff carry out these checks:', headingPath: ['Checks'] },
    { type: 'list_item' as const, text: 'Exercise every quillbrook valve monthly.', headingPath: ['Checks'] },
    { type: 'list_item' as const, text: 'Record the position of each valve.', headingPath: ['Checks'] },
    { type: 'list_item' as const, text: 'Report seized valves the same day.', headingPath: ['Checks'] },
    { type: 'heading' as const, text: 'Training', headingPath: [] },
    { type: 'paragraph' as const, text: 'New staff are shown the plant rooms in their first week.', headingPath: ['Training'] },
  ].map((row, position) => ({ id: newId(), documentId: id, position, ...row }));
  await t.db.insert(documentElements).values(rows);
  return { id, elementIds: rows.map((row) => row.id) };
}

describe('questions as people type them', () => {
  const reworded = async (text: string) => (await libraryWording({ db: t.db, organisationId: standard.user.organisationId, text }))(text);

  test('a clipped word is read as the library word it starts, a run-together one as its two words', async () => {
    expect(await reworded('min temp in the workroom?')).toMatch(/^minimum temperatur\w* in the work room\?$/);
  });

  test("everyday writing's abbreviations are written out, but only where the library writes the word", async () => {
    expect(await reworded('max temp at the bath taps')).toMatch(/^maximum temperatur\w* at the bath taps$/);
    expect(await reworded('EICR every 5 yrs at the sterile services dept')).toBe('EICR every 5 years at the sterile services department');
    // "2 min" after a figure is minutes, not a minimum.
    expect(await reworded('flush for 2 min')).toBe('flush for 2 minutes');
    // An exam is an examination, not the first library word "exam" starts ("example").
    expect(await reworded('pressure systems exam paperwork')).toBe('pressure systems examination paperwork');
    // A gas written as its chemical symbol is the gas the library names.
    expect(await reworded('portable O2 for the patient')).toBe('portable oxygen for the patient');
  });

  test('an abbreviation the library does not hold is read as the name the library writes whose initials it is', async () => {
    expect(await reworded('incidents were reported to the MDA')).toBe('incidents were reported to the Medical Devices Agency');
    // With its kind after it, an abbreviation names a document as it is; one the library has no name for stays.
    expect(await reworded('which section of the HSW act')).toBe('which section of the HSW act');
    expect(await reworded('does OSHA require it')).toBe('does OSHA require it');
  });

  test('two words the library writes as one are read as its word', async () => {
    expect(await reworded('what goes in the fire alarm log book?')).toBe('what goes in the fire alarm logbook?');
    expect(await reworded('log-book entries')).toBe('logbook entries');
    // Words the library does not join stay apart.
    expect(await reworded('fire alarm test')).toBe('fire alarm test');
  });

  test("a word spelt the other way is read in the library's spelling", async () => {
    // The library writes "sterilizer" and "colour"; people write either spelling.
    expect(await reworded('new benchtop steriliser')).toBe('new benchtop sterilizer');
    expect(await reworded('what color bag')).toBe('what colour bag');
  });

  test("a code's plural, a temperature run into its unit and a contraction without its apostrophe are read as the library writes them", async () => {
    expect(await reworded('EICR came back with three C2s')).toBe('EICR came back with three c2');
    expect(await reworded('drop the calorifier to 50C')).toBe('drop the calorifier to 50 °C');
    expect(await reworded('whats the rule')).toBe("what's the rule");
    // Money is not a temperature, and a figure in another unit stays as typed.
    expect(await reworded('a £50c charge for a 20m high block')).toBe('a £50c charge for a 20m high block');
  });

  test('a word the library holds, an everyday word and a subject the library lacks stay as typed', async () => {
    for (const text of [
      'What is the recommended paediatric dose of amoxicillin?',
      'Who won the 2022 football World Cup?',
      'How often are sentinel outlets checked?',
    ]) {
      expect(await reworded(text)).toBe(text);
    }
  });

  test('an everyday word does not make the library decline a question it answers', async () => {
    const result = await retrieve('what temperature range does legionella actually grow in?');
    expect(codesOf(result)).toContain('ACoP L8');
  });

  test('the words that put a question weigh less than those naming its subject, however few documents hold them', async () => {
    const result = await retrieve('a visitor has asked us for the CCTV footage of themselves - how long have we got to respond?');
    const weight = (word: string) => result.terms.find((term) => term.word === word)?.weight ?? 0;
    expect(weight('asked')).toBeLessThan(weight('footage') / 2);
    expect(codesOf(result)).toContain('DPA 2018 + UK GDPR');
  });

  test('words only in a parenthesised aside weigh half, and "etc" not at all', async () => {
    const plain = await retrieve('how long do we keep health surveillance records for skin checks?');
    const aside = await retrieve('how long do we keep health surveillance records (skin checks etc)?');
    const weight = (result: typeof plain, word: string) => result.terms.find((term) => term.word === word)?.weight ?? 0;
    expect(weight(aside, 'skin')).toBeCloseTo(weight(plain, 'skin') / 2);
    expect(weight(aside, 'surveillance')).toBeCloseTo(weight(plain, 'surveillance'));
    expect(aside.terms.map((term) => term.word)).not.toContain('etc');
  });

  test('a question on a subject the library lacks is still declined, everyday words and all', async () => {
    for (const question of [
      'Who won the 2022 football World Cup?',
      'will it rain in leeds this weekend',
      'What is the capital of Australia?',
    ]) {
      expect((await retrieve(question)).passages).toEqual([]);
    }
  });

  test('a year the question gives picks that edition of a document it names, not a predecessor merged into it', async () => {
    expect(codesOf(await retrieve('what did BS 5266-1 add to emergency lighting in its 2016 edition?'))).toContain('BS 5266-1:2016');
    expect(codesOf(await retrieve('our lone working policy still cites HTM 06-02 from 2006 - what should we do with it?'))).toContain(
      'HTM 06-02 (2006)',
    );
    expect(codesOf(await retrieve('our asbestos contractor quotes the 2006 L143 acop. is it still current?'))).not.toContain(
      'ACoP L127 (2006)',
    );
  });

  test("a question about a document's first edition names the earliest edition the library holds of it", async () => {
    expect(codesOf(await retrieve('on what date did the very first HTM 05-01 on managing fire safety come out?'))).toContain(
      'HTM 05-01 (2006)',
    );
    // "First" in another sense names no edition.
    expect(codesOf(await retrieve('do first aid kits in the estates workshop need checking under HTM 05-01?'))).not.toContain(
      'HTM 05-01 (2006)',
    );
  });

  test("another country's rules are declined, though the library holds the question's other words", async () => {
    const abroad = await retrieve('in Texas, what temperature range does legionella actually grow in?');
    expect(abroad.passages).toEqual([]);
    await cites('in England, what temperature range does legionella actually grow in?', 'ACoP L8');
  });

  test('pay, tax and office software are declined, though the library holds some of their words', async () => {
    for (const question of [
      "what's the weekly statutory sick pay rate right now? one of our night carers is going off for a fortnight",
      'how do i set up a recurring teams meeting for the water safety group that our external AE can join?',
    ]) {
      expect((await retrieve(question)).passages).toEqual([]);
    }
  });
});

describe('retrievePassages', () => {
  test('expands a matching list item to its whole list with the paragraph introducing it and its heading', async () => {
    const { id, elementIds } = await buildProcedure(standard.user.organisationId);
    const result = await retrieve('How often must a quillbrook valve be exercised?', { includeInternal: true });
    expect(result.passages).toHaveLength(1);
    const [passage] = result.passages;
    expect(passage?.documentId).toBe(id);
    expect(passage?.headingPath).toEqual(['Checks']);
    expect(passage?.elements.map((element) => element.id)).toEqual(elementIds.slice(2, 6));
    expect(passage?.score).toBeGreaterThanOrEqual(0.5);
    expect(passage?.sentences.find((sentence) => sentence.text.startsWith('Exercise'))?.score).toBeGreaterThan(0.5);

    // Internal documents only when asked for, and never another organisation's.
    expect((await retrieve('How often must a quillbrook valve be exercised?')).passages).toEqual([]);
    const outsider = await buildOrganisation(t);
    expect(
      (await retrieve('How often must a quillbrook valve be exercised?', { includeInternal: true, organisationId: outsider.id })).passages,
    ).toEqual([]);
  });

  test('caps passages and documents, with no element quoted twice', async () => {
    const result = await retrieve('What temperatures and monitoring are needed to control legionella in hot and cold water systems?');
    expect(result.passages.length).toBeGreaterThan(1);
    expect(result.passages.length).toBeLessThanOrEqual(8);
    const documentIds = new Set(result.passages.map((passage) => passage.documentId));
    expect(documentIds.size).toBeGreaterThan(1);
    expect(documentIds.size).toBeLessThanOrEqual(3);
    const ids = result.passages.flatMap((passage) => passage.elements.map((element) => element.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(result.passages.map((passage) => passage.code)).toEqual(expect.arrayContaining(['ACoP L8', 'HTM 04-01 Part B']));
    expect(result.elapsedMs).toBeGreaterThan(0);
  });

  test('a superseded edition the question names by its code is a candidate, however low the search ranks it', async () => {
    const result = await retrieve('which documents replaced HTM 04-01 (2006)?');
    expect(codesOf(result)).toContain('HTM 04-01 (2006)');
  });

  test('a code named without its part or year names the current parts, or the editions when none is current', async () => {
    const parts = await retrieve('which part of HTM 03-01 covers testing a new isolation suite before handover?');
    expect(codesOf(parts).filter((code) => code.startsWith('HTM 03-01'))).toEqual(['HTM 03-01 Part A', 'HTM 03-01 Part B']);
    const edition = await retrieve('endoscopy decon SOPs still reference CFPP 01-06. what replaced it and when?');
    // The edition says when and by what; its successor is what to follow now.
    expect(codesOf(edition)).toEqual(['CFPP 01-06 (2013)', 'HTM 01-06']);
  });

  test('an abbreviation written without the brackets of its code names the document ("IRMER")', async () => {
    const result = await retrieve('under IRMER whos responsible for deciding an x-ray is actually justified for the patient?');
    expect(result.passages[0]?.code).toBe('IR(ME)R 2017');
  });

  test('an old number the library records as replaced names the documents that record it', async () => {
    const result = await retrieve('acoustic spec for the new outpatients block still cites HTM 2045. whats the current guidance?');
    expect(codesOf(result)).toEqual(['HTM 08-01', 'HTM 08-01 (2008)']);
    const filters = { category: [], domain: [], subDomain: [] };
    const mentioning = (text: string) =>
      documentsMentioning({ db: t.db, organisationId: standard.user.organisationId, text, filters, includeInternal: false });
    expect(await mentioning('still cites HTM 2045')).toHaveLength(2);
    // A document's own code, or a code many documents cite, is not an old number.
    expect(await mentioning('does HTM 04-01 apply?')).toEqual([]);
    expect(await mentioning('does BS 7671 apply?')).toEqual([]);
  });

  test("a roles table holding the question's words only across its rows does not answer it", async () => {
    const result = await retrieve('can you suggest some fun team building activities for our estates team away day?');
    expect(result.passages).toEqual([]);
  });

  test('a word the library lacks that only puts the question ("us", "till") weighs nothing', async () => {
    const words = (
      await queryTerms(t.db, standard.user.organisationId, 'they could not get in till month 7. does that put us out of line?', '')
    ).map((term) => term.word);
    expect(words).not.toContain('us');
    expect(words).not.toContain('till');
    expect(words).toContain('line');
  });

  test("the asker's own place and figures do not keep the library from answering", async () => {
    // "health centre" and "5 yrs" are the asker's, not the library's words: the wiring standard still answers.
    const result = await retrieve(
      'how often do we legally need an EICR on the fixed wiring at the health centre? someone said every 5 yrs',
    );
    expect(codesOf(result)).toContain('BS 7671');
  });

  test("two of the question's specific words in one passage answer it, though the asker's scene is not the library's", async () => {
    await buildProcedure(standard.user.organisationId);
    const ask = (question: string) => retrieve(question, { includeInternal: true });
    const scene =
      'does the contractor servicing the boiler house calorifier at the community hospital have to tell our estates manager in writing about a seized quillbrook valve';
    const result = await ask(scene);
    expect(result.passages.map((passage) => passage.code)).toContain('LOCAL QB-7');
    expect(result.terms.filter((term) => term.specific).map((term) => term.word)).toEqual(expect.arrayContaining(['quillbrook', 'seized']));
    // One specific word alone, with the rest of the question elsewhere, is a passing mention.
    expect((await ask('which football team did the quillbrook family support in the 1966 world cup final?')).passages).toEqual([]);
  });

  test('a document the question names by its title answers, even one that says it applies elsewhere', async () => {
    const result = await retrieve(
      'do the fire safety (england) regs 2022 only really apply to blocks of flats like our staff residences, not the wards?',
    );
    expect(result.passages[0]?.code).toBe('FS(E)R 2022');
  });

  test('keeps a question naming a code to that document', async () => {
    const result = await retrieve('HTM 06-01');
    expect(new Set(result.passages.map((passage) => passage.code))).toEqual(new Set(['HTM 06-01']));
  });

  test.each([
    ['only question words', 'What is it?'],
    ['an oversized question', `${'zzq '.repeat(1500)}valves`],
  ])('answers nothing for %s, without error and without changing the library', async (_, question) => {
    const [before] = await t.db.select({ n: count() }).from(documents);
    const result = await retrieve(question);
    expect(result.passages).toEqual([]);
    const [after] = await t.db.select({ n: count() }).from(documents);
    expect(after?.n).toBe(before?.n);
  });

  test('reads query syntax and SQL as plain words, without error and without changing the library', async () => {
    const [before] = await t.db.select({ n: count() }).from(documents);
    const result = await retrieve(`"'; drop table documents; -- OR -everything`);
    // Quotes, "or" and dashes are how people type, not search operators: the words are searched.
    expect(result.terms.map((term) => term.word)).toEqual(expect.arrayContaining(['drop', 'table', 'documents']));
    const [after] = await t.db.select({ n: count() }).from(documents);
    expect(after?.n).toBe(before?.n);
  });

  test('finds the document for a question typed with quotes and "or", which the wiki search reads as operators', async () => {
    const result = await retrieve('are "thorough examinations" of patient hoists due every 6 months or every year?');
    expect(result.passages.map((passage) => passage.code)).toContain('LOLER 1998');
  });
});

describe('choosing the documents that answer', () => {
  const paragraph = (text: string) => ({ type: 'paragraph' as const, text });

  test('cites a further document only when it answers a part of the question the first leaves open', async () => {
    // In the seed library, CQC Reg 12 and 15 repeat LOLER's intervals without adding to them; the
    // Approved Code of Practice on LOLER (ACoP L113) and HTM 08-02 "Lifts" are the guidance beside the law.
    expect(codesOf(await retrieve('How often must lifting equipment used to lift patients be thoroughly examined?'))).toEqual([
      'ACoP L113',
      'HTM 08-02',
      'LOLER 1998',
    ]);

    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    await buildDocument(t, {
      code: 'LOCAL QV-1',
      filename: `qv-1-${stamp}.md`,
      title: 'Brindlewick valve procedure',
      organisationId,
      elements: [paragraph('Brindlewick valves are exercised monthly by the estates team, and each exercise is logged.')],
    });
    await buildDocument(t, {
      code: 'LOCAL QV-2',
      filename: `qv-2-${stamp}.md`,
      title: 'Descaling schedule',
      organisationId,
      elements: [paragraph('Brindlewick valves are descaled annually by the water treatment contractor.')],
    });
    await buildDocument(t, {
      code: 'LOCAL QV-3',
      filename: `qv-3-${stamp}.md`,
      title: 'Plant room notes',
      organisationId,
      elements: [paragraph('In plant room 4 the brindlewick valves are exercised monthly; see the valve procedure.')],
    });
    const ask = (question: string) => retrieve(question, { includeInternal: true });
    // The document about the valves answers; the plant room notes repeat it and add nothing.
    expect(codesOf(await ask('How often are brindlewick valves exercised?'))).toEqual(['LOCAL QV-1']);
    // A question with two parts cites a document for each.
    expect(codesOf(await ask('How often are brindlewick valves exercised and descaled?'))).toEqual(['LOCAL QV-1', 'LOCAL QV-2']);
  });

  test('cites the law and the guidance on it together, when the guidance is on the subject by its title', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    const law = await buildDocument(t, {
      code: 'LOCAL ZR',
      filename: `zr-${stamp}.md`,
      title: 'Zorblat Tank Regulations 2020',
      organisationId,
      elements: [paragraph('Zorblat tanks must be inspected by a competent person at suitable intervals.')],
    });
    await t.db.update(documents).set({ category: 'Legislation' }).where(eq(documents.id, law));
    await buildDocument(t, {
      code: 'LOCAL ZG',
      filename: `zg-${stamp}.md`,
      title: 'Zorblat tanks',
      organisationId,
      elements: [paragraph('Zorblat tanks are inspected every six months by a competent person.')],
    });
    // Guidance too, and as much on the question, but its title is about something else: a passing mention.
    await buildDocument(t, {
      code: 'LOCAL ZN',
      filename: `zn-${stamp}.md`,
      title: 'Plant room notes',
      organisationId,
      elements: [paragraph('Zorblat tanks in plant room 4 are inspected every six months by a competent person.')],
    });
    // Neither adds a part of the question the other leaves open: only the kind rule cites both.
    expect(codesOf(await retrieve('How often must zorblat tanks be inspected?', { includeInternal: true }))).toEqual([
      'LOCAL ZG',
      'LOCAL ZR',
    ]);
    // Law and guidance equally on the question, but neither title is about it: one answers alone.
    const quorvelLaw = await buildDocument(t, {
      code: 'LOCAL QR',
      filename: `qr-${stamp}.md`,
      title: 'Rotating Plant Regulations 2021',
      organisationId,
      elements: [paragraph('Quorvel pumps must be inspected by a competent person at suitable intervals.')],
    });
    await t.db.update(documents).set({ category: 'Legislation' }).where(eq(documents.id, quorvelLaw));
    await buildDocument(t, {
      code: 'LOCAL QN',
      filename: `qn-${stamp}.md`,
      title: 'Basement plant notes',
      organisationId,
      elements: [paragraph('Quorvel pumps in the basement are inspected every six months by a competent person.')],
    });
    expect(codesOf(await retrieve('How often must quorvel pumps be inspected?', { includeInternal: true }))).toHaveLength(1);
    // Seed library: the waste guidance answers and the duty of care (the law) is cited beside it.
    expect(codesOf(await retrieve('How long must waste transfer notes be kept?'))).toEqual(['EPA 1990 s.34', 'HTM 07-01']);
  });

  test('a document the question names by its title answers first', async () => {
    const result = await retrieve('When is live electrical work allowed under the Electricity at Work Regulations?');
    expect(result.passages[0]?.code).toBe('EAWR 1989');
    expect(codesOf(result)).toEqual(['EAWR 1989', 'HTM 06-02']);
  });

  test('between documents equally about the question, the one the search ranks higher answers first', async () => {
    // HTM 02-01 Part A (design) and Part B (operational management) have the same roles section;
    // the search, which weighs the whole document, ranks Part B higher.
    const result = await retrieve('What roles are defined for medical gas pipeline systems?');
    expect(result.passages[0]?.code).toBe('HTM 02-01 Part B');
  });

  test("follows the first document's own pointer to the document where the answer continues", async () => {
    const result = await retrieve('How often must fixed electrical installations in a hospital be inspected and who signs off the work?');
    // The wiring standard (or the law) answers first, and says the healthcare regime of periodic
    // inspection is set in HTM 06-01 ("HTM 06-01 sets the healthcare regime").
    expect(['BS 7671', 'EAWR 1989']).toContain(result.passages[0]?.code);
    expect(codesOf(result)).toEqual(expect.arrayContaining(['EAWR 1989', 'HTM 06-01']));
  });

  test('an abbreviation only one current document uses names that document ("under QBX")', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    const regulations = await buildDocument(t, {
      code: 'QBX 2020',
      filename: `qbx-${stamp}.md`,
      title: 'Quillbrook Exercise Regulations 2020',
      organisationId,
      elements: [paragraph('Valves must be exercised by a competent person at suitable intervals.')],
    });
    await buildDocument(t, {
      code: 'LOCAL QBX-GUIDE',
      filename: `qbx-guide-${stamp}.md`,
      title: 'Valve exercising guide',
      organisationId,
      elements: [paragraph('Under QBX, valves must be exercised every quarter by a competent person.')],
    });
    const result = await retrieve('How often must valves be exercised under QBX?', { includeInternal: true });
    expect(result.passages.map((passage) => passage.documentId)).toEqual([regulations]);
  });

  test("drops a follow-up's passages that hold only the earlier question's terms", async () => {
    const organisationId = standard.user.organisationId;
    await buildDocument(t, {
      code: 'LOCAL GR-1',
      filename: `gr-1-${Date.now()}.md`,
      title: 'Glimmerstone boiler procedure',
      organisationId,
      elements: [
        paragraph('Glimmerstone boilers are descaled every six months.'),
        paragraph('Glimmerstone boilers are serviced by the plant contractor every six months.'),
        paragraph('The shift engineer countersigns every glimmerstone boiler descaling record.'),
      ],
    });
    const result = await retrieve('and who countersigns it?', {
      includeInternal: true,
      history: ['How often must glimmerstone boilers be descaled?'],
    });
    expect(result.question.followUp).toBe(true);
    const texts = result.passages.flatMap((passage) => passage.elements.map((element) => element.text));
    expect(texts).toContain('The shift engineer countersigns every glimmerstone boiler descaling record.');
    expect(texts).not.toContain('Glimmerstone boilers are descaled every six months.');
  });

  test('"how long" and "how quickly" ask for a measure: the measure word is not searched for', async () => {
    const result = await retrieve('How long must waste transfer notes be kept?');
    expect(result.terms.map((term) => term.lexeme)).not.toContain('long');
    expect(result.terms.map((term) => term.lexeme)).toEqual(expect.arrayContaining(['wast', 'transfer', 'note']));
  });
});

describe('question kinds and applicability in choosing documents and passages', () => {
  const paragraph = (text: string) => ({ type: 'paragraph' as const, text });
  const ask = (question: string) => retrieve(question, { includeInternal: true });

  test('a document that says it does not apply to the asker’s setting is not cited for that setting', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    await buildDocument(t, {
      code: 'LOCAL FX-R',
      filename: `fx-r-${stamp}.md`,
      title: 'Frobnitz Alarm Regulations',
      organisationId,
      elements: [
        paragraph('Care homes and hospitals are not blocks of flats, so these Regulations do not normally apply to them.'),
        paragraph('Frobnitz alarms in a block of flats must be tested monthly, and every home told of the results.'),
      ],
    });
    await buildDocument(t, {
      code: 'LOCAL FX-G',
      filename: `fx-g-${stamp}.md`,
      title: 'Alarm guide',
      organisationId,
      elements: [paragraph('Frobnitz alarms are tested regularly and faults put right.')],
    });
    expect(codesOf(await ask('What must a care home do about frobnitz alarms?'))).toEqual(['LOCAL FX-G']);
    // Asked without a setting, the Regulations answer first.
    expect((await ask('What must every home do about frobnitz alarms?')).passages[0]?.code).toBe('LOCAL FX-R');
  });

  test('an operational question is answered from the operational part, a design question from the design part', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    const text = 'Zentrofan ductwork is inspected, cleaned and its dampers tested by the Authorised Person.';
    await buildDocument(t, {
      code: 'LOCAL ZD Part A',
      filename: `zd-a-${stamp}.md`,
      title: 'Zentrofan ductwork: design, installation and commissioning',
      organisationId,
      elements: [paragraph(text)],
    });
    await buildDocument(t, {
      code: 'LOCAL ZD Part B',
      filename: `zd-b-${stamp}.md`,
      title: 'Zentrofan ductwork: operational management',
      organisationId,
      elements: [paragraph(text)],
    });
    expect(codesOf(await ask('Who maintains zentrofan ductwork dampers day to day?'))).toEqual(['LOCAL ZD Part B']);
    expect((await ask('How is zentrofan ductwork with dampers designed and installed?')).passages[0]?.code).toBe('LOCAL ZD Part A');
  });

  test('a summary whose answer names the specific document as its source yields to it', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    await buildDocument(t, {
      code: 'LOCAL VX',
      filename: `vx-${stamp}.md`,
      title: 'Vellumite filter changes: an overview',
      organisationId,
      elements: [paragraph('Vellumite filter changes: every three months, as set in LOCAL VF-2 (see there for the detail).')],
    });
    await buildDocument(t, {
      code: 'LOCAL VF-2',
      filename: `vf-2-${stamp}.md`,
      title: 'Filter contract',
      organisationId,
      elements: [paragraph('Vellumite filter changes are made every three months by the filter contractor.')],
    });
    const result = await ask('How often are vellumite filter changes made?');
    expect(result.passages[0]?.code).toBe('LOCAL VF-2');
    expect(codesOf(result)).toEqual(['LOCAL VF-2']);
  });

  test('an amending instrument yields to the instrument it amends', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    const amending = await buildDocument(t, {
      code: 'LOCAL GA',
      filename: `ga-${stamp}.md`,
      title: 'Gantrix Safety Act',
      organisationId,
      elements: [
        paragraph(
          'This short Act amends the Gantrix Order (LOCAL GO). Gantrix safety duties of the gantrix keeper are clarified for gantrix doors.',
        ),
      ],
    });
    const order = await buildDocument(t, {
      code: 'LOCAL GO',
      filename: `go-${stamp}.md`,
      title: 'Gantrix Order',
      organisationId,
      elements: [paragraph('The gantrix keeper must assess gantrix risks and keep gantrix doors in good repair.')],
    });
    await t.db
      .update(documents)
      .set({ category: 'Legislation' })
      .where(inArray(documents.id, [amending, order]));
    const result = await ask('What are the gantrix safety duties of the gantrix keeper?');
    expect(result.passages[0]?.code).toBe('LOCAL GO');
  });

  test('the law does not yield to the guidance it points to: both are cited, the law first', async () => {
    const organisationId = standard.user.organisationId;
    const stamp = Date.now();
    const law = await buildDocument(t, {
      code: 'LOCAL WR',
      filename: `wr-${stamp}.md`,
      title: 'Wexlar Installation Regulations',
      organisationId,
      elements: [paragraph('Wexlar installation inspection must follow the regimes recommended in LOCAL WG.')],
    });
    await t.db.update(documents).set({ category: 'Legislation' }).where(eq(documents.id, law));
    await buildDocument(t, {
      code: 'LOCAL WG',
      filename: `wg-${stamp}.md`,
      title: 'Wexlar guide',
      organisationId,
      elements: [paragraph('Wexlar installation inspection covers the casing, the seals and the earth bonding.')],
    });
    const result = await ask('What does wexlar installation inspection involve?');
    expect(result.passages[0]?.code).toBe('LOCAL WR');
    expect(codesOf(result)).toEqual(['LOCAL WG', 'LOCAL WR']);
  });

  test('the regulation an overview names for the question answers in its place, though the search ranked it lower', async () => {
    // Seed library: the Regulations' overview tabulates every fundamental standard with its code;
    // the row on the question names CQC Reg 12.
    const result = await retrieve('What does a hospital need to do about safe care and treatment under the fundamental standards?');
    expect(result.passages[0]?.code).toBe('CQC Reg 12');
    expect(codesOf(result)).not.toContain('HSCA 2008 RA Regs 2014');
  });

  test('a who-question quotes the roles table even when other passages hold more of its words', async () => {
    const organisationId = standard.user.organisationId;
    const table = 'Role | Responsibilities\nDesignated Person | Board-level accountability\nAuthorised Person | Issues permits';
    await buildDocument(t, {
      code: 'LOCAL QP',
      filename: `qp-${Date.now()}.md`,
      title: 'Quorn plant safety',
      organisationId,
      elements: [
        paragraph('Quorn plant safety covers quorn plant isolation, quorn plant permits and quorn plant testing.'),
        paragraph('Quorn plant testing follows the quorn plant schedule.'),
        paragraph('Quorn plant isolation is recorded by the Authorised Person.'),
        paragraph('Quorn plant permits are kept.'),
        { type: 'heading' as const, text: 'Roles and responsibilities' },
        { type: 'table' as const, text: table },
      ],
    });
    const result = await ask('Who is responsible for quorn plant safety?');
    const texts = result.passages.flatMap((passage) => passage.elements.map((element) => element.text));
    expect(texts).toContain(table);
  });
});

describe('naming and kinds of document', () => {
  test('a title of three or more words, without its year and asides, names the document', () => {
    const eawr = 'Electricity at Work Regulations 1989 (with HSE memorandum HSR25)';
    expect(namesTitle(readQuestion('When is live work allowed under the Electricity at Work Regulations?'), eawr)).toBe(true);
    expect(namesTitle(readQuestion('What do the electricity at work regulations 1989 require?'), eawr)).toBe(true);
    expect(namesTitle(readQuestion('Is live electrical work allowed?'), eawr)).toBe(false);
    const epa = 'Environmental Protection Act 1990, section 34 — waste duty of care (with statutory code of practice)';
    expect(namesTitle(readQuestion('What does the Environmental Protection Act say about waste?'), epa)).toBe(true);
    expect(
      namesTitle(readQuestion('Which duties does the Health and Safety at Work Act set?'), 'Health and Safety at Work etc. Act 1974'),
    ).toBe(true);
    // One- and two-word titles are topics, not names; with the year they end on they are one edition's name.
    expect(namesTitle(readQuestion('How often are lifts examined?'), 'Lifts')).toBe(false);
    expect(namesTitle(readQuestion('Our brief still quotes the Lifts Regulations 1997 for the new cars.'), 'Lifts Regulations 1997')).toBe(
      true,
    );
    expect(namesTitle(readQuestion('Our brief still quotes the Lifts Regulations for the new cars.'), 'Lifts Regulations 1997')).toBe(
      false,
    );
    expect(namesTitle(readQuestion('Our brief still quotes the Lifts Regulations 1997.'), 'Lifts Regulations 2016')).toBe(false);
    expect(namesTitle(readQuestion('Who checks safe water?'), 'Safe water: operational management')).toBe(false);
    // Whole words only.
    expect(namesTitle(readQuestion('What is the duty of candours?'), 'Duty of candour')).toBe(false);
    expect(namesTitle(readQuestion('What does the duty of candour require?'), 'Duty of candour')).toBe(true);
  });

  test('a document the question names by its title answers however much else the question says', async () => {
    const question =
      'modernisation brief for our two bed lifts still quotes the Lifts Regulations 1997 for the new cars and safety gear. which lifts regs should it be citing?';
    const result = await retrieve(question);
    expect(result.passages.length).toBeGreaterThan(0);
    expect(codesOf(result)).toContain('Lifts Regs 1997');
    // The same words without the title's year name no edition, and the rest of the question is the asker's own.
    expect(codesOf(await retrieve(question.replace('Lifts Regulations 1997', 'Lifts Regulations')))).not.toContain('Lifts Regs 1997');
  });

  test("an edition named with its year first, or regulations by their abbreviation and 'regs', is named", async () => {
    expect(namesCode(readQuestion('it was lifted from the 2016 records management code'), 'Records Management Code (2016)')).toBe(true);
    expect(namesCode(readQuestion('it was lifted from the records management code 2016'), 'Records Management Code (2016)')).toBe(true);
    expect(namesCode(readQuestion('it was lifted from the 2021 records management code'), 'Records Management Code (2016)')).toBe(false);
    await cites(
      'our retention schedule was lifted straight from the 2016 records management code. do we need to redo all the periods now?',
      'Records Management Code (2016)',
    );
    await cites(
      'writing our live working procedure for the estates electricians. which reg in the EAW regs sets out when working live is allowed?',
      'EAWR 1989',
    );
  });

  test('a code the reference detector reads in the question names its document, as written in a policy or a meeting', async () => {
    // The year before a series letter and number, with the series' own prefix after them.
    await cites(
      'the contractor is still working from the 2006 L143 acop for the plant room strip out. is that edition still ok?',
      'ACoP L143 (2006)',
    );
    // An Act by the initials of its name and the word "act".
    await cites(
      'fire doors keep getting wedged open by staff. which part of the HSW act covers employees interfering with safety things?',
      'HSWA 1974',
    );
    // An old edition said after its family's code ("the 2007 one") is named as exactly as by its code.
    await cites(
      'the plant room design was done to HTM 05-02 (the 2007 one). is that the version we should be designing to?',
      'HTM 05-02 (2007)',
    );
    // An old title the library has no entry of its own for is read as the document that replaced it.
    await cites(
      "acoustic consultant on the new outpatients block keeps quoting a DH 'acoustics technical design manual'. is that a genuine official document?",
      'HTM 08-01',
    );
  });

  test('a document named by its code answers from the passage on what is asked, however much scene the question sets', async () => {
    const result = await retrieve(
      'estates team at our old district general hospital tower block have been talking about secondary disinfection for years. what options does HTM 04-01 part A give?',
    );
    expect(result.passages.some((passage) => passage.elements.some((element) => /chlorine dioxide/i.test(element.text)))).toBe(true);
  });

  test('an old code the editions of one document record is named by it, however many editions record it', async () => {
    await cites('found an old SSD validation file that keeps referring to HTM 2010 and HTM 2030. what did those two cover?', 'HTM 01-01');
  });

  test('legislation is the law; guidance and codes of practice are guidance; assurance frameworks are neither', () => {
    expect(sourceKind('Legislation')).toBe('law');
    expect(sourceKind('Guidance')).toBe('guidance');
    expect(sourceKind('Approved Code of Practice')).toBe('code');
    expect(sourceKind('Code of practice')).toBe('code');
    expect(sourceKind('Assurance')).toBeNull();
    expect(sourceKind('Internal')).toBeNull();
  });
});

describe('passage kinds', () => {
  test.each([
    ['HTM 07-01 — sharps as healthcare waste, container types and colour coding.', [], true],
    ['W(E&W)R 2011 – the waste hierarchy and the hierarchy declaration on transfer notes;', [], true],
    ['CQC Reg 12, CQC Reg 15 — fundamental standards.', [], true],
    ['EPA 1990 s.34 — the waste duty of care.', [], true],
    ['Sharps containers are kept off the floor.', ['Related documents'], true],
    ['Duty Holder — carries the legal duty for the safety of the lift.', [], false],
    ['HTM 06-01 is the NHS guidance for the fixed electrical infrastructure.', [], false],
    ['Segregate at source.', ['Key duties and requirements'], false],
  ])('isCrossReference(%j under %j) is %s', (text, headingPath, expected) => {
    expect(isCrossReference({ text, heading_path: headingPath })).toBe(expected);
  });

  test('history and common failings are asides unless the question asks about them', () => {
    expect(offQuestionSection(['What changed from the previous edition'], readQuestion('How should linen be washed?'))).toBe(true);
    expect(offQuestionSection(['History and what changed'], readQuestion('When did visiting become a fundamental standard?'))).toBe(false);
    expect(offQuestionSection(['Common compliance gaps'], readQuestion('How should linen be washed?'))).toBe(true);
    expect(offQuestionSection(['Common compliance gaps'], readQuestion('What are the common gaps in linen handling?'))).toBe(false);
    expect(offQuestionSection(['Key duties and requirements'], readQuestion('How should linen be washed?'))).toBe(false);
  });
});
