/** List items said as sentences of the answer's own (roles.ts, itemAsSentence). */
import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval.ts';
import { dutySentence, itemAsSentence, pronounFor } from './roles.ts';

const passage = { source: 'library', code: 'DOC 1' } as Passage;

describe('itemAsSentence', () => {
  it('says a dated step of a history as when it happened', () => {
    expect(itemAsSentence('2016: it was re-issued as the current guidance, with advice for social care.', passage)).toBe(
      'In 2016, it was re-issued as the current guidance, with advice for social care.',
    );
    expect(itemAsSentence('2012/13 – the guidance was published under a new name on the department site.', passage)).toBe(
      'In 2012/13, the guidance was published under a new name on the department site.',
    );
  });

  it('says a name and what was done to it as a sentence', () => {
    expect(itemAsSentence('**Records Code 2016** — published by the Information Governance Alliance on 20 July 2016.', passage)).toBe(
      'Records Code 2016 was published by the Information Governance Alliance on 20 July 2016.',
    );
    expect(itemAsSentence('Parts A and B — issued in 2021 to replace the single 2007 memorandum;', passage)).toBe(
      'Parts A and B were issued in 2021 to replace the single 2007 memorandum',
    );
  });

  it('keeps a statement with a verb in the past (was, were, had) or a modal, and leaves a noun phrase out', () => {
    expect(itemAsSentence('Earlier arrangements were set out in the 1995 guidance on hospital laundry.', passage)).toBe(
      'Earlier arrangements were set out in the 1995 guidance on hospital laundry.',
    );
    // "-ed" after an article or a preposition is an adjective: a list of completed records is no sentence.
    expect(itemAsSentence('Records of completed and signed permits for the estate.', passage)).toBeNull();
    expect(itemAsSentence('Current risk assessments with completed actions.', passage)).toBeNull();
  });
});

describe('dutySentence', () => {
  it('says an instruction as what the role will do, a description as what the role is', () => {
    expect(dutySentence('All staff', 'Create and keep accurate records and follow the policy.')).toBe(
      'All staff will create and keep accurate records and follow the policy.',
    );
    expect(dutySentence('Authorising Engineer (Water)', 'Independent adviser')).toBe(
      'The Authorising Engineer (Water) is an independent adviser.',
    );
  });
});

describe('pronounFor', () => {
  it('names a person’s role again as "this role", a body as "it" and several people as "they"', () => {
    expect(pronounFor('Energy manager', 'The Energy manager identifies projects.')).toBe('This role identifies projects.');
    expect(pronounFor('Trust board', 'The Trust board approves the policy.')).toBe('It approves the policy.');
    expect(pronounFor('Water Safety Group members', 'The Water Safety Group members meet quarterly.')).toBe('They meet quarterly.');
  });
});
