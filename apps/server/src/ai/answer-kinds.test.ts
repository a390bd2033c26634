/**
 * The built-in engine's composition by kind of question, on passages written for the test (no
 * database): what the first sentence says for a who, how-often, temperature, records and duties
 * question; the sentence saying a fact asked for is not stated; tables kept as tables; no orphan
 * introductions; a citation per supporting element quoting that text; drafts from a roles table.
 */
import { describe, expect, test } from 'vitest';
import { checkCitations } from '../test/citations.ts';
import { draftSubject } from './builtin/draft.ts';
import { composeAnswer } from './builtin/engine.ts';
import { type Question, readQuestion } from './question/read.ts';
import type { PassageElement, PassageSentence } from './passage-scoring.ts';
import type { Passage, RetrievalResult } from './retrieval.ts';

/** A passage of the given elements; each paragraph's sentences (and each list item) score by the words they share with `focus`. */
function passage(options: {
  documentId: string;
  code: string;
  title?: string;
  headingPath: string[];
  elements: PassageElement[];
  focus: string[];
}): Passage {
  const sentences: PassageSentence[] = options.elements.flatMap((element) => {
    if (element.type === 'table') return [];
    const parts = element.type === 'list_item' ? [element.text] : (element.text.match(/[^.!?:]+(?:[.!?:]+|$)/g) ?? []).map((s) => s.trim());
    return parts
      .filter((text) => text.length > 0)
      .map((text) => ({
        text,
        elementId: element.id,
        listItem: element.type === 'list_item',
        score: options.focus.filter((word) => text.toLowerCase().includes(word)).length / options.focus.length,
      }));
  });
  return {
    source: 'library',
    documentId: options.documentId,
    code: options.code,
    title: options.title ?? `${options.code} title`,
    edition: '2020',
    status: 'current',
    supersededByCode: null,
    supersededBy: null,
    headingPath: options.headingPath,
    elements: options.elements,
    score: 1,
    sentences,
  };
}

function retrieval(passages: Passage[], words: string[], question: Question): RetrievalResult {
  return {
    question,
    terms: words.map((word) => ({ word, lexeme: word, weight: 1, carried: false })),
    passages,
    filters: { category: [], domain: [], subDomain: [] },
    includeInternal: false,
    elapsedMs: 1,
  };
}

const ask = (question: string, passages: Passage[], words: string[], mode: 'answer' | 'draft' = 'answer') =>
  composeAnswer({
    question,
    mode,
    retrieval: retrieval(passages, words, readQuestion(mode === 'draft' ? draftSubject(question) : question, { purpose: mode })),
  });

/** The answer up to its first blank line: its opening paragraph. */
const opening = (text: string) => text.split('\n\n')[0] ?? '';

const ROLES_TABLE = [
  'Role | Appointed by | What the role does',
  'Duty holder | Statutory status under the Regulations (the employer) | Carries the legal duty; cannot delegate accountability',
  'Designated Person | The board | Board member accountable for switchgear safety; appoints the Authorising Engineer',
  'Authorising Engineer | Designated Person, in writing | Independent adviser; audits the arrangements annually',
  'Authorised Person | Management on the Authorising Engineer recommendation, in writing | Controls the system day to day; issues permits',
].join('\n');

const switchgear = passage({
  documentId: 'doc-sw',
  code: 'GN 10-01',
  headingPath: ['Roles and responsibilities'],
  elements: [
    { id: 'sw-1', type: 'paragraph', text: 'The employer is the duty holder and is responsible for the safety of the switchgear.' },
    { id: 'sw-2', type: 'table', text: ROLES_TABLE },
  ],
  focus: ['switchgear', 'responsib', 'appoint'],
});

