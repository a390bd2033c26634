import { describe, expect, it } from 'vitest';
import { seedReviewLibrary } from '../eval/review-set.ts';
import { pluralName } from './references-outdated.ts';
import { findReferences } from './references.ts';
import type { LibraryDocument, Policy, ReviewLibrary } from './types.ts';

const library = seedReviewLibrary();

function policyOf(...paragraphs: string[]): Policy {
  return {
    title: 'Estates policy',
    elements: paragraphs.map((text, index) => ({ index, type: 'paragraph', text, page: 1, headingPath: ['Policy'] })),
  };
}

function review(...paragraphs: string[]) {
  const policy = policyOf(...paragraphs);
  const result = findReferences(policy, library);
  const quoteOk = result.findings.every(
    (finding) =>
      finding.location &&
      policy.elements[finding.location.element]?.text.slice(finding.location.start, finding.location.end) === finding.quote,
  );
  expect(quoteOk).toBe(true);
  return result;
}

/** A current library document with a code and a title and no text. */
function bareDocument(code: string, title = code): LibraryDocument {
  return {
    id: code,
    code,
    title,
    status: 'current',
    edition: '2020',
    supersededBy: null,
    supersedes: [],
    domain: 'X',
    subdomain: 'X',
    elements: [],
  };
}

const outdated = (...paragraphs: string[]) => review(...paragraphs).findings.filter((finding) => finding.category === 'outdated_reference');
const unknown = (...paragraphs: string[]) => review(...paragraphs).findings.filter((finding) => finding.category === 'unknown_reference');

describe('citations', () => {
  it('finds codes, titles and acronyms, placed on the policy text', () => {
    const policy = policyOf('Passenger lifts follow HTM 08-02 and the Lifting Operations and Lifting Equipment Regulations 1998 (LOLER).');
    const { citations } = findReferences(policy, library);
    const codes = citations.map((citation) => citation.document.code);
    expect(codes).toContain('HTM 08-02');
    expect(codes).toContain('LOLER 1998');
    for (const citation of citations) {
      const text = policy.elements[citation.location.element]?.text ?? '';
      expect(text.slice(citation.location.start, citation.location.end)).toBe(citation.said);
    }
  });

  it('resolves a code without an edition to the current edition', () => {
    const { citations } = findReferences(policyOf('Low voltage work follows HTM 06-02 at all sites.'), library);
    expect(citations.map((citation) => [citation.document.code, citation.document.status])).toEqual([['HTM 06-02', 'current']]);
  });

  it('reads a year written with a code held in parts as those parts of that edition', () => {
    const { citations } = findReferences(policyOf('Outlets are designed to HTM 04-01 (2016) in new buildings.'), library);
    expect(citations.map((citation) => citation.document.code)).toEqual(['HTM 04-01 Part A', 'HTM 04-01 Part B', 'HTM 04-01 Part C']);
    expect(new Set(citations.map((citation) => citation.said))).toEqual(new Set(['HTM 04-01 (2016)']));
  });

  it('reads an edition written after the code', () => {
    const { citations } = findReferences(policyOf('Risk assessments follow ACoP L8 (3rd edition) at present.'), library);
    expect(citations[0]?.document.status).toBe('superseded');
    expect(citations[0]?.said).toBe('L8 (3rd edition)');
  });
});

