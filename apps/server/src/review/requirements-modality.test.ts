import { describe, expect, it } from 'vitest';
import { findReferences } from './references.ts';
import { requirementFindings } from './requirements.ts';
import type { LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewLibrary } from './types.ts';

const id = 'gsr-2031.md';
const element = (index: number, text: string, headingPath: string[]): LibraryElement => ({
  id: `${id}#${index}`,
  type: 'paragraph',
  text,
  headingPath,
});
/** A library of its own, so that the rules are seen to read any subject, not the seed library's. */
const rules: LibraryDocument = {
  id,
  code: 'GSR 2031',
  title: 'Ground Safety Regulations 2031',
  status: 'current',
  edition: '2031',
  supersededBy: null,
  supersedes: [],
  domain: 'Estates',
  subdomain: 'Grounds',
  elements: [
    element(0, 'Carry out a radon survey of every basement before occupation.', ['Key duties and requirements']),
    element(1, 'Permit issuers must check the cable register before authorising excavation.', ['Roles']),
    element(2, 'Lances must not be reused unless the risk is assessed and controlled by a sterile sheath.', ['Rules']),
    element(3, 'Hot work is permitted only where no safer method exists and a fire watch is kept.', ['Rules']),
    element(4, 'A burn from a hot surface is a notifiable event when it needs hospital treatment.', ['Reporting']),
    element(5, 'Burns treated on site are not notifiable.', ['Reporting']),
    element(6, 'No work on the irrigation main takes place without a permit issued by the Grounds Manager.', ['Rules']),
    element(7, 'Record every spill on the spill register, whether or not it is reported to the council.', ['Key duties and requirements']),
    element(8, 'Send pollution notices to the council without delay, using its current form.', ['Key duties and requirements']),
    element(9, 'Delaying pollution notices until an inquiry ends is a common gap.', ['Common gaps']),
    element(10, 'Every grounds operator registered with the council, and every site manager.', ['Who it applies to']),
    element(11, 'Allotment holders are also within scope, with their duties passing to the site manager.', ['Key duties and requirements']),
    element(12, 'They do not cover private gardens, so volunteers working in residents’ gardens follow the volunteer code instead.', [
      'Who it applies to',
    ]),
    element(13, 'Do not fell any tree in a conservation area without lawful consent from the council.', ['Rules']),
    element(14, '**Use weedkiller only when** hand weeding is impractical and the area is fenced off.', ['Key duties and requirements']),
    element(15, 'Record the name of the person completing each mowing check.', ['Key duties and requirements']),
    element(
      16,
      'Originally the spill records had to be kept only where ten or more staff worked. Since 1 May 2030 every site manager must keep the spill register and name who completed each entry.',
      ['Key duties and requirements'],
    ),
    element(17, 'Use licensed contractors for licensable tree work, which must be notified to the council in advance.', [
      'Key duties and requirements',
    ]),
    element(18, 'Notify notifiable non-licensed tree work and keep records of it.', ['Key duties and requirements']),
    element(19, 'All staff of those operators, including seasonal and agency workers.', ['Who it applies to']),
    { ...element(20, 'Gate barriers propped open, damaged or left unlocked.', ['Common compliance gaps']), type: 'list_item' },
    { ...element(21, 'Grounds fuel cans not labelled.', ['Common compliance gaps']), type: 'list_item' },
    element(22, 'Rather than a single reading, the following must be recorded after every radon survey: its date and its result.', [
      'Key duties and requirements',
    ]),
    element(23, 'Beekeeping associations are not covered.', ['Who it applies to']),
  ],
};
const own: ReviewLibrary = { documents: [rules] };

function policy(...blocks: string[]): Policy {
  const elements = ['Grounds work follows GSR 2031.', ...blocks].map(
    (text, index): PolicyElement => ({ index, type: 'paragraph', text, page: 1, headingPath: [] }),
  );
  return { title: 'Grounds policy', elements };
}

const reported = (...blocks: string[]) => requirementFindings(policy(...blocks), [], own).map((finding) => finding.quote);