describe('who-questions', () => {
  test('a question naming a role is answered with who appoints it and what it does, from the roles table', () => {
    const answer = ask(
      'Who appoints the Authorising Engineer for switchgear?',
      [switchgear],
      ['appoint', 'authoris', 'engineer', 'switchgear'],
    );
    expect(answer.text).toMatch(
      /^The Authorising Engineer is appointed by the Designated Person, in writing\. \[1\] This role is an independent adviser\. This role audits the arrangements annually\. \[1\]/,
    );
    expect(answer.citations[0]).toMatchObject({
      element_ids: ['sw-2'],
      quote: expect.stringMatching(/^Authorising Engineer — Appointed by: Designated Person, in writing;/),
    });
  });

  test('who the duty holder is, when another column says so in brackets, is said with the duty', () => {
    const law = passage({
      documentId: 'doc-law',
      code: 'LAW 2',
      headingPath: ['Roles and responsibilities'],
      elements: [
        {
          id: 'law-2',
          type: 'table',
          text: 'Role | Where defined | What it does\nDuty Holder | LAW 2 (employers, self-employed, employees in control) | Carries the legal duty; can delegate tasks but not accountability',
        },
      ],
      focus: ['responsib', 'switchgear'],
    });
    expect(opening(ask('Who is responsible for our switchgear?', [law], ['responsib', 'switchgear']).text)).toMatch(
      /^Under LAW 2, the Duty Holder \(employers, self-employed, employees in control\) carries the legal duty\. \[1\]/,
    );
  });

  test('a question asking who is responsible names the duty holder, then every role with its appointer, then the roles table', () => {
    const answer = ask('Who is responsible for the safety of our switchgear?', [switchgear], ['responsib', 'safeti', 'switchgear']);
    const [first, second, table] = answer.text.split('\n\n');
    expect(first).toBe('The employer is the duty holder and is responsible for the safety of the switchgear. [1]');
    expect(second).toMatch(
      /^Under GN 10-01, the Duty holder has statutory status under the Regulations \(the employer\)\. \[2\] GN 10-01 names 4 roles: the Duty holder, the Designated Person, the Authorising Engineer and the Authorised Person\. \[3\] They are appointed as follows: the Designated Person by the board; the Authorising Engineer by the Designated Person, in writing/,
    );
    // The table stays a table, each row cited with its own quote.
    expect(table?.split('\n').slice(0, 2)).toEqual(['| Role | Appointed by | What the role does |', '| --- | --- | --- |']);
    expect(table).toMatch(
      /\n\| Authorised Person \| Management on the Authorising Engineer recommendation, in writing \| Controls the system day to day; issues permits \[\d+\] \|/,
    );
    const rowCitations = answer.citations.filter((citation) => citation.quote.startsWith('Authorised Person — '));
    expect(rowCitations).toHaveLength(1);
    expect(checkCitations(answer.text, answer.citations)).toEqual({ unknown: [], unused: [] });
  });
});

const flushing = passage({
  documentId: 'doc-w',
  code: 'WG 2',
  headingPath: ['Monitoring'],
  elements: [
    {
      id: 'w-1',
      type: 'paragraph',
      text: 'Sentinel outlets show whether the system is under control. Hot water at sentinel outlets should reach at least 50 °C within one minute.',
    },
    { id: 'w-2', type: 'paragraph', text: 'Sentinel outlet temperatures are checked monthly by the competent person.' },
  ],
  focus: ['sentinel', 'temperatur', 'check'],
});