describe('outdated references', () => {
  it('reports a superseded edition cited by its year, with the current edition as expected', () => {
    const [finding] = outdated('Compartmentation is designed to HTM 05-02 (2007) throughout the new wing.');
    expect(finding?.quote).toBe('HTM 05-02 (2007)');
    expect(finding?.expected).toContain('HTM 05-02 (2015)');
    expect(finding?.evidence.map((evidence) => evidence.code)).toEqual(['HTM 05-02', 'HTM 05-02 (2007)']);
    expect(finding?.severity).toBe('medium');
  });

  it('reports a withdrawn standard cited by its dated code whose successor is a part, and not the series named alone', () => {
    const [finding, ...rest] = outdated('Our risk assessment is carried out to BS 8580:2010 by a competent contractor.');
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe('BS 8580:2010');
    expect(finding?.expected).toContain('BS 8580-1');
    expect(outdated('Our risk assessment is carried out to BS8580 in line with HSG274.')).toEqual([]);
  });

  it("does not read the current edition's own title as the old title it holds every word of", () => {
    // "Safe and sustainable management of healthcare waste" holds the old "Safe management of healthcare waste".
    expect(outdated('Waste is handled as Safe and sustainable management of healthcare waste (2022 edition) sets out.')).toEqual([]);
    expect(outdated('Waste is handled as Safe management of healthcare waste (2011 second edition) sets out.')).toHaveLength(1);
  });

  it('reports an old code a current document lists as replaced', () => {
    const [finding] = outdated('Noise limits in wards follow HTM 2045 for all refurbishments.');
    expect(finding?.quote).toBe('HTM 2045');
    expect(finding?.expected).toContain('HTM 08-01');
  });

  it('reports an old law named with its year', () => {
    const [finding] = outdated('Fire risk assessments were introduced under the Fire Precautions Act 1971 and remain in place.');
    expect(finding?.quote).toBe('Fire Precautions Act 1971');
    expect(finding?.expected).toContain('RRO 2005');
  });

  it('reports a current title cited with a year its document lists as an older edition', () => {
    const [finding] = outdated('Dose limits are set by the Ionising Radiations Regulations 1999 for all staff.');
    expect(finding?.quote).toContain('Regulations 1999');
    expect(finding?.expected).toContain('IRR 2017');
  });

  it('says "were replaced" of a plural name and "was replaced" of a single one', () => {
    const [lines] = outdated('The self-assessment is organised by the key lines of enquiry each year.');
    expect(lines?.explanation).toMatch(/^The policy cites the key lines of enquiry, which were replaced by /);
    const [code] = outdated('Noise limits in wards follow HTM 2045 for all refurbishments.');
    expect(code?.explanation).toMatch(/, which was replaced by /);
    expect(
      ['Code of Practice on records', 'Process for audits', 'Analysis', 'Gas', 'National Minimum Standards 2001'].map(pluralName),
    ).toEqual([false, false, false, false, true]);
  });

  it('reads a historical name written in another order', () => {
    const [finding] = outdated('Evidence is mapped to the essential standards (outcome 10) each year.');
    expect(finding?.expected).toContain('CQC Reg 15');
  });

  it('reports a title written just before the dated code of the same old edition once, on the code', () => {
    const findings = outdated(
      'Live work follows the Memorandum of guidance on the Electricity at Work Regulations 1989 – HSR25 (2007) on all sites.',
    );
    expect(findings.map((finding) => finding.quote)).toEqual(['HSR25 (2007)']);
  });

  it('reads an edition written after a colon as the library document with that code', () => {
    const findings = outdated('Alarm systems are designed to BS 5839-1:2013 and wiring meets BS7671:2018 on every site.');
    expect(findings.map((finding) => finding.quote)).toEqual(['BS 5839-1:2013', 'BS7671:2018']);
    expect(findings[1]?.expected).toMatch(/^BS 7671:2018\+A\d:20\d\d /);
    // The current edition, or an edition the library holds under no code of its own, is not outdated.
    expect(outdated('Alarm systems are designed to BS 5839-1:2025 on every site.')).toEqual([]);
  });

  it('reads a reference-list entry "code: title (year)" as that edition, the series written out or not', () => {
    const findings = outdated(
      'Health Technical Memorandum 00: Policies and principles (2006)',
      'HTM 05-01: Managing healthcare fire safety (2013)',
    );
    expect(findings.map((finding) => finding.quote)).toEqual([
      'Health Technical Memorandum 00: Policies and principles (2006)',
      'HTM 05-01: Managing healthcare fire safety (2013)',
    ]);
    expect(findings[0]?.expected).toMatch(/^HTM 00 \(2014\)/);
    // A year in a later bracket of the sentence, or a current edition, is not the citation's.
    expect(outdated('HTM 00: we adopted it (2006 board minute). Governance follows HTM 00 in full.')).toEqual([]);
  });

  it('reads "no longer than" as a limit, not as telling the reference is replaced', () => {
    expect(outdated('BS7671:2018 recommends testing at intervals no longer than five years.').map((finding) => finding.quote)).toEqual([
      'BS7671:2018',
    ]);
  });

  it('reads an old code written with its series in words', () => {
    expect(outdated('Floors follow Health Technical Memorandum 61: Flooring.').map((finding) => finding.quote)).toEqual([
      'Health Technical Memorandum 61',
    ]);
    // Words whose initials do not spell the series, or are not capitalised, name nothing.
    expect(outdated('Floors follow health technical memorandum 61 and Health Technical Guide 61.')).toEqual([]);
  });

  it("reads an old title cited without its issuer's acronym, and not its words in passing", () => {
    const cited = outdated('Care Quality Commission: Essential Standards of Quality and Safety, Outcome 5 (meeting nutritional needs).');
    expect(cited.map((finding) => finding.quote)).toEqual(['Essential Standards of Quality and Safety']);
    expect(cited[0]?.expected).toContain('HSCA 2008 RA Regs 2014');
    expect(outdated('Our essential standards for quality are reviewed every year.')).toEqual([]);
  });

  it("reads an old title written beside the current code of its replacement as that citation's title", () => {
    expect(outdated('Guidance: HSR25 Memorandum of guidance on the Electricity at Work Regulations 1989.')).toEqual([]);
    // Alone, the old title still names the old edition.
    expect(outdated('Live work follows the Memorandum of guidance on the Electricity at Work Regulations 1989 on all sites.').length).toBe(
      1,
    );
  });

  it('reads a title the editions share, written without a year, as the current edition', () => {
    const shared = 'Health and Social Care Act 2008: code of practice on the prevention and control of infections and related guidance';
    expect(outdated(`Cleaning follows the ${shared}.`)).toEqual([]);
    expect(outdated(`Cleaning follows the ${shared} (2010).`).length).toBe(1);
  });

  it("does not read an old title's words in lower case prose as a citation of that edition", () => {
    expect(outdated('This policy sets out how the Trust manages the decontamination of flexible endoscopes on every site.')).toEqual([]);
    expect(outdated('Endoscopes are reprocessed to CFPP 01-06 (2013) on every site.').length).toBe(1);
  });

  it('does not report an old reference the policy presents as replaced', () => {
    expect(outdated('HTM 08-02 (2016) replaced HTM 2024, and the Trust now follows it.')).toEqual([]);
    // The sentence after it says where its requirements are now.
    const told =
      'In 2000 the requirements were brought into the Reporting of Injuries, Diseases and Dangerous Occurrences Regulations 1995.';
    expect(outdated(`${told} These requirements are now contained in RIDDOR 2013.`)).toEqual([]);
    expect(outdated(`${told} Managers report injuries under them.`)).toHaveLength(1);
  });

  it('does not report an old reference told as what applied at a past event, but does when the policy still works to it', () => {
    expect(outdated('The theatre suite was designed in 1994 to HTM 2025, which was current at the time.')).toEqual([]);
    expect(outdated('The home was first registered in 2004 under the Care Homes Regulations 2001.')).toEqual([]);
    expect(outdated('Until 2021 kitchen audits followed the National Specifications for Cleanliness in the NHS (2007).')).toEqual([]);
    expect(outdated('The plant was installed to HTM 2025 and is maintained to HTM 2025.')).not.toEqual([]);
    expect(outdated('Kitchen audits follow the National Specifications for Cleanliness in the NHS (2007).')).toHaveLength(1);
    // An event dated after the reference was replaced followed an edition already out of date; a year
    // after the reference dates another event.
    expect(outdated('The 2024 extension was designed to HTM 2025.')).toHaveLength(1);
    expect(outdated('The wing was designed in 1994 to HTM 2025, and its drawings were redrawn in 2023.')).toEqual([]);
    // What the home held before a date is history, the date bounding it; a long old title in lower case is prose.
    expect(outdated('Before October 2006 the home held a fire certificate under the Fire Precautions Act 1971.')).toEqual([]);
    expect(outdated('The home holds a fire certificate under the Fire Precautions Act 1971.')).not.toEqual([]);
    expect(outdated('Regulation 4 deals with the management of asbestos in non-domestic premises.')).toEqual([]);
    expect(outdated('Surveys follow The Management of Asbestos in Non-domestic Premises.')).toHaveLength(1);
  });

  it('does not report old but current laws, current documents with their own years, or citations without an edition', () => {
    expect(
      outdated(
        'Duties arise under the Health and Safety at Work etc. Act 1974 and PUWER 1998.',
        'High voltage systems follow HTM 06-03 (2006) and clinical spaces HBN 00-03 (2013).',
        'Waste is transferred under section 34 of the Environmental Protection Act 1990.',
        'Asbestos is managed under the Control of Asbestos Regulations 2012 and the Equality Act 2010 applies.',
        'Legionella control follows ACoP L8 and HSG274.',
      ),
    ).toEqual([]);
  });
});

