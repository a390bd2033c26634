import type { WriteTopic } from '@verity/shared';
import { describe, expect, test } from 'vitest';
import { findActions } from './actions.ts';
import { readMeeting } from './meeting.ts';
import { turnsOf } from './sentences.ts';
import { readTranscript } from './transcript.ts';

// Every meeting below is on Wednesday 13 October 2027; the next one is on 10 November.
const OPENING = 'Mira Holt: Welcome to the premises group, it is Wednesday the 13th of October.';
const CLOSING = 'Mira Holt: Next meeting is Wednesday the 10th of November. Thanks all.';

function actionsOf(...lines: string[]) {
  return actionsUnder([], ...lines);
}

function actionsUnder(topics: WriteTopic[], ...lines: string[]) {
  const transcript = readTranscript([OPENING, ...lines, CLOSING].join('\n'));
  const meeting = readMeeting(transcript, { today: '2027-12-01' });
  return findActions(turnsOf(transcript.lines), meeting, topics);
}

const summary = (actions: ReturnType<typeof actionsOf>) => actions.map(({ owner, action, due }) => ({ owner, action, due }));

describe('commitments the speaker makes', () => {
  test('"I\'ll …" with a date: the speaker owns an imperative text without the date', () => {
    expect(summary(actionsOf("Jon Pike: I'll chase the contractor for the gas certificates by Friday."))).toEqual([
      { owner: 'Jon Pike', action: 'Chase the contractor for the gas certificates.', due: '2027-10-15' },
    ]);
  });

  test('a commitment cut off in mid-phrase by another speaker is no task; one cut off after its task is whole', () => {
    expect(
      actionsOf(
        "Jon Pike: I'll book the twenty units with the hire firm this —",
        'Ada Cole: Sorry I am late. Did I hear units in the bedrooms? Please do not, they are ligature points.',
      ),
    ).toEqual([]);
    expect(
      summary(
        actionsOf(
          "Jon Pike: I'll send the draft note to Ada and Mira by Friday, and then —",
          'Ada Cole: And copy the chair in on it, please.',
        ),
      ).map((action) => action.action),
    ).toContain('Send the draft note to Ada and Mira.');
  });

  test('"leave it with me" takes the task that follows it', () => {
    const [action] = actionsOf(
      'Jon Pike: The boiler service is overdue.',
      "Ada Cole: Leave it with me, I'll book the boiler service with the usual firm.",
    );
    expect(action).toMatchObject({ owner: 'Ada Cole', action: 'Book the boiler service with the usual firm.', due: null });
  });

  test('"I\'m going to …" and a conditional commitment count, keeping the condition', () => {
    const actions = actionsOf(
      "Ada Cole: I'm going to write to the landlord about the damp in the basement.",
      "Jon Pike: If the budget is signed off, leave it with me, I'll order the replacement radiators.",
    );
    expect(summary(actions)).toEqual([
      { owner: 'Ada Cole', action: 'Write to the landlord about the damp in the basement.', due: null },
      { owner: 'Jon Pike', action: 'If the budget is signed off, order the replacement radiators.', due: null },
    ]);
  });

  test('a date the owner gives for "it" in their next sentences is the due date, unless another task comes first', () => {
    expect(
      summary(
        actionsOf(
          "Ada Cole: And I'll order the replacement hoist for the day room. I want it in before the inspection, so I'll aim to have it delivered by the 29th of October.",
        ),
      ),
    ).toEqual([{ owner: 'Ada Cole', action: 'Order the replacement hoist for the day room.', due: '2027-10-29' }]);
    const unrelated = actionsOf("Ada Cole: I'll order the replacement hoist for the day room. The boiler engineer is coming by Friday.");
    expect(summary(unrelated)).toEqual([{ owner: 'Ada Cole', action: 'Order the replacement hoist for the day room.', due: null }]);
  });

  test('a date turned down ("rather than waiting for the next meeting") is not the due date', () => {
    expect(
      summary(actionsOf("Jon Pike: I'll circulate the audit scores as soon as they arrive rather than waiting for the next meeting.")),
    ).toEqual([
      {
        owner: 'Jon Pike',
        action: 'Circulate the audit scores as soon as they arrive rather than waiting for the next meeting.',
        due: null,
      },
    ]);
  });

  test('sub-steps of one task are one action, with every line as evidence', () => {
    const actions = actionsOf(
      "Jon Pike: I'll take the old filters out of the air handling unit. Then I'll fit the new filters and test the unit on Monday.",
    );
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ owner: 'Jon Pike', due: '2027-10-18', lines: [2] });
  });

  test('an intention needs a date or a go-ahead', () => {
    expect(actionsOf("Ada Cole: I'd like to repaint the stairwell handrails.", 'Jon Pike: The stairwell is a mess.')).toEqual([]);
    expect(summary(actionsOf("Ada Cole: I'd like to repaint the stairwell handrails by the end of the month."))).toEqual([
      { owner: 'Ada Cole', action: 'Repaint the stairwell handrails.', due: '2027-10-31' },
    ]);
    expect(actionsOf("Ada Cole: I'd like to repaint the stairwell handrails.", 'Mira Holt: Great, please do.')).toHaveLength(1);
  });

  test('a vague "I\'ll do it" takes its task from the request it answers', () => {
    const actions = actionsOf(
      'Mira Holt: Ada, could you draft the new visitor parking policy?',
      "Ada Cole: Yes, I'll do it by the next meeting.",
    );
    expect(summary(actions)).toEqual([{ owner: 'Ada Cole', action: 'Draft the new visitor parking policy.', due: '2027-11-10' }]);
  });

  test('a question put after a dash is not part of the commitment, nor is its date', () => {
    const actions = actionsOf(
      'Mira Holt: The skylight in the stairwell leaks whenever it rains.',
      "Jon Pike: I'll look into that — Mira, is the glazier still coming on Friday?",
    );
    expect(summary(actions)).toEqual([
      { owner: 'Jon Pike', action: 'Look into that — The skylight in the stairwell leaks whenever it rains.', due: null },
    ]);
  });

  test('a vague commitment does not take the decision just stated as what it is about', () => {
    const actions = actionsOf(
      'Ada Cole: The projector in the meeting room keeps overheating.',
      'Mira Holt: Agreed, the group moves the monthly training to the library.',
      "Jon Pike: I'll look into that.",
    );
    expect(actions.map((action) => action.action)).toEqual(['Look into that — The projector in the meeting room keeps overheating.']);
  });

  test('"I\'ll do it" answering an open "can anyone …?" takes that request and its date, not the most telling remark', () => {
    const actions = actionsOf(
      'Jon Pike: The extinguisher log for the basement plant room has gone missing again.',
      'Mira Holt: Can anyone cover the reception desk next Tuesday?',
      "Ada Cole: I'll do it.",
    );
    expect(summary(actions)).toEqual([{ owner: 'Ada Cole', action: 'Cover the reception desk.', due: '2027-10-19' }]);
  });

  test('a due date given in answer to "by when?" belongs to the commitment', () => {
    const actions = actionsOf(
      "Jon Pike: I'll reissue the contractor keys.",
      'Mira Holt: By when, Jon?',
      'Jon Pike: End of the month, realistically.',
    );
    expect(actions).toMatchObject([{ owner: 'Jon Pike', due: '2027-10-31', due_said: 'End of the month' }]);
  });
});