describe('the modality of a policy sentence against the library rule on the same subject', () => {
  it('reports a duty made optional, citing the duty, and not the duty stated', () => {
    const [finding] = requirementFindings(policy('A radon survey is optional for basements used as stores.'), [], own);
    expect(finding).toMatchObject({ category: 'factual_error', quote: 'A radon survey is optional' });
    expect(finding?.evidence).toEqual([{ documentId: id, code: 'GSR 2031', elementIds: [`${id}#0`] }]);
    expect(reported('A radon survey of every basement is completed before occupation.')).toEqual([]);
  });

  it('reports a duty the policy says is not needed, by its object, and not one about another thing', () => {
    expect(reported('Contractors digging shallow trenches do not need to check the cable register.')).toEqual([
      'Contractors digging shallow trenches do not need to check the cable register',
    ]);
    expect(reported('Contractors digging shallow trenches do not need to check the pipe drawings.')).toEqual([]);
  });

  it('reports a permission outside the exception a prohibition allows, and not one within it', () => {
    expect(reported('Lances may be reused when stock runs low.')).toEqual(['Lances may be reused when stock runs low']);
    // A clause describing a thing allows nothing.
    expect(reported('Lances that can be reused when stock runs low are kept apart.')).toEqual([]);
    expect(reported('Lances are kept in a tray from which they can be reused when stock runs low.')).toEqual([]);
    expect(reported('Lances may be reused where the risk is assessed and controlled by a sterile sheath.')).toEqual([]);
  });

  it('reports a permission on other conditions than the only ones the library allows', () => {
    expect(reported('Hot work is permitted where it saves time.')).toEqual(['Hot work is permitted where it saves time']);
    expect(reported('Hot work is permitted only where no safer method exists and a fire watch is kept.')).toEqual([]);
  });

  it('reports an outright denial of what the library says can be, and not a denial the library shares', () => {
    expect(reported('Burns from hot surfaces are never notifiable.')).toEqual(['Burns from hot surfaces are never notifiable']);
    expect(reported('Burns treated on site are never notifiable.')).toEqual([]);
  });

  it('reports a permission to do without what the library says no work goes ahead without, and not the rule restated', () => {
    expect(
      reported('Minor work on the irrigation main, such as changing a valve, may be carried out by a gardener without a permit.'),
    ).toEqual(['may be carried out by a gardener without a permit']);
    expect(reported('No work on the irrigation main may start without a permit.')).toEqual([]);
    expect(reported('Minor work on the irrigation main may be carried out by a gardener with a permit.')).toEqual([]);
    // Doing without another thing is not what the rule is about.
    expect(reported('Minor work on the irrigation main may be carried out by a gardener without a supervisor.')).toEqual([]);
  });

  it('reads an instruction limited to conditions ("Use X only when …") as ruling out a permission on others', () => {
    expect(reported('Weedkiller may be used whenever it saves staff time.')).toEqual([
      'Weedkiller may be used whenever it saves staff time',
    ]);
    // The library's own conditions, or another thing, are not a breach.
    expect(reported('Weedkiller may be used where hand weeding is impractical and the area is fenced off.')).toEqual([]);
    expect(reported('Mowers may be used whenever it saves staff time.')).toEqual([]);
  });

  it('reads an instruction "Do not … without lawful X" as the rule, against a permission to do without X', () => {
    expect(reported('Trees in a conservation area may be felled by the grounds team without consent.')).toEqual([
      'Trees in a conservation area may be felled by the grounds team without consent',
    ]);
    expect(reported('Trees in a conservation area may be felled by the grounds team without a supervisor.')).toEqual([]);
  });

  it('reports a duty said not to be done to a thing ("do not need to be recorded"), by the thing and the act', () => {
    expect(reported('Spills that are not reported to the council do not need to be recorded in the site diary.')).toEqual([
      'Spills that are not reported to the council do not need to be recorded',
    ]);
    expect(reported('Spills that are not reported to the council do not need to be photographed.')).toEqual([]);
  });

  it('explains a duty made optional by the rule saying most of the sentence, and an old rule by the one that replaced it', () => {
    const [finding] = requirementFindings(
      policy(
        'Because ten or more staff work here, spill records are kept, but the name of the person completing them does not need to be recorded.',
      ),
      [],
      own,
    );
    // The mowing check's rule shares the record and the name; the spill register's says what the sentence is about.
    expect(finding).toMatchObject({ quote: 'the name of the person completing them does not need to be recorded' });
    expect(finding?.expected).toMatch(/^Since 1 May 2030 every site manager must keep the spill register/);
  });

  it('does not explain a duty made optional for a thing told by what it is not with the rule for the thing it is not', () => {
    const evidence = (text: string) => requirementFindings(policy(text), [], own)[0]?.evidence[0]?.elementIds;
    expect(evidence('Notifiable non-licensed tree work does not need to be notified to the council.')).toEqual([`${id}#18`]);
    expect(evidence('Tree work that does not need a licence does not need to be notified to the council.')).toEqual([`${id}#18`]);
    expect(evidence('Licensable tree work does not need to be notified to the council.')).toEqual([`${id}#17`]);
  });

  it('does not read a relative clause ("equipment that is not needed") as a duty made optional', () => {
    expect(reported('Equipment that is not needed is switched off, and every spill that is not required on site is recorded.')).toEqual([]);
  });

  it('does not read a clause pointing back to something named before it ("so following it") as the thing made optional', () => {
    expect(reported('The radon leaflet is advice rather than a rule, so following it is not compulsory.')).toEqual([]);
  });
});

