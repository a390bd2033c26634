import type { TranscriptLine } from '@verity/shared';
import { describe, expect, test } from 'vitest';
import { segmentTopics } from './topics.ts';
import { subjectStems } from './topics-sentences.ts';

function meeting(turns: readonly [string | null, string][]): TranscriptLine[] {
  return turns.map(([speaker, text], i) => ({ n: i + 1, speaker, time: null, text }));
}

const CHAIR = 'Hana Kowalski';
const TOM = 'Tom Reyes';
const LEAH = 'Leah Byrne';
const SAM = 'Sam Okafor';

/** A few lines of discussion of one subject, long enough to be a topic. */
function discussion(words: { thing: string; place: string; detail: string }): [string, string][] {
  const { thing, place, detail } = words;
  return [
    [TOM, `So, the ${thing} in the ${place} has been a problem since the autumn, and the ${detail} keeps coming up in the reports we get.`],
    [LEAH, `The ${detail} on the ${thing} was checked twice last month and both checks showed the same fault in the ${place}.`],
    [TOM, `We could replace the whole ${thing} or repair the ${detail}, and the repair is cheaper but it only buys us a year or so.`],
    [SAM, `Yeah, I mean, the ${place} team would rather we replaced the ${thing} properly than patch the ${detail} again.`],
    [CHAIR, `OK, agreed, we replace the ${thing} in the ${place} and stop patching the ${detail}.`],
    [TOM, `I'll get three quotes for the ${thing} and bring them to the next meeting with the ${detail} survey.`],
  ];
}

const OPENING: [string, string][] = [
  [CHAIR, 'Morning all, can everyone hear me?'],
  [TOM, 'Yes, loud and clear.'],
  [CHAIR, 'Lovely. Apologies from Priya, she is on leave this week.'],
  [CHAIR, 'Minutes of the last meeting were circulated, any comments? No. Good.'],
];
const CLOSING: [string, string][] = [
  [CHAIR, 'Next meeting is the fourth of June. Thanks everyone.'],
  [TOM, 'Thanks, bye.'],
];