describe('roles said as sentences', () => {
  const dutyHolder = (documentId: string, code: string) =>
    passage({
      documentId,
      code,
      headingPath: ['Roles'],
      elements: [
        {
          id: `${documentId}-t`,
          type: 'table',
          text: [
            'Role | Appointed by | What the role does',
            'Duty Holder | Statutory status under the Regulations (the employer) | Carries the legal duty; can delegate tasks but not accountability',
            'Responsible Person and deputy | The Designated Person, in writing | Manages the scheme day to day; sits on the safety group',
          ].join('\n'),
        },
      ],
      focus: ['duty', 'holder'],
    });

  test('a role two documents describe alike is said once, in sentences, cited to both', () => {
    const answer = ask(
      'Who is the duty holder under the switchgear rules?',
      [dutyHolder('d-1', 'GN 1'), dutyHolder('d-2', 'GN 2')],
      ['duty', 'holder'],
    );
    const first = opening(answer.text);
    expect(first).toBe(
      'The Duty Holder has statutory status under the Regulations (the employer). This role carries the legal duty. This role can delegate tasks but not accountability. [1][2]',
    );
    expect(first).not.toContain('describes the role as');
  });

  test('what a second table adds about the role is said, what it repeats is cited to both', () => {
    const law = passage({
      documentId: 'd-law',
      code: 'LAW 1',
      headingPath: ['Roles'],
      elements: [{ id: 'law-t', type: 'table', text: 'Role | What it does\nDuty Holder | Carries the legal duty' }],
      focus: ['duty', 'holder'],
    });
    const answer = ask('Who is the duty holder under the switchgear rules?', [law, dutyHolder('d-2', 'GN 2')], ['duty', 'holder']);
    expect(opening(answer.text)).toBe(
      'The Duty Holder carries the legal duty. [1][2] The Duty Holder has statutory status under the Regulations (the employer). This role can delegate tasks but not accountability. [2]',
    );
  });

  test('a role of several people takes a plural verb', () => {
    const answer = ask(
      'Draft the roles and responsibilities section of our switchgear policy',
      [dutyHolder('d-1', 'GN 1')],
      ['role'],
      'draft',
    );
    expect(answer.text).toContain('The Responsible Person and deputy manage the scheme day to day.');
    expect(answer.text).toContain('The Responsible Person and deputy sit on the safety group.');
  });
});

describe('definitions', () => {
  test('a "Term — explanation" item defining the term asked about leads, said as a sentence', () => {
    const kinds = passage({
      documentId: 'doc-d',
      code: 'RR 1',
      headingPath: ['What must be reported'],
      elements: [
        {
          id: 'd-0',
          type: 'paragraph',
          text: 'Duties fall on the responsible person under these rules for dangerous occurrences and injuries.',
        },
        { id: 'd-1', type: 'paragraph', text: 'Five kinds of event are covered:' },
        { id: 'd-2', type: 'list_item', text: 'Specified injuries — a defined list of serious injuries such as fractures.' },
        { id: 'd-3', type: 'list_item', text: 'Dangerous occurrences — listed near-miss events with potential for serious harm.' },
      ],
      focus: ['dangerous', 'occurrence'],
    });
    const first = opening(ask('What is a notifiable dangerous occurrence?', [kinds], ['notifi', 'danger', 'occurr']).text);
    expect(first).toMatch(/^Dangerous occurrences are listed near-miss events with potential for serious harm\. \[1\]/);
  });
});

describe('table rows said as sentences', () => {
  const schedule = (header: string, row: string) =>
    passage({
      documentId: 'doc-s',
      code: 'FS 1',
      headingPath: ['Testing'],
      elements: [{ id: 's-1', type: 'table', text: [header, row].join('\n') }],
      focus: ['lighting', 'test', 'store'],
    });

  test('a header worded as a question becomes the subject it asks for, and the cell reads on in lower case', () => {
    const first = opening(
      ask(
        'How often should emergency lighting be tested?',
        [schedule('Item | How often, and where it is set', 'Emergency lighting | Monthly functional test and annual full-duration test')],
        ['emergenc', 'light', 'test'],
      ).text,
    );
    expect(first).toBe('For emergency lighting, the interval is monthly functional test and annual full-duration test. [1]');
  });

  test('a "Kept for" column is said as the retention period', () => {
    const first = opening(
      ask(
        'How long must examination reports be kept?',
        [schedule('Report | Kept for', 'Report of a periodic examination | Until the next report, or 2 years, whichever is later')],
        ['report', 'examin', 'kept'],
      ).text,
    );
    expect(first).toBe(
      'For report of a periodic examination, the retention period is until the next report, or 2 years, whichever is later. [1]',
    );
  });

  test('a labelled item whose text goes on from its label says the label as its subject', () => {
    const roles = passage({
      documentId: 'doc-r',
      code: 'LR 1',
      headingPath: ['Roles and responsibilities'],
      elements: [
        {
          id: 'r-1',
          type: 'list_item',
          text: 'Employer / Duty Holder. Owns the duty to provide safe lifting equipment and to arrange examinations.',
        },
      ],
      focus: ['lifting', 'duty', 'employer'],
    });
    const answer = ask('Who is responsible for lifting equipment?', [roles], ['lift', 'equip', 'responsib']);
    expect(answer.text).toContain(
      'The Employer / Duty Holder owns the duty to provide safe lifting equipment and to arrange examinations.',
    );
    expect(answer.text).not.toMatch(/(^|\. )Owns the duty/);
  });

  test('a "What it does" column is said as what the row\'s subject does', () => {
    const first = opening(
      ask(
        'What does the fire safety group review?',
        [schedule('Group | What it does', 'Fire safety group | Reviews fire risk assessments; reports to the board')],
        ['fire', 'safeti', 'group', 'review'],
      ).text,
    );
    expect(first).toMatch(/^The Fire safety group reviews fire risk assessments\. It reports to the board\. \[1\]/);
    expect(first).not.toContain('the requirement');
  });

  test('a row about two things joined by "and" takes a plural verb', () => {
    const first = opening(
      ask(
        'What temperature should hot water be stored at?',
        [schedule('Check | Figure', 'Calorifiers and stored hot water | Stored at 60 °C or above')],
        ['store', 'hot', 'water', 'temperatur'],
      ).text,
    );
    expect(first).toBe('Calorifiers and stored hot water are stored at 60 °C or above. [1]');
  });
});

