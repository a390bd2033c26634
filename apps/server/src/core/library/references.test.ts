import { describe, expect, test } from 'vitest';
import { detectReferences } from './references.ts';
import type { LibraryCode } from './load.ts';

/** A small library shaped like the seed corpus: parts, editions, numbered regulations, Acts and guidance. */
function doc(code: string, title: string, options: Partial<LibraryCode> = {}): LibraryCode {
  return { id: `id-${code}`, code, title, status: 'current', edition: '2020', supersededBy: null, ...options };
}
const LIBRARY: LibraryCode[] = [
  doc(
    'HTM 03-01 Part A',
    'Specialised ventilation for healthcare buildings: concept, design, specification, installation and acceptance testing',
    {
      edition: '2021',
    },
  ),
  doc('HTM 03-01 Part B', 'Specialised ventilation for healthcare buildings: management, operation, maintenance and routine testing', {
    edition: '2021',
  }),
  doc('HTM 03-01 (2007)', 'Specialised ventilation for healthcare premises (2007 edition)', {
    status: 'superseded',
    edition: '2007',
    supersededBy: 'HTM 03-01 Part A',
  }),
  doc('HTM 07-01', 'Safe and sustainable management of healthcare waste', { edition: '2022' }),
  doc('HTM 07-01 (2013)', 'Safe management of healthcare waste', { status: 'superseded', edition: '2013', supersededBy: 'HTM 07-01' }),
  doc('HTM 08-03', 'Bedhead services'),
  doc('HBN 00-09', 'Infection control in the built environment'),
  doc('HBN 03-01', 'Adult mental health units: planning and design'),
  doc('HBN 07-01', 'Satellite dialysis unit'),
  doc('HSG65', 'Managing for health and safety'),
  doc('ACoP L22', 'Safe use of work equipment'),
  doc('CQC Reg 13A', 'Notification of changes to the registered service'),
  doc('CQC Reg 16', 'Receiving and acting on complaints'),
  doc('CQC Reg 17', 'Good governance'),
  doc('CAR 2012', 'Control of Asbestos Regulations 2012'),
  doc('IRR 2017', 'Ionising Radiations Regulations 2017'),
  doc('IR(ME)R 2017', 'Ionising Radiation (Medical Exposure) Regulations 2017'),
  doc('IR(ME)R 2000', 'Ionising Radiation (Medical Exposure) Regulations 2000', {
    status: 'superseded',
    edition: '2000',
    supersededBy: 'IR(ME)R 2017',
  }),
  doc('ACoP L5', 'Control of substances hazardous to health: Approved Code of Practice and guidance', { edition: '6th edition, 2013' }),
  doc('ACoP L5 (2005)', 'Control of substances hazardous to health: Approved Code of Practice and guidance (L5, 5th edition)', {
    status: 'superseded',
    edition: '5th edition, 2005',
    supersededBy: 'ACoP L5',
  }),
  doc('W(E&W)R 2011', 'Waste (England and Wales) Regulations 2011'),
  doc('COMAH 1999', 'Control of Major Accident Hazards Regulations 1999', {
    status: 'superseded',
    edition: '1999',
    supersededBy: 'COMAH 2015',
  }),
  doc('COMAH 2015', 'Control of Major Accident Hazards Regulations 2015'),
  doc('FSA 2021', 'Fire Safety Act 2021'),
  doc('EqA 2010', 'Equality Act 2010'),
  doc('MHOR 1992', 'Manual Handling Operations Regulations 1992'),
  doc('DSE 1992', 'Health and Safety (Display Screen Equipment) Regulations 1992'),
  doc('PPE 1992', 'Personal Protective Equipment at Work Regulations 1992'),
  doc('Noise 2005', 'Control of Noise at Work Regulations 2005'),
  doc('Waste Code', 'Environmental Protection Act 1990: code of practice on the duty of care for waste'),
  doc('HSWA 1974', 'Health and Safety at Work etc. Act 1974'),
  doc('ACoP L99', 'Control of damp in buildings', { edition: '2018' }),
  doc('ACoP L99 (2005)', 'Control of damp in buildings (2nd edition, 2005)', {
    status: 'superseded',
    edition: '2005',
    supersededBy: 'ACoP L99',
  }),
  doc('HTM 09-01', 'Lighting in healthcare premises', { edition: '2019' }),
  doc('HTM 09-01 (2004)', 'Lighting in healthcare premises (2004 edition)', {
    status: 'superseded',
    edition: '2004',
    supersededBy: 'HTM 09-01',
  }),
  doc('Glazing Regs 2010', 'Workplace Glazing Regulations 2010', { edition: '2010' }),
  doc('Signage Regs 2012', 'Premises Signage Regulations 2012', { edition: '2012' }),
  doc('Signage Regs 2004', 'Premises Signage Regulations 2004', {
    status: 'superseded',
    edition: '2004',
    supersededBy: 'Signage Regs 2012',
  }),
  doc('Access Act 2015', 'Equal Access to Premises Act 2015', {
    supersedes: ['Premises Access for Disabled Persons Act 1998', 'PADP 1998'],
  }),
  doc('DUST 2004', 'Control of Particulates at Work Regulations 2004'),
  doc('ACoP L66', 'Particulates in workshops: DUST Regulations 2004, Approved Code of Practice and guidance'),
  doc('HBN 00-09', 'Infection control in the built environment'),
  doc('RR Order 2005', 'Regulatory Reform (Fire Safety) Order 2005'),
  doc('Waste Code (2011)', 'Environmental Protection Act 1990: code of practice on the duty of care for waste (2011)', {
    status: 'superseded',
    edition: '2011',
    supersededBy: 'Waste Code',
  }),
  doc('FPWR 1997', 'Fire Precautions (Workplace) Regulations 1997', {
    status: 'superseded',
    edition: '1997',
    supersededBy: 'RR Order 2005',
  }),
  doc('WHSWR 1992', 'Workplace (Health, Safety and Welfare) Regulations 1992'),
  doc('HOR 2001', 'Hoisting Operations Regulations 2001'),
  doc('ACoP L77', 'Safe use of hoists: Hoisting Operations Regulations 2001, Approved Code of Practice and guidance'),
  doc('WSLR 1994', 'Waste Storage Licensing Regulations 1994', { status: 'superseded', edition: '1994', supersededBy: 'Waste Code' }),
  doc('FS(E)R 2022', 'Fire Safety (England) Regulations 2022'),
  doc('AD Q', 'Approved Document Q: Security in dwellings', { edition: '2015' }),
  doc('AD Q (2010)', 'Approved Document Q: Security in dwellings, 2010 edition', {
    status: 'superseded',
    edition: '2010',
    supersededBy: 'AD Q',
  }),
];