describe('tasks given to someone', () => {
  test('a named request accepted by the person asked: they own it', () => {
    const actions = actionsOf('Mira Holt: Sam, can you get the fire exit sign in the canteen replaced?', 'Sam Reyes: Yes, no problem.');
    expect(summary(actions)).toEqual([{ owner: 'Sam Reyes', action: 'Get the fire exit sign in the canteen replaced.', due: null }]);
  });

  test('the date the person asked gives wins over the date asked for', () => {
    const actions = actionsOf('Mira Holt: Sam, can you send me the window quotes by Friday?', "Sam Reyes: Sure, I'll send them tomorrow.");
    expect(actions).toMatchObject([
      { owner: 'Sam Reyes', action: 'Send Mira the window quotes.', due: '2027-10-14', due_said: 'tomorrow' },
    ]);
  });

  test('an unnamed request is owned by whoever accepts it; a refusal makes no action', () => {
    expect(actionsOf('Mira Holt: Can you book the legionella training for the new porters?', 'Sam Reyes: Will do.')[0]?.owner).toBe(
      'Sam Reyes',
    );
    expect(
      actionsOf('Mira Holt: Sam, can you take on the window cleaning contract?', "Sam Reyes: No, I can't take that on this quarter."),
    ).toEqual([]);
  });

  test('"action on" someone absent is theirs, and an apology names them in full', () => {
    const actions = actionsOf(
      'Mira Holt: Apologies from Priti Shah.',
      "Mira Holt: So action on Priti, even though she's not here, to renew the passenger lift insurance before the end of October.",
    );
    expect(summary(actions)).toEqual([{ owner: 'Priti Shah', action: 'Renew the passenger lift insurance.', due: '2027-10-31' }]);
  });

  test('"Name to do …" in the minutes\' own style', () => {
    const actions = actionsOf(
      'Mira Holt: Apologies from Lars Berg.',
      'Mira Holt: Lars to send the group the asbestos register for the east wing.',
    );
    expect(actions[0]).toMatchObject({ owner: 'Lars Berg', action: 'Send the group the asbestos register for the east wing.' });
  });

  test('a duty put on a named person ("X\'s got to …") is theirs, absent or not; "X has to be …" is not a task', () => {
    const actions = actionsOf(
      'Mira Holt: Apologies from Lars Berg.',
      "Mira Holt: Lars's got to get the quote for the loading bay gate signed off before the next meeting.",
      'Mira Holt: Sam has to be careful with that budget.',
    );
    expect(summary(actions)).toEqual([
      { owner: 'Lars Berg', action: 'Get the quote for the loading bay gate signed off.', due: '2027-11-10' },
    ]);
  });

  test('an outcome the speaker will have reached is said with its verbs ("have the policy built and tested")', () => {
    const actions = actionsOf('Sam Reyes: I will have the visitor badge policy built and tested by the end of October.');
    expect(summary(actions)).toEqual([{ owner: 'Sam Reyes', action: 'Build and test the visitor badge policy.', due: '2027-10-31' }]);
  });

  test('what the speaker will talk about or say in the talk being planned is no task; talking to someone is', () => {
    expect(actionsOf("Sam Reyes: Then I'm going to talk about the survey data and the results.")).toEqual([]);
    expect(actionsOf("Sam Reyes: I'll say a word on the scaling results at the end.")).toEqual([]);
    expect(summary(actionsOf("Sam Reyes: I'll talk to the lift contractor about the survey data on Monday."))[0]?.action).toMatch(
      /^Talk to the lift contractor about the survey data/,
    );
  });

  test('"I\'ll have time to …" commits to what there is time for; "have X to Sam" is sending it', () => {
    expect(summary(actionsOf('Sam Reyes: I will have time to revise the waste audit on the train next week.'))).toEqual([
      { owner: 'Sam Reyes', action: 'Revise the waste audit on the train.', due: expect.anything() },
    ]);
    expect(summary(actionsOf('Sam Reyes: I will have the revised audit to Mira by Friday.'))[0]?.action).toBe(
      'Send the revised audit to Mira.',
    );
  });

  test('what a thin task is about: the sentence said just before the one naming its thing', () => {
    const actions = actionsOf(
      "Bart Lew: They had our site induction, but that's the fire exits and the car park, basically.",
      'Mira Holt: We stopped the job, and the area was sealed off the same day.',
      "Ravi Sub: And the air test came back clear on the Friday. I've got the certificate.",
      'Mira Holt: Can you send it to me? I need it for the investigation.',
      "Ravi Sub: Yeah, I'll send you the certificate this afternoon.",
    );
    expect(actions.map((action) => action.action)).toEqual(['Send Mira the certificate — the air test came back clear on the Friday.']);
  });

  test('a story with a date in it is not an answer taking a request on', () => {
    const actions = actionsOf(
      'Mira Holt: OK, the fall. Sam, do you want to do it?',
      'Sam Reyes: So, Mrs Dunmore fell in the lounge on the second of October, she got up without her frame and broke her hip.',
    );
    expect(actions).toEqual([]);
  });

  test('"the Marketing Expert will …": a task given to a role by its title is owned by the role', () => {
    const actions = actionsOf(
      'Mira Holt: For next time, the Marketing Expert will do the first project evaluation.',
      'Mira Holt: And the Industrial Designer will work on the look and feel of the case.',
    );
    expect(summary(actions)).toEqual([
      { owner: 'Marketing Expert', action: 'Do the first project evaluation.', due: '2027-11-10' },
      { owner: 'Industrial Designer', action: 'Work on the look and feel of the case.', due: '2027-11-10' },
    ]);
  });

  test('a task given to a role nobody at the meeting holds is owned by the role', () => {
    const actions = actionsOf('Mira Holt: That is an action on the HV AE, to witness the switching at the substation.');
    expect(actions[0]).toMatchObject({ owner: 'Authorising Engineer (HV)', action: 'Witness the switching at the substation.' });
  });
});