describe('how often, what temperature, records', () => {
  test('a how-often question states the interval first, and its temperature part beside it', () => {
    const answer = ask(
      'How often must sentinel outlet temperatures be checked and at what temperature?',
      [flushing],
      ['sentinel', 'outlet', 'temperatur', 'check'],
    );
    const first = opening(answer.text);
    expect(first).toMatch(/^Sentinel outlet temperatures are checked monthly by the competent person\. \[1\]/);
    expect(first).toContain('50 °C within one minute');
  });

  test('a table row whose cell opens with a participle is said of the row\'s subject, not as "the figure is:"', () => {
    const intervals = passage({
      documentId: 'doc-t',
      code: 'WG 3',
      headingPath: ['Inspection intervals'],
      elements: [
        {
          id: 't-1',
          type: 'table',
          text: ['Check | Figure', 'Cold water tanks: inspection | Inspected every six months for debris and temperature.'].join('\n'),
        },
      ],
      focus: ['tank', 'inspect'],
    });
    const first = opening(ask('How often must cold water tanks be inspected?', [intervals], ['cold', 'tank', 'inspect']).text);
    expect(first).toMatch(/^Cold water tanks \(inspection\) are inspected every six months for debris and temperature\. \[1\]/);
    expect(first).not.toContain('the figure is');
  });

  test('when the passages do not state the interval, the first sentence says so and names where it is set', () => {
    const noInterval = passage({
      documentId: 'doc-l',
      code: 'LG 1',
      headingPath: ['Monitoring'],
      elements: [
        { id: 'l-1', type: 'paragraph', text: 'Hot water at sentinel outlets should reach at least 50 °C.' },
        { id: 'l-2', type: 'paragraph', text: 'The frequency of sentinel checks is set out in HSG274 Part 2.' },
      ],
      focus: ['sentinel', 'check'],
    });
    const answer = ask('How often must we check sentinel outlets?', [noInterval], ['sentinel', 'outlet', 'check']);
    expect(answer.text).toMatch(
      /^The library's text does not state how often this must be done: LG 1 \(Monitoring\) refers it to HSG274 Part 2\. The frequency of sentinel checks is set out in HSG274 Part 2\. \[1\]/,
    );
    expect(answer.text).not.toMatch(/current text|see the/i);
    expect(answer.citations[0]).toMatchObject({
      element_ids: ['l-2'],
      quote: 'The frequency of sentinel checks is set out in HSG274 Part 2.',
    });
  });

  test('a passage naming its own document in short is not said to refer the fact to another', () => {
    const own = passage({
      documentId: 'doc-p',
      code: 'ACoP L99',
      headingPath: ['Intervals'],
      elements: [{ id: 'p-1', type: 'paragraph', text: 'The Regulations and L99 do not fix examination intervals for sentinel checks.' }],
      focus: ['sentinel', 'check'],
    });
    const answer = ask('How often must we check sentinel outlets?', [own], ['sentinel', 'outlet', 'check']);
    expect(answer.text).toMatch(/^The library's text does not state how often this must be done; ACoP L99 \(Intervals\) says: /);
    expect(answer.text).not.toContain('refers it to');
  });

  test('a figure question whose figure is not stated says so first', () => {
    const answer = ask(
      'What temperature must the calorifier reach?',
      [
        passage({
          documentId: 'doc-c',
          code: 'CG 3',
          headingPath: ['Calorifiers'],
          elements: [{ id: 'c-1', type: 'paragraph', text: 'Calorifiers must be maintained and inspected by a competent person.' }],
          focus: ['calorifi'],
        }),
      ],
      ['temperatur', 'calorifi'],
    );
    expect(answer.text).toMatch(/^The library's text of CG 3 does not state the temperature\./);
  });

  test('a records question states what is kept and for how long first', () => {
    const records = passage({
      documentId: 'doc-r',
      code: 'RG 4',
      headingPath: ['Records'],
      elements: [
        {
          id: 'r-1',
          type: 'paragraph',
          text: 'Good records help an organisation show control. Monitoring records must be kept for at least five years.',
        },
      ],
      focus: ['record', 'kept'],
    });
    const answer = ask('What records must we keep and for how long?', [records], ['record', 'keep']);
    expect(answer.text).toMatch(/^Monitoring records must be kept for at least five years\. \[1\]/);
  });
});

describe('duties, lists and introductions', () => {
  const order = passage({
    documentId: 'doc-o',
    code: 'FO 2005',
    headingPath: ['Purpose and scope'],
    elements: [
      {
        id: 'o-1',
        type: 'paragraph',
        text: 'The Order is the main fire law for non-domestic premises and its duties fall on the responsible person.',
      },
      { id: 'o-2', type: 'paragraph', text: 'It covers:' },
      { id: 'o-3', type: 'list_item', text: 'general fire precautions;' },
      { id: 'o-4', type: 'list_item', text: 'the fire risk assessment.' },
    ],
    focus: ['fire', 'duti'],
  });
  const duties = passage({
    documentId: 'doc-o',
    code: 'FO 2005',
    headingPath: ['Key duties and requirements'],
    elements: [
      { id: 'd-1', type: 'list_item', text: 'Fire risk assessment. Make a suitable and sufficient assessment of the fire risks.' },
      { id: 'd-2', type: 'list_item', text: 'Emergency routes. Keep escape routes clear.' },
      { id: 'd-3', type: 'list_item', text: 'Training. Train staff in fire safety.' },
    ],
    focus: ['fire', 'duti'],
  });

  test('a duties question opens with the duties themselves, not the scope', () => {
    const answer = ask('What are the fire safety duties of a care home?', [order, duties], ['fire', 'safeti', 'duti']);
    expect(answer.text).toMatch(
      /^FO 2005 sets out these duties:\n\n- Fire risk assessment\. Make a suitable and sufficient assessment of the fire risks\. \[1\]\n- Emergency routes\. Keep escape routes clear\. \[2\]\n- Training\. Train staff in fire safety\. \[3\]\n\n/,
    );
    expect(answer.citations.slice(0, 3).map((citation) => citation.element_ids)).toEqual([['d-1'], ['d-2'], ['d-3']]);
  });

  test('no orphan introduction: "It covers:" is said with the document it means, above its whole list', () => {
    const answer = ask('What does the fire order cover?', [order], ['fire', 'order', 'cover']);
    expect(answer.text).not.toMatch(/(^|\n)(- )?It covers:/);
    expect(answer.text).toContain('- FO 2005 covers:\n  - general fire precautions; [');
    expect(answer.text).toMatch(/\n {2}- the fire risk assessment\. \[\d+\]/);
    // The answer never opens with a copied list item.
    expect(answer.text).not.toMatch(/^(general fire precautions|the fire risk assessment)/);
  });

  test('each citation quotes the sentence that supports the claim, not the first element of its passage', () => {
    const answer = ask('What does the fire order cover?', [order], ['fire', 'order', 'cover']);
    for (const citation of answer.citations) {
      expect(citation.element_ids).toHaveLength(1);
      const element = order.elements.find((entry) => entry.id === citation.element_ids[0]);
      expect(element?.text).toContain(citation.quote);
    }
    expect(new Set(answer.citations.map((citation) => citation.quote)).size).toBe(answer.citations.length);
  });
});

describe('drafts', () => {
  test('a section on a subject (not roles) is drafted from its requirements as whole sentences, each cited once, monitoring not repeating them', () => {
    const flushingRules = passage({
      documentId: 'doc-f',
      code: 'WG 5',
      headingPath: ['Key duties and requirements'],
      elements: [
        { id: 'f-1', type: 'list_item', text: 'Little-used outlets, which are flushed at least weekly.' },
        { id: 'f-2', type: 'list_item', text: 'Flushing. Flush little-used outlets at least weekly and record each flush.' },
        { id: 'f-3', type: 'list_item', text: 'Records. Flushing records are kept and reviewed by the responsible person.' },
      ],
      focus: ['flush', 'outlet'],
    });
    const answer = ask(
      'Draft a water safety policy section on flushing little-used outlets for a care home',
      [flushingRules],
      ['flush', 'outlet'],
      'draft',
    );
    expect(answer.text).toContain('This section sets out how the organisation manages flushing little-used outlets, following WG 5.');
    expect(answer.text).toMatch(
      /### 3\. Requirements\n\n1\. Flushing\. Flush little-used outlets at least weekly and record each flush\. \[\d+\]/,
    );
    // A fragment ("Little-used outlets, which are …") is not a requirement of the draft.
    expect(answer.text).not.toContain('Little-used outlets, which are flushed');
    expect(answer.text.match(/Flushing records are kept/g)).toHaveLength(1);
    expect(checkCitations(answer.text, answer.citations)).toEqual({ unknown: [], unused: [] });
  });

  const other = passage({
    documentId: 'doc-x',
    code: 'XG 9',
    headingPath: ['Roles and responsibilities'],
    elements: [{ id: 'x-1', type: 'table', text: 'Role | What it does\nEnergy manager | Runs metering and leak detection' }],
    focus: ['switchgear'],
  });

  test('a roles section is paste-ready: purpose, scope, each role with its duties as full sentences, monitoring and records, nothing unrelated', () => {
    const answer = ask(
      'Draft the roles and responsibilities section of our switchgear policy',
      [switchgear, other],
      ['switchgear', 'role', 'responsib'],
      'draft',
    );
    const headings = answer.text.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '## Draft: Roles and responsibilities section of our switchgear policy',
      '### 1. Purpose',
      '### 2. Scope',
      '### 3. Roles and responsibilities',
      '### 4. Monitoring and records',
    ]);
    expect(answer.text).toContain(
      'This section sets out who is responsible for the switchgear arrangements and what each role does, following GN 10-01.',
    );
    expect(answer.text).toMatch(
      /\*\*3\.3 Authorising Engineer\*\*\n\n1\. The Authorising Engineer is appointed by the Designated Person, in writing\. \[\d+\]\n2\. The Authorising Engineer is an independent adviser\. \[\d+\]\n3\. The Authorising Engineer audits the arrangements annually\. \[\d+\]/,
    );
    expect(answer.text).toMatch(/1\. The Duty holder has statutory status under the Regulations \(the employer\)\./);
    expect(answer.text).toMatch(
      /The Authorised Person controls the system day to day\. \[\d+\]\n\d\. The Authorised Person issues permits\./,
    );
    // Nothing from a document on another subject that also has a roles table.
    expect(answer.text).not.toContain('Energy manager');
    expect(answer.citations.every((citation) => citation.document_id === 'doc-sw')).toBe(true);
    expect(checkCitations(answer.text, answer.citations)).toEqual({ unknown: [], unused: [] });
  });
});