function lines(...texts: string[]) {
  return texts.map((text, i) => ({ n: i + 1, speaker: i % 2 === 0 ? 'Ana' : 'Ben', time: null, text }));
}
const codes = (...texts: string[]) => detectReferences(lines(...texts), LIBRARY).map((reference) => reference.code);

describe('codes written and spoken', () => {
  test('written codes however they are spaced, with the part said', () => {
    expect(codes('We checked it against HTM 03-01 Part B last month.')).toEqual(['HTM 03-01 Part B']);
    expect(codes('The design follows HTM0301 Part A.')).toEqual(['HTM 03-01 Part A']);
    expect(codes('See htm 7-1 for the bins.')).toEqual(['HTM 07-01']);
    expect(codes('The HSG 65 approach, and HSG65 again.')).toEqual(['HSG65']);
  });

  test('a series written out in words whose initials spell it, and not other capitalised words', () => {
    expect(codes('Plant follows Health Technical Memorandum 03-01 Part B.')).toEqual(['HTM 03-01 Part B']);
    expect(codes('we read health technical memorandum oh seven oh one')).toEqual(['HTM 07-01']);
    expect(codes('Harry Tom Martin 03 was there.')).toEqual([]);
  });

  test('digits said one by one, with or without the series', () => {
    expect(codes('Under oh-three-oh-one Part A the plant room needs a survey.')).toEqual(['HTM 03-01 Part A']);
    expect(codes('HTM zero seven zero one is clear on the yellow stream.')).toEqual(['HTM 07-01']);
    expect(codes("It's in oh-seven-oh-one, I think.")).toEqual(['HTM 07-01']);
  });

  test('a part the library does not hold separately is the document; a part it lacks is nothing', () => {
    expect(codes('Have a look at HSG sixty-five, part three, on planning.')).toEqual(['HSG65']);
    expect(codes('HTM 03-01 Part D covers that.')).toEqual([]);
  });

  test('a code held only in parts, said without one, is every current part unless a part is named nearby', () => {
    expect(codes('Oh-three-oh-one is being revised.')).toEqual(['HTM 03-01 Part A', 'HTM 03-01 Part B']);
    expect(codes('Oh-three-oh-one is being revised.', 'The validation side is Part A, oh-three-oh-one Part A.')).toEqual([
      'HTM 03-01 Part A',
    ]);
  });

  test('"Part B" said alone refers to the code with parts named nearest before it, or after it', () => {
    const references = detectReferences(lines('The plant follows oh-three-oh-one.', 'Yes, and Part B says annual verification.'), LIBRARY);
    expect(references.map((reference) => [reference.code, reference.mentions])).toEqual([
      [
        'HTM 03-01 Part B',
        [
          { said: 'oh-three-oh-one', line: 1 },
          { said: 'Part B', line: 2 },
        ],
      ],
    ]);
    expect(codes('Part B is the one for maintenance.', 'That is HTM 03-01 Part B, yes.')).toEqual(['HTM 03-01 Part B']);
    expect(codes('Part two of the plan is the car park.', 'Part B of the form is missing.')).toEqual([]);
  });

  test('the same digits in two series: a part, a series said before, the meeting’s series, then the larger series decide', () => {
    expect(codes('HBN oh-three-oh-one on bed spacing.')).toEqual(['HBN 03-01']);
    expect(codes('The HBN, oh-three-oh-one, has the bay sizes.')).toEqual(['HBN 03-01']);
    expect(codes('We looked at HBN 00-09 first.', 'Then oh-three-oh-one for the bays.')).toEqual(['HBN 00-09', 'HBN 03-01']);
    expect(codes('oh-three-oh-one Part B says test the dampers yearly.')).toEqual(['HTM 03-01 Part B']);
    expect(codes('HTM 08-03 for the bed heads.', 'And oh-seven-oh-one for the bins.')).toEqual(['HTM 08-03', 'HTM 07-01']);
  });

  test('digits in other contexts are not codes', () => {
    expect(codes("Ring me on extension oh-three-oh-one, or I'm in room oh-seven-oh-one.")).toEqual([]);
    expect(codes("Oh-two, that's the one.", 'We had oh-three deliveries.')).toEqual([]);
  });

  test('a letter series glued to its number: "the L22", "L twenty-two"', () => {
    expect(codes('The L22 says inspect it.', 'ACoP L22 again, and L twenty-two.')).toEqual(['ACoP L22']);
    expect(codes('Block L 9 is shut, and the l22 bus was late.')).toEqual([]);
  });
});