describe('written forms of a replaced law', () => {
  const doc = (code: string, title: string, supersedes: string[], elements: string[] = []): LibraryDocument => ({
    id: code,
    code,
    title,
    status: 'current',
    edition: '2021',
    supersededBy: null,
    supersedes,
    domain: 'X',
    subdomain: 'X',
    elements: elements.map((text, at) => ({ id: `${code}#${at}`, type: 'paragraph', text, headingPath: [] })),
  });
  const small: ReviewLibrary = {
    documents: [
      doc('NVR 2021', 'Noise and Vibration (England) Regulations 2021', ['Noise at Work (England) Regs 1989']),
      doc('ABC 03-02', 'Boiler house management', [], ['Boiler houses are inspected yearly.']),
    ],
  };
  const findingsOf = (text: string) => findReferences(policyOf(text), small).findings;

  it('reads "Regs" and "Regulations" alike, and the bracketed jurisdiction as optional', () => {
    const [finding, ...rest] = findingsOf('Hearing protection follows the Noise at Work Regulations 1989.');
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe('Noise at Work Regulations 1989');
    expect(finding?.explanation).toBe(
      'The policy cites the Noise at Work Regulations 1989, which were replaced by the Noise and Vibration (England) Regulations 2021 (NVR 2021).',
    );
  });

  it('reads an old title loosely only in its own order', () => {
    const asbestos: ReviewLibrary = { documents: [doc('ACoP L999', 'Managing boilers', ['Work with materials containing boilers'])] };
    const quotes = (text: string) => findReferences(policyOf(text), asbestos).findings.map((finding) => finding.quote);
    expect(quotes('Contractors follow Work with materials containing boilers.')).toEqual(['Work with materials containing boilers']);
    expect(quotes('Contractors follow the guide on work with the materials containing boilers.')).toEqual([
      'work with the materials containing boilers',
    ]);
    // The same words in another order are the policy's own prose, not the title.
    expect(quotes('No one may work on or disturb Boilers Containing Materials.')).toEqual([]);
  });

  it('names a replacing code of practice by its code, not by the law its title names after a colon', () => {
    const codes: ReviewLibrary = {
      documents: [
        {
          ...doc('ACoP L999', 'Handling boilers safely: Boiler Safety Regulations 2030, Approved Code of Practice and guidance', ['L998']),
          edition: '2031',
        },
      ],
    };
    const [finding] = findReferences(policyOf('Boilers are handled as L998 sets out.'), codes).findings;
    expect(finding?.explanation).toBe('The policy cites L998, which was replaced by ACoP L999 (2031).');
  });

  it('still reports a replaced law the policy says it goes on applying', () => {
    const text = 'The 2021 Regulations replaced the Noise at Work Regs. 1989, which the Trust continues to apply to its workshops.';
    expect(findingsOf(text).map((finding) => finding.quote)).toEqual(['Noise at Work Regs. 1989']);
    expect(findingsOf('The 2021 Regulations replaced the Noise at Work Regs 1989.')).toEqual([]);
  });

  it('reports a lettered part of a single document that the library never speaks of in parts', () => {
    const [finding] = findingsOf('Boiler houses follow ABC 03-02 Part C.');
    expect(finding).toMatchObject({ category: 'unknown_reference', quote: 'ABC 03-02 Part C' });
    expect(finding?.explanation).toBe(
      'The policy cites Part C of ABC 03-02, but ABC 03-02 (2021), Boiler house management, is a single document with no lettered parts.',
    );
    const parted: ReviewLibrary = {
      documents: [doc('ABC 03-02', 'Boiler house management', [], ['The document is issued in three parts.'])],
    };
    expect(findReferences(policyOf('Boiler houses follow ABC 03-02 Part C.'), parted).findings).toEqual([]);
  });
});

