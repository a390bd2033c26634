import { describe, expect, test } from 'vitest';
import { findDecisions, statesDecision } from './decisions.ts';
import { turnsOf } from './sentences.ts';
import { readTranscript } from './transcript.ts';

const decisionsOf = (...lines: string[]) => findDecisions(turnsOf(readTranscript(lines.join('\n')).lines)).map((decision) => decision.text);

describe('findDecisions', () => {
  test('"agreed, …" keeps what was agreed', () => {
    expect(
      decisionsOf(
        'Nell Ford: Is everyone happy?',
        'Kai Moss: Yes.',
        'Nell Ford: OK, agreed, the night porters carry the spare radio from now on.',
      ),
    ).toEqual(['The night porters carry the spare radio from now on.']);
  });

  test('"so we agree, …"', () => {
    expect(
      decisionsOf(
        'Kai Moss: The lift is still faulty.',
        'Nell Ford: So we agree, the goods lift stays locked off until the engineer has been.',
      ),
    ).toEqual(['The goods lift stays locked off until the engineer has been.']);
  });

  test('"so we agreed: …" and "we\'ve agreed, …" in the past tense', () => {
    const before = 'Kai Moss: It is twenty years old and the wall is thinning.';
    expect(decisionsOf(before, 'Nell Ford: So we agreed: replace the workshop receiver, not repair it.')).toEqual([
      'Replace the workshop receiver, not repair it.',
    ]);
    expect(decisionsOf(before, "Nell Ford: Right, we've agreed, the porters take the night radio.")).toEqual([
      'The porters take the night radio.',
    ]);
  });

  test('a turn opening on an outcome named without a verb, with the sentence that goes on with it', () => {
    const before = 'Kai Moss: There are acoustic enclosures. It is all in the cost.';
    expect(decisionsOf(before, 'Nell Ford: Heat pump option in the bid, then. Gas boilers as the fallback.')).toEqual([
      'Heat pump option in the bid; gas boilers as the fallback.',
    ]);
    // What comes next is not part of it; nor is leave-taking, or "then" meaning "by that time".
    expect(decisionsOf(before, 'Nell Ford: Heat pump option in the bid, then. Can you finish the case by Monday?')).toEqual([
      'Heat pump option in the bid.',
    ]);
    expect(decisionsOf(before, 'Nell Ford: Fingers crossed for the grant, then.')).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: Yeah, he said the survey would be finished by then.')).toEqual([]);
  });

  test('", then" closing a statement that opens a turn, or follows "Yep.", settles it; an item called, a consequence or a task does not', () => {
    const before = 'Kai Moss: Radiology can have one scanner in a power cut.';
    expect(decisionsOf(before, 'Nell Ford: Fine, the CT goes on the shedding list, then.')).toEqual(['The CT goes on the shedding list.']);
    expect(decisionsOf(before, 'Nell Ford: Yep. Every room with a gas appliance gets a CO alarm, then.')).toEqual([
      'Every room with a gas appliance gets a CO alarm.',
    ]);
    expect(decisionsOf(before, 'Nell Ford: Right, floor by floor, then, top two floors first.')).toEqual([
      'Floor by floor, top two floors first.',
    ]);
    expect(decisionsOf(before, "Nell Ford: Right, Bernard's report, then.")).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: Yeah. Radiology will have to work round the lists, then.')).toEqual([]);
    expect(decisionsOf(before, "Nell Ford: We'll sort the lists out with radiology, then.")).toEqual([]);
  });

  test('"Then nobody uses X until …", "So every X goes on …": a rule for everyone after a concluding word', () => {
    const before = 'Kai Moss: The new oven cleaner came in without a data sheet.';
    expect(decisionsOf(before, "Nell Ford: Then nobody uses the new oven cleaner until Oisin's assessed it.")).toEqual([
      "Nobody uses the new oven cleaner until Oisin's assessed it.",
    ]);
    expect(decisionsOf(before, 'Nell Ford: So every new product goes on the allergen matrix before the menu.')).toEqual([
      'Every new product goes on the allergen matrix before the menu.',
    ]);
    // A statement of what is needed, or of what "all you need" is, is not a rule settled.
    expect(decisionsOf(before, 'Nell Ford: So every hoist needs a thorough examination every six months.')).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: So all you really need is the data sheet.')).toEqual([]);
  });

  test('an outcome for a list of subjects, or said with a frequency or "straight to"', () => {
    const before = 'Kai Moss: The risers are the worst for damage.';
    expect(decisionsOf(before, 'Nell Ford: OK, so plant rooms and risers go six-monthly, and everything else stays annual.')).toEqual([
      'Plant rooms and risers go six-monthly, and everything else stays annual.',
    ]);
    expect(decisionsOf(before, 'Nell Ford: So critical care, theatres and renal get told the date and the time.')).toEqual([
      'Critical care, theatres and renal get told the date and the time.',
    ]);
    // A clause of the speaker's own before the verb is no list of subjects.
    expect(decisionsOf(before, 'Nell Ford: So my view right now is, well, if the survey comes back clean, fine.')).toEqual([]);
  });

  test('"Fair." or "OK." opening a turn, then a short rule', () => {
    const before = 'Kai Moss: Monthly room inspections feel like policing people in their own homes.';
    expect(decisionsOf(before, 'Nell Ford: Fair. No monthly inspections.')).toEqual(['No monthly inspections.']);
    expect(decisionsOf(before, 'Nell Ford: OK. No problem.')).toEqual([]);
  });

  test('"OK." opening a turn, then the outcome stated as settled', () => {
    const before = 'Kai Moss: If you want the saving, lag the plant room pipework.';
    expect(decisionsOf(before, 'Nell Ford: OK. The calorifiers stay at sixty. We look at lagging instead.')).toEqual([
      'The calorifiers stay at sixty; we look at lagging instead.',
    ]);
    // A report of how things stand, without the acknowledgement, is not settled.
    expect(decisionsOf(before, 'Nell Ford: The calorifiers stay at sixty for now while we wait.')).toEqual([]);
  });

  test('"So we don\'t ratify X", "Then we ratify X": the group acting in the present, not a report or a fragment', () => {
    const before = 'Kai Moss: The fire policy still cites the 2013 edition.';
    expect(decisionsOf(before, "Nell Ford: So we don't ratify the fire policy today. It comes back in May.")).toEqual([
      "Don't ratify the fire policy today; it comes back in May.",
    ]);
    expect(decisionsOf(before, 'Nell Ford: So we looked at the fire policy last month.')).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: So we currently have one fire policy for both sites.')).toEqual([]);
    expect(decisionsOf(before, 'PERSON2: So we meet the new requirements th y you sh just re the design.')).toEqual([]);
  });

  test('"OK, so X, then." names an outcome without a verb; a question or a plan put that way does not', () => {
    const before = 'Kai Moss: Half a day is too long to release people.';
    expect(decisionsOf(before, 'Nell Ford: OK, so e-learning only from January, then.')).toEqual(['E-learning only from January.']);
    expect(decisionsOf(before, 'Nell Ford: OK, so the boiler, then.')).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: OK, so what we need from estates, then.')).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: So we will look at the rota, then.')).toEqual([]);
  });

  test('"so we\'re going with …" and "let\'s go with …"', () => {
    expect(
      decisionsOf(
        "Nell Ford: So we're going with the cheaper lamp supplier for the car park.",
        "Kai Moss: And let's go with quarterly checks on the lamps.",
      ),
    ).toEqual(['Go with the cheaper lamp supplier for the car park.', 'Go with quarterly checks on the lamps.']);
  });

  test('"the group approved …", and "the group approves the change" followed by the change', () => {
    expect(
      decisionsOf(
        'Nell Ford: Then the group approved the revised key holding procedure.',
        'Nell Ford: The group approves the change. Contractors sign in at the gatehouse, not at reception.',
      ),
    ).toEqual(['The group approved the revised key holding procedure.', 'Contractors sign in at the gatehouse, not at reception.']);
  });

  test('an explicit agreement to keep something as it is', () => {
    expect(
      decisionsOf('Kai Moss: Could we go to weekly tests?', 'Nell Ford: I would rather not.', 'Kai Moss: Fine, we keep the tests monthly.'),
    ).toEqual(['Keep the tests monthly.']);
  });

  test('a bare "agreed" settles the proposal put before it, once', () => {
    expect(
      decisionsOf(
        'Nell Ford: I would like the group to agree that visitors are escorted on the roof at all times. Any objections?',
        'Kai Moss: Agreed.',
        'Nell Ford: OK, agreed.',
      ),
    ).toEqual(['Visitors are escorted on the roof at all times.']);
  });

  test('"so we\'re agreed, X" and "right, so we\'re agreed." followed by what was agreed', () => {
    expect(
      decisionsOf(
        "Nell Ford: So we're agreed, the spare defibrillator moves to the day unit reception.",
        'Kai Moss: And the fridge log?',
        "Nell Ford: Right, so we're agreed. The vaccine fridge is checked twice a day from Monday. Kai, can you tell the nurses?",
      ),
    ).toEqual(['The spare defibrillator moves to the day unit reception.', 'The vaccine fridge is checked twice a day from Monday.']);
  });

  test('a trailing "that\'s agreed" confirms the statement before it, past "any objections? No?"', () => {
    expect(
      decisionsOf(
        'Kai Moss: The old sluice room has not been used since the move.',
        "Nell Ford: Then I think the sensible decision is that the old sluice room is stripped out and locked. Any objections? No? Good, that's agreed.",
        'Kai Moss: I will get a quote for the works.',
      ),
    ).toEqual(['The old sluice room is stripped out and locked.']);
    expect(decisionsOf('Nell Ford: The car park barrier stays up during the resurfacing. Agreed then.', 'Kai Moss: Fine by me.')).toEqual([
      'The car park barrier stays up during the resurfacing.',
    ]);
  });

  test('"I\'m happy to approve that in principle" approves what was proposed just before', () => {
    expect(
      decisionsOf(
        "Kai Moss: What I'd like to do is hire an agency porter to cover the night shift vacancies.",
        'Nell Ford: Is there budget for it?',
        'Kai Moss: The staffing line is underspent this quarter.',
        "Nell Ford: Then I'm happy to approve that in principle. Kai, can you send me the agency rates?",
      ),
    ).toEqual(['Hire an agency porter to cover the night shift vacancies.']);
    expect(
      decisionsOf(
        'Kai Moss: I propose we replace the broken hoist in the day room.',
        "Nell Ford: I'm happy to approve that. We'll buy the replacement hoist from the capital budget.",
      ),
    ).toEqual(['Buy the replacement hoist from the capital budget.']);
  });

  test('questions, rejected proposals and the last minutes are not decisions', () => {
    expect(
      decisionsOf(
        'Nell Ford: The minutes are agreed as a true record.',
        'Kai Moss: Could we move the bins to the front of the building?',
        'Nell Ford: No, the lorries cannot get in there.',
        'Kai Moss: Are we agreed on the rota?',
        'Nell Ford: I think we park that one for now.',
      ),
    ).toEqual([]);
  });
});