describe('editions', () => {
  test('a year said with the code picks that edition, flagged with its replacement', () => {
    const [reference] = detectReferences(lines('Our policy still cites the 2013 edition of oh-seven-oh-one.'), LIBRARY);
    expect(reference).toMatchObject({
      code: 'HTM 07-01 (2013)',
      status: 'superseded',
      superseded_by: { id: 'id-HTM 07-01', code: 'HTM 07-01', title: 'Safe and sustainable management of healthcare waste' },
      mentions: [{ said: '2013 edition of oh-seven-oh-one', line: 1 }],
    });
  });

  test('"the old" picks the superseded edition; otherwise the current one', () => {
    expect(codes('That was under the old COMAH.')).toEqual(['COMAH 1999']);
    expect(codes('COMAH nineteen ninety-nine had a different threshold.')).toEqual(['COMAH 1999']);
    expect(codes('The fuel store comes under COMAH.')).toEqual(['COMAH 2015']);
    expect(codes('The 2007 oh-three-oh-one had different air change rates.')).toEqual(['HTM 03-01 (2007)']);
  });
});

describe('editions said after the code, and by year and kind', () => {
  test('a year after "from", or ", the 2005 one", picks that edition; so does "2nd edition"', () => {
    expect(codes('Our plan still refers to HTM 09-01 from 2004.')).toEqual(['HTM 09-01 (2004)']);
    expect(codes('The scheme quotes the L99 second edition, the 2005 one.')).toEqual(['ACoP L99 (2005)']);
    expect(codes('It cites L99 2nd edition throughout.')).toEqual(['ACoP L99 (2005)']);
    expect(codes('We follow the L99 now.')).toEqual(['ACoP L99']);
  });

  test('two digits of a series name a document only with an edition year said before them', () => {
    expect(codes('It still references the old 2004 version of oh-nine.')).toEqual(['HTM 09-01 (2004)']);
    expect(codes('Room oh-nine is free, and the 2019 budget of oh-nine.')).toEqual([]);
  });

  test('"the 1974 Act", "the 2010 regulations": legislation by year and kind, when the library holds one such', () => {
    expect(codes('That duty comes from the 1974 Act.')).toEqual(['HSWA 1974']);
    expect(codes('It meets the 2010 regulations.')).toEqual(['Glazing Regs 2010']);
    expect(codes('It meets the 2016 regulations.')).toEqual([]);
  });

  test('an older title a current document replaces is named as that superseded title, pointing to its replacement', () => {
    const [reference] = detectReferences(lines('The leaflet still cites the Premises Access for Disabled Persons Act 1998.'), LIBRARY);
    expect(reference).toMatchObject({
      code: 'Premises Access for Disabled Persons Act 1998',
      document_id: null,
      status: 'superseded',
      superseded_by: { code: 'Access Act 2015' },
    });
    expect(codes('We follow the Equal Access to Premises Act 2015.')).toEqual(['Access Act 2015']);
    // Said without its year, the title the current document shares is the current document.
    expect(codes('We follow the Equal Access to Premises Act.')).toEqual(['Access Act 2015']);
    // A short code among the older names is not read: said aloud it is too often something else.
    expect(codes('PADP 1998 was mentioned.')).toEqual([]);
  });

  test('an acronym in another title that names the instrument it is made under still names its own document', () => {
    expect(codes('We need a DUST assessment for the workshop.')).toEqual(['DUST 2004']);
  });

  test('"double-oh-nine" is 00-09; the year said tells two series with the same digits apart', () => {
    expect(codes('HBN double-oh-nine covers it.')).toEqual(['HBN 00-09']);
    // The meeting names HBN, but only oh-three-oh-one of the HTM series had a 2007 edition.
    expect(codes('HBN 07-01 has the bay sizes.', 'The policy cites oh-three-oh-one, the 2007 one.')).toEqual([
      'HBN 07-01',
      'HTM 03-01 (2007)',
    ]);
  });

  test('an Order or Regulations named by the first word of its bracketed name ("the fire order")', () => {
    expect(codes('Under the fire order we need a responsible person.')).toEqual(['RR Order 2005']);
    expect(codes('The fire act is new.')).toEqual([]);
  });

  test('an edition said after a code as people say it: "the first edition, the 2005 one", "the original 2005 one", "the 2005 original"', () => {
    expect(codes('The scheme quotes L99, the second edition, the 2005 one.')).toEqual(['ACoP L99 (2005)']);
    expect(codes('It still quotes L99, the original 2005 one, for the cellar.')).toEqual(['ACoP L99 (2005)']);
    expect(codes('It quotes L99, the 2005 original, not the new one.')).toEqual(['ACoP L99 (2005)']);
    expect(codes('The design follows L99 (the 2005 one) throughout.')).toEqual(['ACoP L99 (2005)']);
  });

  test('a name said with a year or "old" names that edition of its lineage; said alone, the current one', () => {
    expect(codes('The waste section still refers to the 2011 waste code.')).toEqual(['Waste Code (2011)']);
    expect(codes('It follows the old waste code.')).toEqual(['Waste Code (2011)']);
    expect(codes('It follows the waste code.')).toEqual(['Waste Code']);
  });

  test('an abbreviation written with brackets, a year said in words after an abbreviation, and a title word between a year and its kind', () => {
    expect(codes('The procedures still refer to IR(ME)R 2000, and that should be the 2017 IR(ME)R.')).toEqual([
      'IR(ME)R 2000',
      'IR(ME)R 2017',
    ]);
    expect(codes('The safety report still cites COMAH ninety-nine.')).toEqual(['COMAH 1999']);
    expect(codes("It's the 2011 waste regulations now.")).toEqual(['W(E&W)R 2011']);
    expect(codes('It is written against the 2007 ventilation HTM.')).toEqual(['HTM 03-01 (2007)']);
    // A number said after an abbreviation that no edition has is not a year.
    expect(codes('IRR forty-two')).toEqual(['IRR 2017']);
  });

  test('an edition said by its number alone after its document is named: "and the sixth came out in 2013"', () => {
    expect(codes('The assessments are done against the 2005 L5, the fifth edition, and the sixth came out in 2013.')).toEqual([
      'ACoP L5 (2005)',
      'ACoP L5',
    ]);
    // An ordinal with nothing of an edition after it, or no document before it, names nothing.
    expect(codes('We came sixth in the league.')).toEqual([]);
    expect(codes('There has been a sixth edition since then.')).toEqual([]);
  });

  test('"the old ninety-nine regs": a year said by its last two figures after "old"', () => {
    expect(codes('That was the old ninety-nine regs.')).toEqual(['COMAH 1999']);
    expect(codes('Room ninety-nine regs.')).toEqual([]);
  });

  test("a name's first word with its kind names it, though another name holds that word in its bracket", () => {
    // "The Workplace Regulations" are the Workplace (Health, Safety and Welfare) Regulations; the
    // Fire Precautions (Workplace) Regulations are said by their own first words.
    const withoutGlazing = LIBRARY.filter((entry) => entry.code !== 'Glazing Regs 2010');
    const said = (text: string) => detectReferences(lines(text), withoutGlazing).map((reference) => reference.code);
    expect(said('The slips assessment quotes the workplace regs.')).toEqual(['WHSWR 1992']);
    expect(said('Because the Workplace Regulations apply in the car park, we grit the paths.')).toEqual(['WHSWR 1992']);
    // Two names starting with that word ("Workplace Glazing Regulations") name neither.
    expect(codes('The slips assessment quotes the workplace regs.')).toEqual([]);
    expect(codes('The old plan quotes the Fire Precautions (Workplace) Regulations 1997.')).toEqual(['FPWR 1997']);
  });

  test('a citation written with "etc." is the document', () => {
    expect(codes('Duties under the Health and Safety at Work etc. Act 1974 apply.')).toEqual(['HSWA 1974']);
  });
});