describe('the room and the call, and estates work on them', () => {
  test("the meeting room's things said bare are logistics; said with more, or sent on, they are tasks", () => {
    const actions = actionsOf(
      "Sam Reyes: I'll shut the door.",
      "Jon Pike: I'll turn the heating up a bit.",
      "Ada Cole: I'll get the door access system on the east stairs fixed by Friday.",
      "Jon Pike: And I'll send you the slides after the meeting, Mira.",
    );
    expect(actions.map((action) => action.owner)).toEqual(['Ada Cole', 'Jon Pike']);
    expect(actions[0]?.action).toBe('Get the door access system on the east stairs fixed.');
  });

  test('putting something up on screen and stopping a share are the call, not tasks', () => {
    const actions = actionsOf(
      'Mira Holt: Sam, can you put the tracker up on screen?',
      'Sam Reyes: Yes, one sec.',
      "Jon Pike: I'll stop sharing.",
      "Ada Cole: I'll put the tracker figures in the board report by Friday.",
    );
    expect(actions.map((action) => action.action)).toEqual(['Put the tracker figures in the board report.']);
  });

  test('a sentence cut off leaves no dangling "and then you" on the task', () => {
    const actions = actionsOf("Ada Cole: I'll put the new rota in the shared folder, and then you —");
    expect(actions.map((action) => action.action)).toEqual(['Put the new rota in the shared folder.']);
  });
});