describe('statesDecision', () => {
  test('a settlement in its own words is a decision; a question, a backing or a plain remark is not', () => {
    expect(statesDecision('Agreed, we close the side entrance at eight.')).toBe(true);
    expect(statesDecision('So the panel approved the new uniform budget.')).toBe(true);
    expect(statesDecision("We're going with the cheaper cleaning firm.")).toBe(true);
    expect(statesDecision('Are we agreed, we close the side entrance?')).toBe(false);
    expect(statesDecision('We support that, Nell.')).toBe(false);
    expect(statesDecision('The side entrance is left open at night.')).toBe(false);
  });
});

describe('outcomes settled without the word "agreed"', () => {
  // Each meeting opens with a line of its own, so that the transcript is read as speakers' turns.
  const decided = (...lines: string[]) => decisionsOf('Ana: Next item.', ...lines);

  test('a concluding "so" before an outcome or the group taking something up', () => {
    expect(decided('Ana: OK, so the day unit goes onto the quarterly sampling programme.')).toEqual([
      'The day unit goes onto the quarterly sampling programme.',
    ]);
    expect(decided("Chair: Right, so we'll adopt the new handover checklist for all wards.")).toEqual([
      'Adopt the new handover checklist for all wards.',
    ]);
    expect(decided('Ana: Then the porters do the weekly bin checks from now on.')).toEqual([
      'The porters do the weekly bin checks from now on.',
    ]);
    expect(decided('Ana: This board recommends option two to the trust board.')).toEqual([
      'This board recommends option two to the trust board.',
    ]);
  });

  test("how things stand, an open question or a speaker's own plan is not an outcome", () => {
    expect(decided('Ana: The shower stays shut while we wait for the result.')).toEqual([]);
    expect(decided('Ana: So, the question is how long the filters stay on.')).toEqual([]);
    expect(decided("Chair: So I'll move the clinic to Tuesdays.")).toEqual([]);
  });

  test('a proposal another member agrees to is settled; one met with an objection or about the meeting is not', () => {
    expect(decided("Ana: Let's trial the electronic log on two wards first.", 'Ben: Yes, sounds good.')).toEqual([
      'Trial the electronic log on two wards first.',
    ]);
    expect(decided("Ana: Let's trial the electronic log on two wards first.", "Ben: No, I'd rather do all of them.")).toEqual([]);
    expect(decided("Ana: Let's trial the electronic log on two wards first.")).toEqual([]);
    expect(decided("Ana: So let's move on to the fire doors.", 'Ben: Yes.')).toEqual([]);
  });

  test('an outcome the chair puts to the group ("is everyone happy with that?") and someone agrees to', () => {
    expect(
      decided('Ana: Ward two stays closed to admissions until the deep clean is done. Is everyone happy with that?', "Ben: That's fine."),
    ).toEqual(['Ward two stays closed to admissions until the deep clean is done.']);
    expect(
      decided('Ana: Ward two stays closed to admissions until the deep clean is done. Is everyone happy with that?', 'Ben: No, not yet.'),
    ).toEqual([]);
  });

  test('an outcome keeps the condition said after "but"', () => {
    expect(decided('Ana: OK, so the pool stays open, but nobody swims without a lifeguard on duty.')).toEqual([
      'The pool stays open, but nobody swims without a lifeguard on duty.',
    ]);
  });

  test('a matter settled again later: the last word stands', () => {
    expect(
      decided(
        "Ana: So we're going with the cheaper cladding option for the east block.",
        'Ben: Sorry I am late. The fire engineer will not sign off the cheaper cladding.',
        'Ana: Right. Agreed, the east block gets the fire-rated cladding option instead.',
      ),
    ).toEqual(['The east block gets the fire-rated cladding option instead.']);
  });

  test('the same thing put on another date a few lines on: the later date stands; other dated decisions stay', () => {
    expect(
      decided(
        "Ana: OK, so we're going with the first week of December for the boiler.",
        'Ben: Sorry I am late. December is our busiest month in sterile services.',
        'Ana: Right. Agreed, the boiler examination moves to the week of the twenty-fifth of January.',
        'Ana: Agreed, the chiller servicing comes onto our own contract from April.',
      ),
    ).toEqual([
      'The boiler examination moves to the week of the twenty-fifth of January.',
      'The chiller servicing comes onto our own contract from April.',
    ]);
  });

  test('after "Right, scrap X." or "Then that\'s what we do." the outcome said next is settled', () => {
    expect(
      decided('Ana: Right, scrap the weekend shutdown. It is done in the evenings, one floor at a time, with the stairs kept open.'),
    ).toEqual(['It is done in the evenings, one floor at a time, with the stairs kept open.']);
    expect(
      decided("Ana: Then that's what we do. All the freezer alarms go to switchboard, and switchboard rings the on-call technician."),
    ).toEqual(['All the freezer alarms go to switchboard, and switchboard rings the on-call technician.']);
    // Without the closing sentence the same statement is a report, not a decision.
    expect(decided('Ana: It is done in the evenings, one floor at a time, with the stairs kept open.')).toEqual([]);
  });

  test('"Then no X without Y" settles a rule; "go" after a person or an auxiliary is no outcome', () => {
    expect(decided('Ana: Then no hoist slings without a named label, and every one is checked at the monthly audit.')).toEqual([
      'No hoist slings without a named label, and every one is checked at the monthly audit.',
    ]);
    expect(decided('Ana: Somebody else has go to use the seminar room.')).toEqual([]);
    expect(decided("Ana: Honestly I can't go in and tell the ward we're ignoring it.")).toEqual([]);
  });

  test('after "OK, scrap that, then." the outcome said next is settled', () => {
    expect(decided('Ana: OK, scrap that, then. The day room lights get replaced with sensors in the spring.')).toEqual([
      'The day room lights get replaced with sensors in the spring.',
    ]);
    expect(decided('Ana: The day room lights get replaced with sensors in the spring.')).toEqual([]);
  });
  test('a motion, an item that is a motion, or papers put to members to note, with silent assent, is decided', () => {
    expect(
      decisionsOf(
        'Ada Cole: Thank you all for your evidence to the board this morning.',
        'Ada Cole: Item 5. Can I propose, under Standing Order 12, that the board resolves to meet in private for the next item? Are Members content?',
        'Ada Cole: Thank you. We will pause the broadcast.',
      ),
    ).toEqual(['The board resolves to meet in private for the next item under Standing Order 12.']);
    expect(
      decisionsOf(
        'Ada Cole: Item 6 is a motion under Standing Order 12 to exclude the public from the rest of the meeting. Is that agreed?',
        'Ben Tate: Yes.',
      ),
    ).toEqual(['The group agrees a motion under Standing Order 12 to exclude the public from the rest of the meeting.']);
    expect(
      decisionsOf(
        'Ada Cole: Item 3 is papers to note. Paper to note 1 is a letter from the commissioner. Paper to note 4 is a letter from the minister. There is one I want to come back to, but are Members happy to note those?',
        'Ada Cole: Thank you. Item 4.',
        'Ben Tate: The committee has a lot of letters this term.',
      ),
    ).toEqual(['The committee notes papers to note 1 to 4.']);
  });

  test('an assent question answered with an objection, or put on nothing, decides nothing', () => {
    expect(
      decisionsOf(
        'Ada Cole: Can I propose that the board resolves to meet in private for the next item? Are Members content?',
        'Ben Tate: No, I think the public should hear this item.',
      ),
    ).toEqual([]);
    expect(decisionsOf('Ada Cole: We have heard from the estates team. Are Members content?', 'Ben Tate: Fine.')).toEqual([]);
  });
  test('a late objection the chair gives way to replaces what was settled: "Fair enough." or "OK, scrap that." then the new outcome', () => {
    expect(
      decisionsOf(
        "Nell Ford: Let's just shut the courtyard till the fence is done.",
        "Kai Moss: Please don't, it is the only outside space the patients have. Put a member of staff out there instead.",
        "Nell Ford: Fair enough. The garden stays open, and there's always a member of staff out there when a patient is, until the fence is fixed.",
      ),
    ).toEqual(["The garden stays open, and there's always a member of staff out there when a patient is, until the fence is fixed."]);
    expect(
      decisionsOf(
        'Nell Ford: OK, so we go with November for the external course, all eleven APs.',
        'Kai Moss: We cannot, that is the week of the shutdown.',
        'Nell Ford: OK, scrap that. We do the refresher in-house in January, with the engineers, in two groups.',
      ),
    ).toEqual(['Do the refresher in-house in January, with the engineers, in two groups.']);
  });

  test('a decision challenged and stated again when the decider gives way: the new outcome stands, the first is gone', () => {
    expect(
      decisionsOf(
        'Rosa Quay: OK, so we shut the day unit for five days in March and buy everything in from the compounder.',
        'Tam Green: Sorry, did you say buy everything in for five days? They need ten days of notice and will not make the short-expiry doses.',
        'Rosa Quay: We did. Go on.',
        'Ngozi Hart: We could do it over two long weekends and make the stable products ahead.',
        'Rosa Quay: OK, scrap the full shutdown. The filter change is done over two long weekends, and the stable products are made ahead.',
      ),
    ).toEqual(['The filter change is done over two long weekends, and the stable products are made ahead.']);
    expect(
      decisionsOf(
        'Ines Thack: So we just switch off USB storage across the board then.',
        "Dom Farr: OK, but please don't do that across the board. The community teams plug the ECG machines in by USB.",
        "Ines Thack: OK, fine. We block USB storage everywhere, but the clinical devices on Dom's list stay allowed.",
      ),
    ).toEqual(["Block USB storage everywhere, but the clinical devices on Dom's list stay allowed."]);
    // The outcome may start with what is ruled out, and go on in the next sentence.
    expect(
      decisionsOf(
        "Cara Holm: That makes sense to me. We'll go with carpet in the corridor outside the rooms, then.",
        'Yev Orlov: Carpet in a clinical corridor? No. You cannot get body fluids out of carpet.',
        'Mari Bonn: She is right, we had the day room carpet cleaned three times last year.',
        'Cara Holm: OK. No carpet. Sheet vinyl with coved skirting throughout, and acoustic ceiling tiles in the corridor.',
      ),
    ).toEqual(['No carpet; sheet vinyl with coved skirting throughout, and acoustic ceiling tiles in the corridor.']);
  });

  test('a decision recalled for a late joiner and challenged then is settled again, however long ago it was put', () => {
    const aside = ['Kai Moss: The cameras arrive on Monday.', 'Nell Ford: Good.'];
    expect(
      decisionsOf(
        'Nell Ford: OK, so we lock the ambulance corridor side door from ten at night, then.',
        ...Array.from({ length: 16 }, () => aside).flat(),
        'Joe Reyes: Sorry I am late. Did I miss the ED door?',
        "Nell Ford: You did. We're locking the ambulance corridor side door from ten.",
        "Joe Reyes: Ah. You can't lock that one, it is a final exit in the fire strategy.",
        'Kai Moss: A maglock that drops open on the fire alarm would do it.',
        "Nell Ford: Then that's what we'll do. A maglock on the side door, released by the fire alarm, and card access after ten.",
      ),
    ).toEqual(['A maglock on the side door, released by the fire alarm, and card access after ten.']);
  });

  test('an objection straight after the decision is recalled is to it, whatever words it uses; an answer long after is not to it', () => {
    const lines = [
      'Keziah Long: OK, so e-learning only from January, then.',
      'Tunde Bello: Do the slings come into that?',
      'Keziah Long: Go on.',
      'Tunde Bello: Six slings had no label at all, so I withdrew them.',
      'Rashid Khan: Sorry I am late. What have I missed?',
      'Keziah Long: Slings, and we have just said the annual update goes to e-learning only from January.',
      'Rashid Khan: Oh, hang on. The theory can go online, but nobody can assess putting a sling on through a screen.',
      'Siobhan Lee: Thirty minutes on the ward with the link trainers would do it.',
    ];
    const answer = 'Keziah Long: Fine, e-learning for the theory and a half-hour practical on the ward, then.';
    expect(decisionsOf(...lines, answer)).toEqual(['E-learning for the theory and a half-hour practical on the ward.']);
    const later = Array.from({ length: 6 }, () => ['Siobhan Lee: The wards can release people for that.', 'Tunde Bello: Mine too.']).flat();
    expect(decisionsOf(...lines, ...later, answer)).toEqual([
      'E-learning only from January.',
      'E-learning for the theory and a half-hour practical on the ward.',
    ]);
  });

  test('what is not a challenge to a decision: "No." answering someone else\'s question, or an objection long after it', () => {
    expect(
      decisionsOf(
        'Nell Ford: Agreed, no production until the particle counts are back and the release is signed.',
        'Sam Reed: Could your team run the particle counts themselves?',
        'Kai Moss: No. We are not qualified to do the certification counts.',
        'Nell Ford: Agreed, no aseptic preparation during generator tests until the isolator fans are sorted.',
      ),
    ).toEqual([
      'No production until the particle counts are back and the release is signed.',
      'No aseptic preparation during generator tests until the isolator fans are sorted.',
    ]);
    // Answered "No." to another's question: the decider's next outcome is another, not the first settled again.
    expect(
      decisionsOf(
        'Nell Ford: Agreed, the particle counts are done by the validation contractor after every filter change.',
        'Sam Reed: Could your team run the particle counts themselves?',
        'Kai Moss: No. We are not qualified to do the certification counts.',
        'Nell Ford: Fine. The validation contractor sends the certificates within five days.',
      ),
    ).toEqual([
      'The particle counts are done by the validation contractor after every filter change.',
      'The validation contractor sends the certificates within five days.',
    ]);
    // "No lone working assessment …" names a gap; a question naming the ward a decision concerns does not recall it.
    expect(
      decisionsOf(
        'Nell Ford: So, agreed, ward staff stay on the three-yearly training cycle, and ED stays annual.',
        'Kai Moss: No lone working risk assessment for the ED teams. No written support pathway after an incident.',
        'Nell Ford: So the self-assessment goes to the board in October as amber, with the risk assessment gaps named.',
      ),
    ).toEqual([
      'Ward staff stay on the three-yearly training cycle, and ED stays annual.',
      'The self-assessment goes to the board in October as amber, with the risk assessment gaps named.',
    ]);
    expect(
      decisionsOf(
        "Nell Ford: Then let's do it anyway. Willow Wing will be run with a golden thread of building information into handover.",
        'Kai Moss: That is fine from our side.',
        'Nell Ford: Single rooms next.',
        'Kai Moss: Option B costs three hundred thousand more.',
        'Nell Ford: Then I think we go with the fifty per cent option for the single rooms.',
        'Sam Reed: That is my recommendation too.',
        "Nell Ford: Could the wider programme's contingency, not Willow Wing's own, stand the three hundred?",
        "Sam Reed: It's tight. The wider programme contingency is about eight hundred. I'm not comfortable, but it's possible.",
        'Nell Ford: OK. This board recommends option B to the trust board, funded from the wider programme contingency.',
      )[0],
    ).toEqual('Willow Wing will be run with a golden thread of building information into handover.');
    const between = ['Kai Moss: The roofers are back on Monday.', 'Nell Ford: Good.'];
    expect(
      decisionsOf(
        'Nell Ford: Yeah. The asbestos register check goes on every permit from now on.',
        ...between,
        ...between,
        ...between,
        'Kai Moss: No. If they are on our roof it is our permit, issued by our own authorised person.',
        'Nell Ford: OK. Fine. Our permit, issued by our authorised person, for every job on our roofs.',
      ),
    ).toEqual([
      'The asbestos register check goes on every permit from now on.',
      'Our permit, issued by our authorised person, for every job on our roofs.',
    ]);
  });

  test('the outcome stated once the decider lets it go ahead, or said "for the minutes"', () => {
    const before = 'Kai Moss: The interim controller would keep lift three running until the full modernisation.';
    expect(
      decisionsOf(
        before,
        "Nell Ford: Then let's do that. The interim controller for lift three goes ahead now, out of the backlog budget.",
      ),
    ).toEqual(['The interim controller for lift three goes ahead now, out of the backlog budget.']);
    expect(decisionsOf(before, 'Nell Ford: OK, fine. The round stays at ten, and the time-critical meds go first.')).toEqual([
      'The round stays at ten, and the time-critical meds go first.',
    ]);
    expect(decisionsOf(before, "Nell Ford: Fine, let's do that then. Quarterly bin audits on every ward.")).toEqual([
      'Quarterly bin audits on every ward.',
    ]);
    expect(
      decisionsOf(
        before,
        'Nell Ford: OK. So, to be clear for the minutes, any donated or loaned device goes through acceptance before use.',
      ),
    ).toEqual(['Any donated or loaned device goes through acceptance before use.']);
    expect(
      decisionsOf(
        before,
        "Nell Ford: And while we're on contractors, I want to be clear. Anyone found working at height without the right controls goes off site for the day.",
      ),
    ).toEqual(['Anyone found working at height without the right controls goes off site for the day.']);
  });

  test('what a go-ahead is not followed by: a bare "OK." before the next item, a name called, the next item, a fact put on record', () => {
    const before = 'Kai Moss: That would keep lift three running.';
    expect(decisionsOf(before, 'Nell Ford: OK. The fire doors on the second floor, Sam.')).toEqual([]);
    expect(
      decisionsOf(
        'Megan Doyle: Morning, all.',
        before,
        "Nell Ford: Fine. Megan's doing the notes and the attendance register for us today.",
      ),
    ).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: Fine. Dr Menon, health surveillance for the cut-up room.')).toEqual([]);
    expect(decisionsOf(before, "Nell Ford: Fine, let's do that. So, the field safety notice on the volumetric pumps.")).toEqual([]);
    expect(decisionsOf(before, 'Nell Ford: For the record, we do run both generators on load every month.')).toEqual([]);
  });

  test('a concession before a wish or a duty, not an outcome, decides nothing', () => {
    expect(decisionsOf('Kai Moss: The fence is loose.', 'Nell Ford: Fair enough. We need to look at the fence budget next month.')).toEqual(
      [],
    );
  });
});