describe('regulations', () => {
  test('numbered regulations written and spoken, with a letter, and in a list', () => {
    expect(codes('Under reg 17 the board needs assurance.')).toEqual(['CQC Reg 17']);
    expect(codes('Regulation sixteen is about complaints.', 'And reg 13A for the new service.')).toEqual(['CQC Reg 16', 'CQC Reg 13A']);
    expect(codes('Regs 16 and 17 both came up.')).toEqual(['CQC Reg 16', 'CQC Reg 17']);
    expect(codes('We looked at regulation thirteen A and regulation seventeen, sixteen.')).toEqual([
      'CQC Reg 13A',
      'CQC Reg 17',
      'CQC Reg 16',
    ]);
  });

  test('a bare "reg", and another instrument’s regulation, are not references', () => {
    expect(codes('The reg says so.', 'Regulation 17 of the building regulations covers it.')).toEqual([]);
  });

  test('a regulation number said alone counts next to its subject, in a meeting that names regulations', () => {
    expect(codes('Reg seventeen first.', 'For governance and complaints, that is seventeen and sixteen.')).toEqual([
      'CQC Reg 17',
      'CQC Reg 16',
    ]);
    expect(codes('Reg seventeen first.', 'We had sixteen complaints this quarter.')).toEqual(['CQC Reg 17']);
    expect(codes('For governance and complaints, that is seventeen and sixteen.')).toEqual([]);
  });
});