describe('a permission for a failure the library lists among its compliance gaps', () => {
  it('reports a permission that says every word of the listed failure, and explains it as a gap', () => {
    const [finding, ...rest] = requirementFindings(
      policy('Gate barriers may be propped open during deliveries, provided a member of staff stays nearby.'),
      [],
      own,
    );
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe('Gate barriers may be propped open during deliveries, provided a member of staff stays nearby');
    expect(finding?.explanation).toBe(
      'The policy allows "Gate barriers may be propped open during deliveries, provided a member of staff stays nearby", which GSR 2031 lists among the common compliance gaps: "Gate barriers propped open."',
    );
  });

  it('does not report a permission that shares only some of its words, nor read a failure to do something as a rule against it', () => {
    expect(reported('Gate barriers may be propped against the fence when not in use.')).toEqual([]);
    // "They may be" allows too; "they can" says what they are able to do.
    expect(reported('Gate barriers are checked daily, and during deliveries they may be propped open by the driver.')).toEqual([
      'during deliveries they may be propped open by the driver',
    ]);
    expect(reported('Gate barriers are checked daily, and they can be propped open by hand.')).toEqual([]);
    expect(reported('Fuel cans may be labelled by the supplier.')).toEqual([]);
  });
});

describe('the timing of a policy sentence against the library rule on the same act', () => {
  it('reports an act the library wants without delay put off until an event has happened, quoting the gate', () => {
    const [finding] = requirementFindings(policy('Pollution notices are sent once the internal inquiry has been completed.'), [], own);
    expect(finding).toMatchObject({
      category: 'factual_error',
      quote: 'Pollution notices are sent once the internal inquiry has been completed',
      expected: 'Send pollution notices to the council without delay, using its current form (GSR 2031)',
    });
    expect(reported('Pollution notices are sent only after the manager has confirmed the spill.')).toEqual([
      'Pollution notices are sent only after the manager has confirmed',
    ]);
  });

  it('reports an act the library wants before occupation left until after it, and not the act done in time', () => {
    expect(reported('The radon survey may be completed after the basement has been occupied.')).toEqual([
      'The radon survey may be completed after the basement has been occupied',
    ]);
    expect(reported('The radon survey is completed before the basement is occupied.')).toEqual([]);
  });

  it('leaves "at once", other acts, and the gaps a document describes', () => {
    expect(reported('Staff tell the manager at once if a spill has happened.')).toEqual([]);
    expect(reported('Staff rotas are sent once the inquiry has been completed.')).toEqual([]);
  });
});

describe('the scope a policy gives an instrument it cites against whom the library says it applies to', () => {
  const scoped = (text: string) => {
    const input = policy(text);
    return requirementFindings(input, findReferences(input, own).citations, own).map((finding) => finding.quote);
  };

  it('reports a restriction to some where the library names a whole group, citing that group', () => {
    const input = policy('The duties of GSR 2031 apply only to parks and cemeteries.');
    const [finding] = requirementFindings(input, findReferences(input, own).citations, own);
    expect(finding).toMatchObject({
      quote: 'The duties of GSR 2031 apply only to parks and cemeteries',
      expected: 'Every grounds operator registered with the council, and every site manager (GSR 2031)',
    });
    expect(scoped('The duties of GSR 2031 apply to every grounds operator.')).toEqual([]);
  });

  it('answers a restriction to some staff with the whole group of people the library names, not of organisations', () => {
    const input = policy('The duties of GSR 2031 apply only to qualified technicians.');
    const [finding] = requirementFindings(input, findReferences(input, own).citations, own);
    expect(finding?.expected).toBe('All staff of those operators, including seasonal and agency workers (GSR 2031)');
  });

  it('reports an instrument said to apply where the library says it does not, and not where it does', () => {
    expect(scoped("Volunteers tend residents' gardens, and GSR 2031 applies in residents' gardens as well.")).toEqual([
      "Volunteers tend residents' gardens, and GSR 2031 applies in residents' gardens as well",
    ]);
    expect(scoped('GSR 2031 applies to every grounds operator and every site manager.')).toEqual([]);
    expect(scoped("GSR 2031 does not apply in residents' gardens.")).toEqual([]);
  });

  it('reports a denial for those the library says are within scope, and not for others or for the policy itself', () => {
    expect(scoped('Allotment holders are tenants, and GSR 2031 does not apply to allotment holders.')).toEqual([
      'Allotment holders are tenants, and GSR 2031 does not apply to allotment holders',
    ]);
    expect(scoped('GSR 2031 does not apply to the following, which have their own regulations: railway verges.')).toEqual([]);
    expect(scoped('Sports pitches follow GSR 2031 and are outside the scope of this policy.')).toEqual([]);
  });

  it('leaves a denial the library makes itself, and reads the group without the reason given for it', () => {
    expect(scoped('GSR 2031 does not apply to beekeeping associations.')).toEqual([]);
    expect(scoped('GSR 2031 does not apply to the depot, because no allotment holder works there.')).toEqual([]);
    expect(scoped('GSR 2031 does not apply to allotment holders, because they are tenants.')).toEqual([
      'GSR 2031 does not apply to allotment holders, because they are tenants',
    ]);
  });
});