describe('what people say that is not work', () => {
  test('idioms, jokes about sleeping or eating, and good wishes are not tasks', () => {
    const actions = actionsOf(
      "Ada Cole: I'll rebook the boiler examination for January. And if it all goes wrong, I'll sleep in the boiler house.",
      "Jon Pike: I'll hold you to that. I'll eat the leftover crumble myself.",
      'Mira Holt: Sam, please send her our best.',
      "Sam Reyes: Tea at five is early, I'll give you that.",
    );
    expect(actions.map((action) => action.action)).toEqual(['Rebook the boiler examination.']);
  });

  test('a commitment on someone else doing it again is exasperation, not a task; a plain condition keeps it', () => {
    const actions = actionsOf(
      "Ada Cole: If anyone sends me another policy in the old template, I'll retire early.",
      "Jon Pike: If the phone rings out one more time, I'll move the desk into the corridor.",
      "Sam Reyes: If the quote comes in over budget, I'll take the extension request to the capital panel.",
    );
    expect(actions.map((action) => action.action)).toEqual([
      'If the quote comes in over budget, take the extension request to the capital panel.',
    ]);
  });

  test('"if that helps", "otherwise …" close the task; "if you send me" reads as said of the person named', () => {
    const actions = actionsOf(
      "Ada Cole: I'll get the quote from the track people before the capital panel, otherwise we miss this year's money.",
      'Jon Pike: The double-handed call numbers are rising on the north patch.',
      "Ada Cole: I'll take the call numbers to the governance meeting if you send me the figures.",
    );
    expect(actions.map((action) => action.action)).toContain('Get the quote from the track people before the capital panel.');
    expect(actions.map((action) => action.action).join(' ')).toContain('if Jon sends');
  });

  test('a duty put on a named person after "and" is theirs', () => {
    const actions = actionsOf(
      'Mira Holt: Apologies from Lars Berg.',
      'Mira Holt: We display the charter at every ward entrance, and Lars has got to sign the charter off before it goes up.',
    );
    expect(actions.map((action) => action.owner)).toEqual(['Lars Berg']);
  });
});