describe('acronyms, titles and short names', () => {
  test('acronyms from codes and titles; three letters only in capitals', () => {
    expect(codes('Is the X-ray room under IRR?', 'Comah covers the fuel store; so does COMAH.')).toEqual(['IRR 2017', 'COMAH 2015']);
    expect(codes('The car park floods.', 'Pam and Irr said so.')).toEqual([]);
    expect(codes('The CAR survey is due.')).toEqual(['CAR 2012']);
    expect(codes('The PPEWR apply to the porters.')).toEqual(['PPE 1992']);
  });

  test('a numbered regulation by a word only its title has, with "reg" after it', () => {
    expect(codes('Under the complaints reg we have 20 days.')).toEqual(['CQC Reg 16']);
    expect(codes('the governance regulation says so')).toEqual(['CQC Reg 17']);
    // A word no regulation's title has, or a short one, names none.
    expect(codes('the staffing reg, the good reg and the regs team')).toEqual([]);
  });

  test("a name's initials with the kind of instrument said as a word", () => {
    expect(codes('Which section of the HSW act covers it?')).toEqual(['HSWA 1974']);
    expect(codes('under the hsw act, all of it')).toEqual(['HSWA 1974']);
    expect(codes('The HSW team met; the XYZ act is not ours.')).toEqual([]);
  });

  test('a transcript without capitals: acronyms of four letters or more, letter series and suffixes still read', () => {
    expect(codes('the fuel store is under comah and the l22, and regulation thirteen a, for the new service')).toEqual([
      'COMAH 2015',
      'ACoP L22',
      'CQC Reg 13A',
    ]);
    expect(codes('The fuel store is under comah, says the l22.', 'reg thirteen a lot of times')).toEqual([]);
  });

  test('titles and the short names of legislation', () => {
    expect(codes('Under the Display Screen Equipment Regulations every desk needs an assessment.')).toEqual(['DSE 1992']);
    expect(codes('Under the manual handling regs, and the Equality Act 2010.')).toEqual(['MHOR 1992', 'EqA 2010']);
    expect(codes('The Noise Regulations set the action values.')).toEqual(['Noise 2005']);
    expect(codes('The code of practice on the duty of care for waste, the Waste Code.')).toEqual(['Waste Code']);
    expect(codes('The Fire Safety Act changed things.')).toEqual(['FSA 2021']);
    expect(codes('The Fire Act covers that.', 'Good governance matters, and so does noise.')).toEqual([]);
  });

  test('a name of legislation said with words of it left out, from its first word to its kind', () => {
    expect(codes('Under the waste licensing regs the site needed a licence.')).toEqual(['WSLR 1994']);
    // Words in brackets are never left out, and a word outside the name breaks it.
    expect(codes('The fire safety regulations apply.', 'The waste disposal regs apply.')).toEqual([]);
  });

  test('"the licensing regs", "IRR99": a word of one name with its kind, and an abbreviation with its year in two figures', () => {
    expect(codes('Under the licensing regs the site needed a licence.')).toEqual(['WSLR 1994']);
    // A word several names hold, or one a name opens, is left to the other rules.
    expect(codes('The control regs and the work regs apply.')).toEqual([]);
    expect(codes('The particulates regs apply.')).toEqual(['DUST 2004']);
    // Without a year, the edition in force of the same document; with one, that edition.
    expect(codes('Doors follow the signage regs.', 'The old doors followed the 2004 signage regs.')).toEqual([
      'Signage Regs 2012',
      'Signage Regs 2004',
    ]);
    expect(codes('Our plan cites COMAH99 and COMAH 15.')).toEqual(['COMAH 1999', 'COMAH 2015']);
  });

  test('a year written by two figures before a name of legislation, or before its kind', () => {
    expect(codes('Our contracts still cite the 94 waste licensing regs.')).toEqual(['WSLR 1994']);
    expect(codes('That duty comes from the 74 act.')).toEqual(['HSWA 1974']);
    // A smaller number is as likely a count.
    expect(codes('Read the 13 regulations first.')).toEqual([]);
  });

  test('the words before a title\'s colon name it when they end in a designating letter; "doc" is "document"', () => {
    expect(codes('The brief cites approved doc Q for the doors.')).toEqual(['AD Q']);
    expect(codes('The brief cites Approved Document Q 2010 for the doors.')).toEqual(['AD Q (2010)']);
    // A subject before a colon is not a name.
    expect(codes('Adult mental health units are being planned.')).toEqual([]);
  });

  test('"the bedhead HTM", "the HOR ACOP": a series said after the subject of its one document on it', () => {
    expect(codes('I used the bedhead HTM for the new ward.')).toEqual(['HTM 08-03']);
    expect(codes('Our hoist policy follows the HOR ACOP.', 'The hoists ACOP says the same.')).toEqual(['ACoP L77']);
    // A series followed by its number is a code; a subject no title holds names nothing.
    expect(codes('We follow the bedhead HTM 03-01 Part A.')).toEqual(['HTM 03-01 Part A']);
    expect(codes('The staff ACOP and the new HTM are on the shelf.')).toEqual([]);
  });

  test('a title cited without the parts it lists or the Act it is made under, and an edition said after a code and its title', () => {
    const library: LibraryCode[] = [
      doc('RM Code', 'Records Management Code of Practice', { edition: '2021' }),
      doc('RM Code (2006)', 'Records Management: NHS Code of Practice, Parts 1 and 2', {
        status: 'superseded',
        edition: '2006',
        supersededBy: 'RM Code',
      }),
      doc('NMS 2001', 'National Minimum Standards for care homes under the Care Standards Act 2000', { status: 'superseded' }),
      doc('ACoP L22', 'Safe use of work equipment (L22, 4th edition)', { edition: '4th edition, 2014' }),
      doc('ACoP L22 (2008)', 'Safe use of work equipment (L22, 3rd edition)', {
        status: 'superseded',
        edition: '3rd edition, 2008',
        supersededBy: 'ACoP L22',
      }),
      doc('HSR25', 'The Electricity at Work Regulations 1989: guidance on Regulations', { edition: '2015' }),
      doc('HSR25 (1989)', 'Memorandum of guidance on the Electricity at Work Regulations 1989', {
        status: 'superseded',
        edition: '1989',
        supersededBy: 'HSR25',
      }),
      doc('BS 7671', 'Requirements for Electrical Installations, IET Wiring Regulations, 18th edition', { edition: '2018' }),
      doc('BS 7671:2008', 'Requirements for Electrical Installations, IEE Wiring Regulations, 17th edition', {
        status: 'superseded',
        edition: '2008',
        supersededBy: 'BS 7671',
      }),
    ];
    const cited = (text: string) => detectReferences(lines(text), library).map((reference) => reference.code);
    expect(cited('We follow the Records Management: NHS Code of Practice.')).toEqual(['RM Code (2006)']);
    expect(cited('The home follows the National Minimum Standards for Care Homes for Older People.')).toEqual(['NMS 2001']);
    expect(cited('Equipment is managed under L22 Safe use of work equipment (third edition, 2008).')).toEqual(['ACoP L22 (2008)']);
    expect(cited('Equipment is managed under L22 Safe use of work equipment, third edition 2008.')).toEqual(['ACoP L22 (2008)']);
    // A year after the title is the title's own, not an edition: the code keeps its current edition (the old title itself is read as well).
    expect(cited('Guidance: HSR25 Memorandum of guidance on the Electricity at Work Regulations 1989.')[0]).toBe('HSR25');
    expect(cited('Wiring meets the 17th edition of the IEE Wiring Regulations.')).toEqual(['BS 7671:2008']);
    expect(cited('Wiring meets the IET Wiring Regulations.')).toEqual(['BS 7671']);
  });

  test('a bulletin\'s number after its year: "DB 2006(05)"', () => {
    const library: LibraryCode[] = [
      doc('MHRA DB 2006(05)', 'Device Bulletin DB 2006(05): Managing medical devices', { status: 'superseded' }),
    ];
    const cited = (text: string) => detectReferences(lines(text), library).map((reference) => reference.code);
    expect(cited('Devices are managed under Device Bulletin DB 2006(05).')).toEqual(['MHRA DB 2006(05)']);
    // The year alone, or another bulletin of that year, is not it.
    expect(cited('The DB 2006 bulletins and DB 2006(07) are archived.')).toEqual([]);
  });

  test('"the HTM on …": the series’ document whose title says so', () => {
    expect(codes('I used the HTM on bedhead services for the new ward.')).toEqual(['HTM 08-03']);
    expect(codes('The HBN on infection control, for the new ward.')).toEqual(['HBN 00-09']);
    expect(codes('The HTM on healthcare buildings is long.')).toEqual([]);
  });
});

