import { describe, expect, test } from 'vitest';
import { readMeeting } from './meeting.ts';
import { roleTitle } from './people.ts';
import { readTranscript } from './transcript.ts';

const TODAY = '2027-06-01';
const meetingOf = (text: string, meetingDate?: string) => readMeeting(readTranscript(text), { today: TODAY, meetingDate });
const names = (people: { name: string }[]) => people.map((person) => person.name);

describe('the meeting date, the next one and the name', () => {
  const meeting = meetingOf(
    [
      'Ines Varga: Morning all, welcome to the Ventilation Safety Group. It is Friday the 14th of May.',
      'Tomasz Lind: Morning.',
      'Ines Varga: Minutes of the last meeting, that was the 12th of February, any comments?',
      'Tomasz Lind: None from me.',
      'Ines Varga: Next meeting is Friday the 13th of August. Thanks all.',
    ].join('\n'),
  );

  test('reads the date said, in the year whose 14 May is a Friday nearest today', () => {
    expect(meeting.date).toBe('2027-05-14');
  });

  test('reads the next meeting after this one, and the name as a title', () => {
    expect(meeting.nextMeetingDate).toBe('2027-08-13');
    expect(meeting.name).toBe('Ventilation Safety Group');
  });

  test('a date given with the upload wins', () => {
    expect(meetingOf('Ines Varga: It is Friday the 14th of May.\nTomasz Lind: Hello there everyone.', '2027-05-20').date).toBe(
      '2027-05-20',
    );
  });

  test('a next meeting said as a weekday and a day without a month is the next such day on that weekday', () => {
    const meeting = meetingOf(
      [
        'Ines Varga: Right, it is Tuesday the 8th of June, this is the fortnightly estates catch-up.',
        'Tomasz Lind: The chiller is fixed.',
        'Ines Varga: Good. Next meeting is Thursday the 1st.',
      ].join('\n'),
    );
    // 1 July 2027 is the first 1st after 8 June that falls on a Thursday.
    expect(meeting.nextMeetingDate).toBe('2027-07-01');
    expect(meeting.name).toBe('Fortnightly estates catch-up');
  });

  test('a meeting that says no date has none', () => {
    expect(meetingOf('Ines Varga: Shall we start with the filters?\nTomasz Lind: Yes, the filters are due.').date).toBeNull();
  });
});

describe('attendees and apologies', () => {
  test('speakers attend; full names come from introductions; titles are dropped', () => {
    const meeting = meetingOf(
      [
        "Ruth: Shall we go round? I'm Ruth Amadi, and I'm the Designated Person.",
        'Sol: Sol Brennan, estates officer.',
        "Dev: And I'm Dr Devika Rao, the new AE.",
        'Ruth: Thanks. Dev, anything before we start?',
        'Dev: Nothing from me.',
      ].join('\n'),
    );
    expect(names(meeting.attendees)).toEqual(['Ruth Amadi', 'Sol Brennan', 'Dev']);
    expect(meeting.resolve('Sol')?.name).toBe('Sol Brennan');
    expect(meeting.resolve('the Designated Person')?.name).toBe('Ruth Amadi');
  });

  test('apologies are named people who sent them, not those who then spoke or who were only mentioned', () => {
    const meeting = meetingOf(
      [
        'Chair Person: Apologies from Dr Lena Koch, who is on leave, and from Omar Said, our Fire Safety Adviser. Piet sends his apologies too.',
        "Chair Person: Yusuf can't make it today. Alma's taking the notes for us.",
        'Wren Hale: I spoke to Marco Bell about the doors yesterday.',
        "Omar Said: Sorry I'm late, the train was cancelled.",
      ].join('\n'),
    );
    expect(names(meeting.apologies)).toEqual(['Lena Koch', 'Piet', 'Yusuf']);
    expect(names(meeting.attendees)).toEqual(['Chair Person', 'Wren Hale', 'Omar Said', 'Alma']);
    expect(meeting.attendees.find((person) => person.name === 'Alma')?.present).toBe(true);
    expect(meeting.resolve('Marco Bell')).toBeNull();
  });

  test('a note-taker who introduces herself is one attendee, and "I\'m" is never a name', () => {
    const meeting = meetingOf(
      [
        "Mira Holt: Let's go round. I'm Mira Holt, I chair this group.",
        "Keziah Dunmore: Keziah Dunmore, I'm doing the notes. I'm new, so be kind.",
        'Mira Holt: Thanks, Keziah.',
      ].join('\n'),
    );
    expect(names(meeting.attendees)).toEqual(['Mira Holt', 'Keziah Dunmore']);
  });

  test('anonymised labels stay as they are and placeholders in speech resolve to them', () => {
    const meeting = meetingOf(
      [
        '(PERSON1) Hello.',
        'We have apologies from [PERSON4], our microbiologist.',
        '(PERSON2) Hi.',
        '(PERSON1) [PERSON2], anything?',
        '(PERSON2) No.',
      ].join('\n'),
    );
    expect(names(meeting.attendees)).toEqual(['PERSON1', 'PERSON2']);
    expect(names(meeting.apologies)).toEqual(['PERSON4']);
    expect(meeting.resolve('[PERSON4]')?.role).toBe('Microbiologist');
  });

  test('an absence announced for the meeting is an apology; the same words about others, or about someone who then speaks, are not', () => {
    const meeting = meetingOf(
      [
        "Rhea Moss: Morning. Cal Dunn's on annual leave, and Noor Aziz, who is not going to be at the meeting today, sent the figures.",
        'Ben Hale: Morning. Patients on leave still count, and Tia Oke is off sick this week.',
        "Tia Oke: I'm here, just about.",
      ].join('\n'),
    );
    expect(names(meeting.apologies)).toEqual(['Cal Dunn', 'Noor Aziz']);
  });

  test('apologies said with a role between, or as "has sent", and a name said before "is" keep the name alone', () => {
    const meeting = meetingOf(
      [
        "Ada Lowe: Jonas Pike, our head of estates, sends his apologies. And Mae Ruiz, our matron, has sent her apologies. Ola Grant's sent apologies too.",
        'Ada Lowe: Cris Ellor from facilities has sent his apologies, he has the door contractor in.',
        "Ada Lowe: Ivo Brandt's coming in later, he's on nights.",
        'Ivo: Morning, sorry.',
      ].join('\n'),
    );
    expect(names(meeting.apologies)).toEqual(['Jonas Pike', 'Mae Ruiz', 'Ola Grant', 'Cris Ellor']);
    expect(names(meeting.attendees)).toEqual(['Ada Lowe', 'Ivo Brandt']);
  });

  test('nicknames and roles resolve to their person', () => {
    const meeting = meetingOf(
      [
        'Bartholomew Stone: Thanks Barty here for the update, and Nkechi Obi, our Authorised Person for HV, has the permits.',
        'Nkechi Obi: I do, yes.',
        'Bartholomew Stone: Barty, can you check them?',
        "Alex Wu: He's Barty to everyone.",
      ].join('\n'),
    );
    expect(meeting.resolve('Barty')?.name).toBe('Bartholomew Stone');
    expect(meeting.resolve('the HV AP')?.name).toBe('Nkechi Obi');
    expect(meeting.resolve('the LV AP')).toBeNull();
  });
});

describe('roleTitle', () => {
  test('spells out abbreviations and brackets qualifiers', () => {
    expect(roleTitle('the HV AE')).toBe('Authorising Engineer (HV)');
    expect(roleTitle('maintenance lead for the eastern sites')).toBe('Maintenance Lead (Eastern Sites)');
    expect(roleTitle('the car park')).toBeNull();
  });
});