describe('requests with a name or label addressed', () => {
  test('the person addressed is dropped from the text, the verb kept whole, and a further step of the answer joined', () => {
    const actions = actionsOf(
      'Mira Holt: The fridge in the staff room is leaking again.',
      'Mira Holt: Can you look into the staff room fridge this week, Speaker 2?',
      "Speaker 2: Sure. I'll have an engineer booked by Friday.",
    );
    expect(summary(actions)).toEqual([
      { owner: 'Speaker 2', action: 'Look into the staff room fridge and have an engineer booked.', due: '2027-10-15' },
    ]);
  });

  test('a name addressed at the end goes too', () => {
    const [action] = actionsOf('Mira Holt: Could you chase the window cleaners for a new date, Jon?', 'Jon Pike: Yes, will do.');
    expect(action).toMatchObject({ owner: 'Jon Pike', action: 'Chase the window cleaners for a new date.' });
  });
});

describe('what only sounds like an action', () => {
  test('bringing food for the team is a social plan', () => {
    expect(actionsOf("Mira Holt: Last thing, the quiz night. I'll bring sandwiches and mince pies.")).toEqual([]);
  });

  test('hypotheticals', () => {
    expect(actionsOf('Jon Pike: If the lift fails again we would have to close the top floor and move the clinic.')).toEqual([]);
  });

  test('work already done, including closed items read from an action log', () => {
    expect(
      actionsOf(
        'Jon Pike: I already replaced the smoke detector batteries last week.',
        "Mira Holt: The gutter clearance was an action on Ada, and that's done now.",
      ),
    ).toEqual([]);
  });

  test('questions', () => {
    expect(actionsOf('Ada Cole: Will we need a new permit for the roof work?', 'Jon Pike: Not that I know of.')).toEqual([]);
  });

  test('proposals the group rejects', () => {
    expect(
      actionsOf(
        'Ada Cole: Could we just lock the side door at night?',
        "Jon Pike: No, it's a fire exit, we can't do that.",
        'Ada Cole: Fair enough.',
      ),
    ).toEqual([]);
  });

  test('"someone should …" that nobody takes on', () => {
    expect(
      actionsOf('Jon Pike: Someone should really look at the drainage behind the kitchens at some point.', 'Mira Holt: Noted.'),
    ).toEqual([]);
  });

  test('a volunteer turns "we need someone to …" into their action', () => {
    const actions = actionsOf('Mira Holt: We need someone to walk the car park and list the broken lights.', "Ada Cole: I'll do it.");
    expect(summary(actions)).toEqual([{ owner: 'Ada Cole', action: 'Walk the car park and list the broken lights.', due: null }]);
  });

  test('jokes, social plans and talk about the meeting itself', () => {
    expect(
      actionsOf(
        "Jon Pike: I'll bring the biscuits next time.",
        "Ada Cole: There's a leaving do on Friday. I'll be there.",
        "Mira Holt: No comments on the minutes, so I'll take that as a yes.",
        "Jon Pike: I'll come back to that in a minute.",
      ),
    ).toEqual([]);
  });
});