describe('unknown references', () => {
  it("reads a document that names only other codes' parts as having no parts of its own", () => {
    // HTM 00 speaks of "HTM 02-01 Part B" and the like, never of parts of its own.
    expect(unknown('Permit systems follow the principles in HTM 00 Part C.').map((finding) => finding.quote)).toEqual(['HTM 00 Part C']);
    expect(unknown('Permit systems follow HTM 00 and HTM 04-01 Part B.')).toEqual([]);
  });

  it('reports a group outside a series the library holds whole', () => {
    const [finding] = unknown('Laundry follows HTM 11-02 for all linen.');
    expect(finding?.quote).toBe('HTM 11-02');
    expect(finding?.explanation).toContain('00 to 08');
  });

  it('suggests the series document on the same subject when one is clear', () => {
    const [finding] = unknown('Sharps bins are stored as set out in HTM 09-07 for healthcare waste.');
    expect(finding?.expected).toContain('HTM 07-01');
  });

  it('does not report a plausible code the library does not hold', () => {
    // HTM 07-05 falls in a gap of the HTM 07 group; the library holds no HBN 12 group to judge by.
    expect(unknown('Waste stores follow HTM 07-05 and wards HBN 12-01.')).toEqual([]);
  });

  it('reports a part the document does not have, written after or before the code', () => {
    expect(unknown('Outlets are flushed as in HTM 04-01 Part E.')[0]?.quote).toBe('HTM 04-01 Part E');
    const [numbered] = unknown('Cooling towers are inspected as set out in Part 6 of HSG274.');
    expect(numbered?.quote).toBe('Part 6 of HSG274');
    expect(numbered?.explanation).toContain('Part 1, Part 2 and Part 3');
  });

  it('does not report parts the library shows', () => {
    expect(unknown('Evacuation follows HTM 05-03 Part K and water HTM 04-01 Part C and HSG274 Part 3.')).toEqual([]);
  });

  it('reports a lettered regulation the library does not hold, and does not read it as the numbered one', () => {
    const { citations, findings } = review('Ratings are displayed wherever Regulation 20B requires, and consent follows Reg 11A.');
    expect(citations.map((citation) => citation.document.code)).not.toContain('CQC Reg 20');
    expect(findings.map((finding) => [finding.category, finding.quote])).toEqual([
      ['unknown_reference', 'Regulation 20B'],
      ['unknown_reference', 'Reg 11A'],
    ]);
    expect(findings[0]?.expected).toContain('the only lettered regulations are 9A and 20A');
    expect(findings[1]?.suggestion).toContain('Regulation 11 is “Need for consent”');
    expect(findings[1]?.evidence.map((evidence) => evidence.code)).toEqual(['CQC Reg 11', 'CQC Reg 9A', 'CQC Reg 20A']);
    // A lettered number after the same regulation's own citation, and one of another instrument.
    const again = unknown(
      'Care is safe under Regulation 12 of the Health and Social Care Act 2008 (Regulated Activities) Regulations 2014. Regulation 12A of the same Regulations requires a register.',
    );
    expect(again.map((finding) => finding.quote)).toEqual(['Regulation 12A']);
    expect(unknown('Regulation 4A of the Management of Health and Safety at Work Regulations 1999 applies.')).toEqual([]);
  });

  it('reports a numbered member past the count of a set the library counts, named in full or with its document cited', () => {
    const hygiene = 'Instruments are decontaminated under the Hygiene Code, in particular criterion 12.';
    expect(unknown(hygiene).map((finding) => [finding.quote, finding.explanation])).toEqual([
      ['criterion 12', 'The policy cites criterion 12, but there are ten criteria (Hygiene Code): there is no criterion 12.'],
    ]);
    expect(unknown('Access controls follow National Data Guardian data security standard 11.').map((finding) => finding.quote)).toEqual([
      'standard 11',
    ]);
    // A member the set has, or a number with no counted set named or cited, is no finding.
    expect(unknown('Instruments are decontaminated under the Hygiene Code, in particular criterion 9.')).toEqual([]);
    expect(unknown('Cleaning meets criterion 12 of the contract and standard 14 of the specification.')).toEqual([]);
  });

  it('does not report a lettered regulation the library holds, a letter that starts a word, or a set without inserted provisions', () => {
    expect(unknown('Ratings are displayed as Regulation 20A requires; see Regulation 12 B-wing notes.')).toEqual([]);
    const doc = (code: string) => bareDocument(code, `Duty number ${code.split(' ').at(-1)}`);
    const numbers = ['1', '2', '3', '4', '5', '6'];
    const plain: ReviewLibrary = { documents: numbers.map((n) => doc(`XYZ Art ${n}`)) };
    const inserted: ReviewLibrary = { documents: [...numbers, '4A'].map((n) => doc(`XYZ Art ${n}`)) };
    const policy = policyOf('Records are kept under XYZ Art 3B.');
    expect(findReferences(policy, plain).findings).toEqual([]);
    const [finding, ...rest] = findReferences(policy, inserted).findings;
    expect(rest).toEqual([]);
    expect(finding?.quote).toMatch(/\bArt 3B$/);
  });

  it('reports an edition numbered past the last the library holds, after the code or before it, and not one it holds', () => {
    const [after] = unknown('Asbestos work follows L143 (third edition, 2020), Managing and working with asbestos.');
    expect(after?.quote).toBe('L143 (third edition, 2020)');
    expect(after?.explanation).toBe(
      'There is no third edition of ACoP L143: its editions are the first (2006) and the second (2013), and the second is current.',
    );
    expect(unknown('Lifting follows the third edition of ACoP L113 (2021).').map((finding) => finding.quote)).toEqual([
      'third edition of ACoP L113 (2021)',
    ]);
    expect(unknown('Water follows L8 (fourth edition, 2013) and HSG107 (third edition).')).toEqual([]);
  });

  it('needs a series held whole before it reports a group', () => {
    const doc = (code: string) => bareDocument(code);
    const gappy: ReviewLibrary = { documents: [doc('ABC 01-01'), doc('ABC 02-01'), doc('ABC 05-01')] };
    const whole: ReviewLibrary = { documents: [doc('ABC 01-01'), doc('ABC 02-01'), doc('ABC 03-01')] };
    const policy = policyOf('Plant follows ABC 07-01.');
    expect(findReferences(policy, gappy).findings).toEqual([]);
    expect(findReferences(policy, whole).findings.map((finding) => finding.quote)).toEqual(['ABC 07-01']);
  });
});