describe('the references', () => {
  test('ordered by first mention, each with its document, status and first five mentions', () => {
    const references = detectReferences(
      lines('IRR first, then the L22.', 'IRR again.', 'IRR three.', 'IRR four, IRR five, IRR six.', 'The L22 is fine.'),
      LIBRARY,
    );
    expect(references.map((reference) => reference.code)).toEqual(['IRR 2017', 'ACoP L22']);
    expect(references[0]).toEqual({
      code: 'IRR 2017',
      title: 'Ionising Radiations Regulations 2017',
      document_id: 'id-IRR 2017',
      status: 'current',
      superseded_by: null,
      mentions: [
        { said: 'IRR', line: 1 },
        { said: 'IRR', line: 2 },
        { said: 'IRR', line: 3 },
        { said: 'IRR', line: 4 },
        { said: 'IRR', line: 4 },
      ],
    });
    expect(references[1]?.mentions).toEqual([
      { said: 'L22', line: 1 },
      { said: 'L22', line: 5 },
    ]);
  });

  test('a meeting without references, and an empty library, give none', () => {
    const meeting = lines(
      "Let's park the car in the car park. Part two of the plan is the order from Pam.",
      'The regulations say reg. We meet in room four at ten, act now.',
    );
    expect(detectReferences(meeting, LIBRARY)).toEqual([]);
    expect(detectReferences(lines('HTM 03-01 Part A and COMAH.'), [])).toEqual([]);
  });
});