describe('what an action concerns', () => {
  const topic = (title: string, from_line: number, to_line: number): WriteTopic => ({ title, points: [], from_line, to_line });

  test('the agenda item opens a text that does not name it, and a place named before follows it', () => {
    const actions = actionsUnder(
      [topic('Roof repairs', 2, 4)],
      'Mira Holt: Roof repairs. The leak over Bay 4 is back.',
      'Jon Pike: The tiles on Bay 4 have slipped again.',
      "Jon Pike: I'll get the scaffolders booked by Friday.",
    );
    expect(actions[0]?.action).toBe('On roof repairs, get the scaffolders booked (Bay 4).');
  });

  test('a place the agenda item opened on is added, however far back', () => {
    const actions = actionsUnder(
      [topic('Boilers', 2, 6)],
      'Mira Holt: Boilers. The one in Unit 9 keeps tripping.',
      'Jon Pike: The engineer reset it twice. The pressure drops overnight. The valve looks worn.',
      'Mira Holt: Anything else on it?',
      'Jon Pike: Not really, it is an old model.',
      "Jon Pike: I'll get the pressure relief valve replaced by Friday.",
    );
    expect(actions[0]?.action).toBe('On boilers, get the pressure relief valve replaced (Unit 9).');
  });

  test('a place mentioned once in passing earlier, or when the action names a place itself, is not added', () => {
    const far = actionsOf(
      'Mira Holt: The lift in Tower C is out again.',
      'Jon Pike: The engineer came twice last week. The part is on order. It should be fitted soon.',
      'Mira Holt: Can you send round the updated contractor list?',
      'Jon Pike: Yes, I will.',
    );
    expect(far.map((action) => action.action)).toEqual(['Send round the updated contractor list.']);
    const named = actionsOf(
      'Mira Holt: The lift in Tower C is out again and Tower C has no other lift.',
      "Jon Pike: I'll get the lift engineer back out to the main building.",
    );
    expect(named.map((action) => action.action)).toEqual(['Get the lift engineer back out to the main building.']);
  });

  test('an item is woven in only when every line of the action falls under it, with "the" when it was said so', () => {
    const actions = actionsUnder(
      [topic('Laundry contract', 2, 4), topic('Garden', 5, 6)],
      'Mira Holt: The laundry contract ends in March and the sheets keep coming back torn.',
      "Jon Pike: I'll write to the supplier about the torn sheets.",
      'Mira Holt: Can you email the list to the garden firm, Jon?',
      "Jon Pike: Yes, I'll do that this week.",
    );
    expect(actions.map((action) => action.action)).toEqual([
      'On the laundry contract, write to the supplier about the torn sheets.',
      'Email the list to the garden firm.',
    ]);
  });

  test('an action said as a new item opens, about what was said before it, is not credited to the new item', () => {
    const actions = actionsUnder(
      [topic('Window cleaning', 2, 3), topic('Staff parking', 4, 6)],
      'Mira Holt: The window cleaning contract ends soon and the quotes for the survey are in.',
      'Jon Pike: The survey quotes look fair.',
      'Mira Holt: Next item, staff parking. The barrier is stuck open.',
      "Jon Pike: Before we move on, I'll send the survey quotes to finance.",
      'Mira Holt: The barrier firm is booked for Monday.',
    );
    expect(actions.map((action) => action.action)).toEqual(['Send the survey quotes to finance.']);
    const about = actionsUnder(
      [topic('Staff parking', 2, 4)],
      'Mira Holt: Next item, staff parking. The barrier is stuck open.',
      "Jon Pike: I'll chase the barrier engineer.",
      'Mira Holt: Thanks.',
    );
    expect(about.map((action) => action.action)).toEqual(['On staff parking, chase the barrier engineer.']);
  });

  test('a text that names the item\'s head word needs no more of the item; "as well" goes', () => {
    const actions = actionsUnder(
      [topic('Kitchen deep clean', 2, 3)],
      'Mira Holt: The kitchen deep clean was missed in September.',
      "Jon Pike: I'll book the clean for half term and tell the cook as well.",
    );
    expect(actions[0]?.action).toBe('Book the clean for half term and tell the cook.');
  });

  test('a text that already names the item and the place is left as it is', () => {
    const actions = actionsUnder(
      [topic('Roof repairs', 2, 3)],
      'Mira Holt: Roof repairs. The leak over Bay 4 is back.',
      "Jon Pike: I'll get the roof repairs over Bay 4 done.",
    );
    expect(actions[0]?.action).toBe('Complete the roof repairs over Bay 4.');
  });
});