describe('forms of a library of its own', () => {
  function doc(code: string, title: string, supersedes: string[] = []): LibraryDocument {
    const id = `${code.toLowerCase().replace(/\W+/g, '-')}.md`;
    return {
      id,
      code,
      title,
      status: 'current',
      edition: '2022',
      supersededBy: null,
      supersedes,
      domain: 'Estates',
      subdomain: 'Plant',
      elements: [{ id: `${id}#0`, type: 'paragraph', text: `${title}.`, headingPath: [] }],
    };
  }
  const own: ReviewLibrary = {
    documents: [
      doc('PLT 2022', 'Plant Safety Regulations 2022', ['EU Directive 12/345/EEC', 'Guide to Boiler Houses in the NHS (1999)']),
      doc('XTM 03-01', 'Boiler house ventilation'),
      doc('XTM 03-02', 'Boiler water treatment'),
      doc('XTM 03-04', 'Boiler flue inspection'),
      doc('XTM 05-01', 'Chiller plant'),
    ],
  };
  const found = (text: string, category: string) =>
    findReferences(policyOf(text), own).findings.filter((finding) => finding.category === category);

  it('reads a superseded instrument cited without its jurisdiction, and a title with "the" inside it', () => {
    expect(found('Boilers were specified under Directive 12/345/EEC.', 'outdated_reference').map((f) => f.quote)).toEqual([
      'Directive 12/345/EEC',
    ]);
    expect(found('Rooms follow the Guide to Boiler Houses in the NHS (1999).', 'outdated_reference')[0]?.expected).toContain('PLT 2022');
  });

  it('reports a number past the last one of a group the library holds, not a gap inside it', () => {
    const [finding, ...rest] = found('Flue testing follows XTM 03-07 Boiler flue testing.', 'unknown_reference');
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe('XTM 03-07');
    expect(finding?.expected).toContain('XTM 03-04');
    expect(finding?.explanation).toContain('runs to XTM 03-04');
    expect(found('Water treatment follows XTM 03-03.', 'unknown_reference')).toEqual([]);
    // A group of one document says nothing of how far the group runs.
    expect(found('Chillers follow XTM 05-02.', 'unknown_reference')).toEqual([]);
  });
});