describe('hostile speech', () => {
  test('"oh oh oh …" (195,000 characters, which held the server 23 s) is read in linear time and names nothing', () => {
    for (const run of ['oh ', 'oh-', 'zero ']) {
      const started = performance.now();
      expect(codes(`So ${run.repeat(Math.floor(195_000 / run.length))}then.`)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  test('200,000 characters of short names, series after their subject and two-figure years are read in linear time', () => {
    for (const run of [
      'the particulates regs ',
      'the bedhead HTM ',
      'COMAH99 ',
      'the old 94 licensing regs ',
      'IR(ME)R ',
      'the 2011 waste regs ',
    ]) {
      const started = performance.now();
      expect(codes(run.repeat(Math.floor(200_000 / run.length))).length).toBe(1);
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });

  test('a code said after a long run of noughts is still found', () => {
    expect(codes(`It was ${'oh '.repeat(20)}anyway, HTM oh-seven-oh-one is the one.`)).toContain('HTM 07-01');
  });

  test('7,000 lines each naming a code are gathered without overflowing the stack', () => {
    const many = detectReferences(lines(...Array.from({ length: 7_000 }, () => 'We follow HTM 07-01 and HSG65.')), LIBRARY);
    expect(many.map((reference) => reference.code)).toEqual(['HTM 07-01', 'HSG65']);
  });
});