describe('the name an action gives its thing', () => {
  test('a thing said short is written as the meeting last named it in full', () => {
    expect(
      summary(
        actionsOf(
          'Ada Cole: Our moving and handling policy still quotes the 1992 regulations.',
          "Jon Pike: I'll update the policy to the 2014 editions by Friday.",
        ),
      ),
    ).toEqual([{ owner: 'Jon Pike', action: 'Update the moving and handling policy to the 2014 editions.', due: '2027-10-15' }]);
  });
});

describe('offers', () => {
  test('"I can …" is a task once accepted, dated or asked for; an offer nobody takes up is not', () => {
    const accepted = actionsOf(
      'Ada Cole: Our policy still quotes the old standard.',
      'Jon Pike: I can send you the wording from the standard.',
      'Ada Cole: That would help.',
    );
    expect(summary(accepted)).toEqual([{ owner: 'Jon Pike', action: 'Send Ada the wording from the standard.', due: null }]);
    expect(summary(actionsOf('Jon Pike: I can walk the fire route with the new porters on Friday.'))).toEqual([
      { owner: 'Jon Pike', action: 'Walk the fire route with the new porters.', due: '2027-10-15' },
    ]);
    expect(actionsOf('Jon Pike: I can use the old floor plans for now.', 'Ada Cole: The next item is parking.')).toEqual([]);
  });
});

describe('what minutes do not carry as a task', () => {
  test('what is done there and then, talk about the meeting and handing something to someone else', () => {
    expect(actionsOf("Jon Pike: I'll do it in a sec.")).toEqual([]);
    expect(actionsOf("Ada Cole: I'll mostly listen today, I promise.")).toEqual([]);
    expect(actionsOf("Jon Pike: I'll write that down.")).toEqual([]);
    expect(actionsOf("Ada Cole: The rota needs redoing. I'll leave that to Jon.")).toEqual([]);
    expect(actionsOf('Jon Pike: I can deliver.', 'Ada Cole: Great.')).toEqual([]);
    expect(actionsOf("Ada Cole: I'll let Jon start on the boilers.")).toEqual([]);
    expect(actionsOf("Jon Pike: Fine, I'll change my mind, then. I'll note my concern, though.")).toEqual([]);
    expect(actionsOf("Jon Pike: A new roof this year? I'll believe it when I see it.")).toEqual([]);
    expect(actionsOf('Ada Cole: Twice a week, on days. Now that I can actually deliver.')).toEqual([]);
    expect(actionsOf("Jon Pike: Right, I'll leave you to it. Thanks all.")).toEqual([]);
  });

  test("a request's detail is an instruction, not a statement that follows it", () => {
    const actions = actionsOf(
      'Ada Cole: The lab results for bed four came back this morning.',
      'Ada Cole: Jon, can you chase that? The family of the patient are asking for the lab results in writing.',
      'Jon Pike: Yes, today.',
    );
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ owner: 'Jon Pike', due: '2027-10-13' });
    expect(actions[0]?.action).not.toMatch(/family of the patient are asking/i);
  });

  test('an assignment to someone away keeps the task, not the remark about their absence', () => {
    expect(summary(actionsOf('Ada Cole: Action on Ravi Shah, even though he is on leave: review the boiler contract.'))).toEqual([
      { owner: 'Ravi Shah', action: 'Review the boiler contract.', due: null },
    ]);
  });

  test('a task ends where the speaker turns to themselves, a reassurance or what someone else will do', () => {
    expect(summary(actionsOf("Jon Pike: I'll reset the valve on the east boiler tomorrow, I've got the kit in the van."))).toEqual([
      { owner: 'Jon Pike', action: 'Reset the valve on the east boiler.', due: '2027-10-14' },
    ]);
    expect(summary(actionsOf("Ada Cole: We'll cover the agency cost, don't worry, it's in the budget."))).toEqual([]);
    expect(
      summary(actionsOf("Ada Cole: I'll resample the ward two shower, and you'll have the result as soon as the lab sends it.")),
    ).toEqual([{ owner: 'Ada Cole', action: 'Resample the ward two shower.', due: null }]);
  });
});