describe('segmentTopics', () => {
  test('agenda words and the chair’s hand-overs start topics titled with the subject named', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'First item, the boiler replacement.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
      [CHAIR, 'Thanks Tom. Right. Ventilation. Sam?'],
      ...discussion({ thing: 'ventilation', place: 'theatre suite', detail: 'air handling unit' }),
      [CHAIR, 'Moving on to the cleaning contract.'],
      ...discussion({ thing: 'cleaning contract', place: 'outpatient block', detail: 'audit score' }),
      [CHAIR, 'Any other business?'],
      [LEAH, 'Only that the visitor car park barrier is broken again and the security team are lifting it by hand all day.'],
      ...CLOSING,
    ]);
    const topics = segmentTopics(lines);
    expect(topics.map((topic) => [topic.title, topic.from_line, topic.to_line])).toEqual([
      ['Boiler replacement', 5, 11],
      ['Ventilation', 12, 18],
      ['Cleaning contract', 19, 25],
      ['Any other business', 26, 27],
    ]);
  });

  test('the chair moving on ("Then the incident.", "So, the annual checks first.") starts a topic though the talk does not repeat its word', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'So, the annual checks first. Tom, where are we?'],
      ...discussion({ thing: 'fence', place: 'courtyard', detail: 'mesh' }),
      [CHAIR, 'OK. Then the incident. Most of you will have seen the report.'],
      ...discussion({ thing: 'wardrobe door', place: 'ward', detail: 'hinge' }),
      [CHAIR, 'Then the main item, formaldehyde.'],
      ...discussion({ thing: 'fume cupboard', place: 'laboratory', detail: 'extract fan' }),
      ...CLOSING,
    ]);
    expect(segmentTopics(lines).map((topic) => topic.title)).toEqual(['Annual checks', 'Incident', 'Formaldehyde']);
  });

  test('a season or a time is no subject: "Last summer." does not title a topic', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'First item, the boiler replacement.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
      [CHAIR, 'Then last summer.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
      ...CLOSING,
    ]);
    expect(segmentTopics(lines).map((topic) => topic.title)).not.toContain('Last summer');
  });

  test('a title is a noun phrase: an adverb said after the subject goes, and "Yes, always." names no subject', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'First item, the boiler replacement.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
      [CHAIR, 'Training, quickly. Sam, you had the figures?'],
      ...discussion({ thing: 'training', place: 'day unit', detail: 'refresher date' }),
      [SAM, 'Do the contractors have to be escorted in the day unit?'],
      [CHAIR, 'Yes, always.'],
      ...discussion({ thing: 'training', place: 'day unit', detail: 'booking system' }),
      ...CLOSING,
    ]);
    const titles = segmentTopics(lines).map((topic) => topic.title);
    expect(titles).toEqual(['Boiler replacement', 'Training']);
  });

  test('a title drops what is said of its subject after it ("the patient survey came back")', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'First item, the boiler replacement.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
      [CHAIR, 'Right. The patient survey came back as well.'],
      ...discussion({ thing: 'patient survey', place: 'day unit', detail: 'food score' }),
      ...CLOSING,
    ]);
    expect(segmentTopics(lines).map((topic) => topic.title)).toContain('Patient survey');
  });

  test('points are the topic’s informative sentences, cleaned, in the third person where easy', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'First item, the boiler replacement.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
    ]);
    const [topic] = segmentTopics(lines);
    expect(topic?.points.length).toBeGreaterThanOrEqual(1);
    expect(topic?.points.length).toBeLessThanOrEqual(4);
    for (const point of topic?.points ?? []) {
      expect(point).toMatch(/^[A-Z].*[.!]$/);
      expect(point).not.toMatch(/^(So|Yeah|OK),/);
      expect(point).not.toMatch(/\?$/);
    }
    expect(topic?.points).toContain('It was agreed that we replace the boiler in the east wing and stop patching the pressure valve.');
  });

  test('a subject said alone by someone else, courtesy and a recap of the subject under way do not start topics', () => {
    const lines = meeting([
      [CHAIR, 'First item, the boiler replacement.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'pressure valve' }),
      [SAM, 'Ventilation. Not my area, to be fair.'],
      [CHAIR, 'Perfect timing. Fair enough.'],
      [CHAIR, 'So, the boiler quotes.'],
      ...discussion({ thing: 'boiler', place: 'east wing', detail: 'flue' }),
    ]);
    expect(segmentTopics(lines).map((topic) => topic.title)).toEqual(['Boiler replacement']);
  });

  test('without agenda words, a long meeting is split where its words change', () => {
    const roof = discussion({ thing: 'roof', place: 'north block', detail: 'gutter' });
    const payroll = discussion({ thing: 'overtime budget', place: 'estates office', detail: 'rota' }).map(
      ([speaker, text]) => [speaker, text.replace(/^OK, agreed, /, '')] as [string, string],
    );
    const lines = meeting([...roof, ...roof, ...roof, ...roof, ...payroll, ...payroll, ...payroll, ...payroll]);
    const topics = segmentTopics(lines);
    expect(topics.length).toBe(2);
    expect(topics[0]?.from_line).toBe(1);
    expect(topics[1]?.from_line).toBe(25);
    expect(topics[0]?.title.toLowerCase()).toMatch(/roof|gutter|north block/);
    expect(topics[1]?.title.toLowerCase()).toMatch(/overtime|rota|estates office/);
  });

  test('in a short meeting, a question turning to a new subject starts a topic after the talk before it', () => {
    const lines = meeting([
      [CHAIR, 'Morning. Apologies from Priya.'],
      [TOM, 'On the van, the clutch went again on Monday and the garage cannot see it until the twelfth.'],
      [CHAIR, 'Could you ring the hire firm about the van and get a spare one for the fortnight, Tom?'],
      [TOM, 'Yes, I will ring the hire firm about the van this afternoon and let you know the price.'],
      [CHAIR, 'Anyway. The summer fete, where are we?'],
      [LEAH, 'The summer fete stalls are booked and the raffle prizes are nearly all in from the local shops.'],
      [SAM, 'The fete posters go up next week and I will put the fete on the newsletter too.'],
      [CHAIR, 'Lovely, thanks all.'],
    ]);
    expect(segmentTopics(lines).map((topic) => [topic.title.toLowerCase(), topic.from_line])).toEqual([
      [expect.stringMatching(/van|hire firm/), 2],
      ['summer fete', 5],
    ]);
  });

  test('a bare "what about …?" suggests within a topic and does not start one', () => {
    const lines = meeting([
      [TOM, 'The drill for the kitchen has to happen before the inspection, and the kitchen staff are worried about the ovens.'],
      [CHAIR, 'What about a walkthrough first?'],
      [LEAH, 'A walkthrough of the kitchen drill would find the paper problems before the inspection and the ovens can stay on.'],
      [TOM, 'Fine, a walkthrough of the kitchen drill it is, and the full drill with the ovens off after the inspection.'],
    ]);
    expect(segmentTopics(lines)).toHaveLength(1);
  });

  test('a short meeting is one topic; an empty one has none', () => {
    const lines = meeting([
      [null, 'The lift in the west stair failed again on Tuesday and the engineer replaced the door sensor.'],
      [null, 'The engineer thinks the door sensor failed because of dust from the building works.'],
    ]);
    expect(segmentTopics(lines)).toEqual([
      {
        title: 'Door sensor',
        points: expect.any(Array),
        from_line: 1,
        to_line: 2,
      },
    ]);
    expect(segmentTopics([])).toEqual([]);
  });
});

describe('titles never named after a filler or an interjection', () => {
  test('a sentence of an interjection, a backchannel word or a date alone hands over no subject', () => {
    const lines = meeting([
      ...OPENING,
      [CHAIR, 'Goodness.'],
      ...discussion({ thing: 'boiler', place: 'north wing', detail: 'pressure valve' }),
      [CHAIR, 'Uh-huh.'],
      ...discussion({ thing: 'lift', place: 'east block', detail: 'door sensor' }),
      [CHAIR, 'End of June.'],
      ...discussion({ thing: 'roof', place: 'car park', detail: 'gutter' }),
      ...CLOSING,
    ]);
    const titles = segmentTopics(lines).map((topic) => topic.title.toLowerCase());
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(/goodness|uh-huh|end of june/);
  });

  test('interjections and spoken forms are not subject words, so a topic said with many of them is titled by its subject', () => {
    expect(subjectStems('Goodness, gosh, alright, gonna do the boiler, uh-huh, although only over there.')).toEqual(['boiler']);
    const lines = meeting([
      ...OPENING,
      [TOM, 'Goodness, the sluice room. Goodness me, alright, alright, the sluice drain again.'],
      [LEAH, 'Alright, goodness, the sluice drain blocked twice, alright, both times on nights.'],
      [SAM, 'Goodness. Alright. The sluice drain needs rodding, alright, goodness knows why.'],
      [TOM, 'Alright, I will book the drain contractor for the sluice drain, goodness, by Friday.'],
      ...CLOSING,
    ]);
    const titles = segmentTopics(lines).map((topic) => topic.title.toLowerCase());
    expect(titles.some((title) => title.includes('sluice'))).toBe(true);
    for (const title of titles) expect(title).not.toMatch(/goodness|alright/);
  });
});