describe('commitments as recorded speech says them', () => {
  test('a sentence whose first "I\'ll" is no task is read on to the one that is', () => {
    expect(
      summary(actionsOf("Jon Pike: I'll be here. — I'll send you the gas certificates for the boiler house.")).map((a) => a.action),
    ).toEqual(['Send Mira the gas certificates for the boiler house.']);
  });

  test('"I\'ll have to …" and "I\'ll need to …" take on what follows; "I\'ll have to think about it" does not', () => {
    expect(summary(actionsOf("Jon Pike: I'll have to find out the price of the rechargeable battery packs.")).map((a) => a.action)).toEqual(
      ['Find out the price of the rechargeable battery packs.'],
    );
    expect(
      summary(actionsOf("Jon Pike: I'll need to get together with Ada about moving the data onto the new disk.")).map((a) => a.action),
    ).toEqual(['Get together with Ada about moving the data onto the new disk.']);
    expect(actionsOf("Jon Pike: I'll have to think about it.")).toEqual([]);
  });

  test('"Ada and I are going to …" is a joint task the speaker owns', () => {
    expect(summary(actionsOf('Jon Pike: So Ada and I are going to work on the parser interface for the demo.'))).toEqual([
      { owner: 'Jon Pike', action: 'Work on the parser interface for the demo.', due: null },
    ]);
  });

  test("another person's task said as what they will do, a de-identified name included", () => {
    const transcript = readTranscript(
      [
        'PERSON1: We are going to send them one more sample meeting.',
        "PERSON1: [PERSON8]'s going to generate the chunked file for the sample meeting.",
        'PERSON2: Right.',
      ].join('\n'),
    );
    const meeting = readMeeting(transcript, { today: '2027-12-01' });
    expect(summary(findActions(turnsOf(transcript.lines), meeting))).toEqual([
      { owner: 'PERSON8', action: 'Generate the chunked file for the sample meeting.', due: null },
    ]);
    // What will happen to someone, or what they will think, is no task.
    expect(actionsOf('Ada Cole: Jon will be back on Monday.', 'Ada Cole: And Jon will love the new boiler room.')).toEqual([]);
  });

  test('two tasks in one turn are two actions; a step of the same task is not', () => {
    expect(
      summary(
        actionsOf(
          "Jon Pike: I'll get the UPS batteries replaced by the end of the month. And I'll get switchboard to run a cascade test on the bleeps.",
        ),
      ).map((a) => a.action),
    ).toEqual(['Get the UPS batteries replaced.', 'Get switchboard to run a cascade test on the bleeps.']);
    expect(
      summary(actionsOf("Jon Pike: I'll chase the contractor for the gas certificates. I'll have the certificates to you by Friday.")),
    ).toHaveLength(1);
    // A vague step said first ("I'll chase it") is the same task as the one it goes on to name.
    expect(
      summary(
        actionsOf(
          'Ada Cole: The premises information box at the entrance, I am not sure the floor plans in it are current.',
          "Jon Pike: I'll chase it by Friday. I'll check what's in the premises information box and swap the floor plans if they're old.",
        ),
      ).map((a) => a.owner),
    ).toEqual(['Jon Pike']);
  });
});
