import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseFile } from '../ingest/parse.ts';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { buildDocx } from '../test/sample-files.ts';
import { cleanSpeech } from './transcript-clean.ts';
import { NotATranscriptError, readTranscript, speakersOf, transcriptTextFromElements } from './transcript.ts';
import type { Transcript } from './types.ts';

/** Each line as "speaker|time|text", to compare a whole transcript at once. */
const rows = (transcript: Transcript) => transcript.lines.map((line) => `${line.speaker}|${line.time}|${line.text}`);

/** `HH:MM:SS` for a number of seconds. */
const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((part) => String(part).padStart(2, '0')).join(':');

describe('plain transcripts (Name: text)', () => {
  const text = [
    "Aisling Byrne: Morning all, this is the Infection Prevention and Control Committee. Dr Yusuf Khan's joining us from the lab.",
    '',
    "Dr Yusuf Khan: Morning. I've got the C. diff figures for the quarter ready.",
    '',
    "Mary-Jane O'Brien: Before we start, the ward fridge on Elm Ward is reading nine degrees again.",
    'Aisling Byrne: Note: we will come back to the fridges under any other business.',
    "Dr Yusuf Khan: Fine by me. It was four cases, all on the older adults' wards.",
    "Mary-Jane O'Brien: I'll chase Estates about the fridge by Friday.",
  ].join('\n');

  test('each labelled line is one turn, numbered from 1, with names of several words, titles, hyphens and apostrophes', () => {
    const transcript = readTranscript(text);
    expect(transcript.format).toBe('plain');
    expect(transcript.lines.map((line) => line.n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(speakersOf(transcript)).toEqual(['Aisling Byrne', 'Dr Yusuf Khan', "Mary-Jane O'Brien"]);
    expect(transcript.lines[3]).toEqual({
      n: 4,
      speaker: 'Aisling Byrne',
      time: null,
      text: 'Note: we will come back to the fridges under any other business.',
    });
    expect(transcript.lines[5]?.text).toBe("I'll chase Estates about the fridge by Friday.");
  });

  test('"Note:" in prose and times like 10:30 are words, not speakers, when the labels neither recur nor make up most lines', () => {
    const prose = [
      'The audit of hand hygiene on the surgical wards was completed in March and showed good compliance overall.',
      'Note: two wards did not return their observation sheets in time for the report.',
      'The next round starts at 10:30 on the first Monday of the month, led by the matron for surgery.',
      'Tissue Viability Team: pressure area checks were added to the audit this time.',
      'Results will be shared with the divisional governance meeting in the usual way.',
    ].join('\n\n');
    const transcript = readTranscript(prose);
    expect(transcript.format).toBe('paragraphs');
    expect(speakersOf(transcript)).toEqual([]);
    expect(transcript.lines[1]?.text).toBe('Note: two wards did not return their observation sheets in time for the report.');
    expect(transcript.lines[3]?.text).toBe('Tissue Viability Team: pressure area checks were added to the audit this time.');
  });

  test('a label said once counts when most lines are labelled (the latecomer who speaks once)', () => {
    const transcript = readTranscript(
      [
        'Chidi Okafor: Shall we begin with the sharps audit?',
        'Bethan Price: Yes, I have the figures from the community teams.',
        "Siobhan Kerr: Sorry I'm late, the car park was full again.",
        'Chidi Okafor: No problem, we have only just started.',
      ].join('\n'),
    );
    expect(speakersOf(transcript)).toEqual(['Chidi Okafor', 'Bethan Price', 'Siobhan Kerr']);
  });

  test('unlabelled lines continue the last speaker as their own lines, and a line broken mid-sentence is joined', () => {
    const transcript = readTranscript(
      [
        'Ruth Ellison: The decontamination audit found three',
        'trolleys without a cleaning label on Ward 7.',
        'We have replaced the labels since.',
        'Dev Malhotra: Thanks Ruth, that is reassuring to hear.',
        'Ruth Ellison: I will check the other wards next week.',
      ].join('\n'),
    );
    expect(rows(transcript)).toEqual([
      'Ruth Ellison|null|The decontamination audit found three trolleys without a cleaning label on Ward 7.',
      'Ruth Ellison|null|We have replaced the labels since.',
      'Dev Malhotra|null|Thanks Ruth, that is reassuring to hear.',
      'Ruth Ellison|null|I will check the other wards next week.',
    ]);
  });

  test('Markdown bold labels, a time beside the label and anonymised labels are read', () => {
    const transcript = readTranscript(
      [
        '**Speaker 1:** The pharmacy fridge log has gaps over the weekend.',
        '**Speaker 2:** We could add it to the site manager checklist.',
        'Speaker 1 (00:02:15): That would work for the out-of-hours period.',
        '[PERSON4]: Agreed, I will draft the change.',
        '[PERSON4]: It can go to the next meeting for sign-off.',
      ].join('\n'),
    );
    expect(transcript.format).toBe('plain');
    expect(speakersOf(transcript)).toEqual(['Speaker 1', 'Speaker 2', 'PERSON4']);
    expect(transcript.lines[2]?.time).toBe('00:02:15');
  });
});

describe('timestamped transcripts ([00:01:02] Name: text)', () => {
  test('brackets, bare times and (MM:SS) are read, times normalised to HH:MM:SS without fractions', () => {
    const transcript = readTranscript(
      [
        '[00:00:04] Tomasz Nowak: Good afternoon, this is the Medicines Safety Group.',
        '00:00:09 Lucy Fairbairn: Afternoon. The controlled drugs audit is on the agenda today.',
        '(00:21) Tomasz Nowak: Thank you, we will take that first.',
        '[0:01:02.480] Lucy Fairbairn: Two wards had a missing signature in the register.',
        '[01:05:09] Tomasz Nowak: Lucy, can you pick that up with the ward managers?',
        'Yes, before the next meeting.',
      ].join('\n'),
    );
    expect(transcript.format).toBe('timestamped');
    expect(rows(transcript)).toEqual([
      'Tomasz Nowak|00:00:04|Good afternoon, this is the Medicines Safety Group.',
      'Lucy Fairbairn|00:00:09|Afternoon. The controlled drugs audit is on the agenda today.',
      'Tomasz Nowak|00:00:21|Thank you, we will take that first.',
      'Lucy Fairbairn|00:01:02|Two wards had a missing signature in the register.',
      'Tomasz Nowak|01:05:09|Lucy, can you pick that up with the ward managers?',
      'Tomasz Nowak|01:05:09|Yes, before the next meeting.',
    ]);
  });

  test('timestamps without names give lines without speakers', () => {
    const transcript = readTranscript(
      ['[00:00:01] Welcome to the patient safety huddle.', '[00:00:05] There were no falls overnight on the stroke unit.'].join('\n'),
    );
    expect(transcript.format).toBe('timestamped');
    expect(transcript.lines.map((line) => [line.speaker, line.time])).toEqual([
      [null, '00:00:01'],
      [null, '00:00:05'],
    ]);
  });
});

describe('AutoMin transcripts ((PERSON1) text)', () => {
  test('a label opens each change of speaker, every source line stays a line, placeholders stay and tags go', () => {
    const transcript = readTranscript(
      [
        '(PERSON1) Right.',
        'Can everyone hear me?',
        '(PERSON2) Yes, loud and clear.',
        '<laugh/> Better than last time.',
        '(PERSON1) OK.',
        'So [PERSON3] sent the audit from [ORGANIZATION2] this morning.',
        '<other_noise/>',
        "It's – it's mostly good news.",
      ].join('\n'),
    );
    expect(transcript.format).toBe('automin');
    expect(rows(transcript)).toEqual([
      'PERSON1|null|Right.',
      'PERSON1|null|Can everyone hear me?',
      'PERSON2|null|Yes, loud and clear.',
      'PERSON2|null|Better than last time.',
      'PERSON1|null|OK.',
      'PERSON1|null|So [PERSON3] sent the audit from [ORGANIZATION2] this morning.',
      "PERSON1|null|It's mostly good news.",
    ]);
  });
});

describe('Teams transcripts (Name   0:01:02)', () => {
  test('a heading of name and time, the turn on the lines after it, joined into one line', () => {
    const transcript = readTranscript(
      [
        'Bethan Price   0:00:03',
        'Morning everyone, can you all hear me?',
        '',
        'Chidi Okafor\t0:00:08',
        'Yes, we can hear you. The falls data is in',
        'the shared folder.',
        '',
        'Price, Bethan (Guest)   1:02:15',
        'Thanks Chidi.',
        '',
        'Anything else before we close?',
      ].join('\n'),
    );
    expect(transcript.format).toBe('teams');
    expect(rows(transcript)).toEqual([
      'Bethan Price|00:00:03|Morning everyone, can you all hear me?',
      'Chidi Okafor|00:00:08|Yes, we can hear you. The falls data is in the shared folder.',
      'Price, Bethan (Guest)|01:02:15|Thanks Chidi.',
      'Price, Bethan (Guest)|01:02:15|Anything else before we close?',
    ]);
  });

  test('Zoom, Meet and other services: [Name] 10:32:05, lines holding only a time, Name (00:00:04), Name: (00:01)', () => {
    const zoom = readTranscript(
      ['[Ruth Ellison] 10:32:05', 'Is the eye wash station checked weekly?', '', '[Dev Malhotra] 10:32:11', 'Yes, every Monday.'].join(
        '\n',
      ),
    );
    expect(rows(zoom)).toEqual([
      'Ruth Ellison|10:32:05|Is the eye wash station checked weekly?',
      'Dev Malhotra|10:32:11|Yes, every Monday.',
    ]);

    const meet = readTranscript(
      [
        '00:00:00',
        'Lucy Fairbairn: The lone worker devices are all charged.',
        'Tomasz Nowak: Good.',
        '00:05:00',
        'Lucy Fairbairn: Next is the COSHH register.',
      ].join('\n'),
    );
    expect(meet.format).toBe('plain');
    expect(meet.lines.map((line) => line.time)).toEqual(['00:00:00', '00:00:00', '00:05:00']);

    const bracketed = readTranscript(
      ['Ruth Ellison (00:00:04)', 'The spill kits are in date.', 'Dev Malhotra (00:00:09)', 'All of them?'].join('\n'),
    );
    expect(rows(bracketed)).toEqual(['Ruth Ellison|00:00:04|The spill kits are in date.', 'Dev Malhotra|00:00:09|All of them?']);

    const timeAfterLabel = readTranscript(
      ['Ruth Ellison: (00:01)', 'The spill kits are in date.', 'Dev Malhotra: (00:06)', 'All of them?'].join('\n'),
    );
    expect(rows(timeAfterLabel)).toEqual(['Ruth Ellison|00:00:01|The spill kits are in date.', 'Dev Malhotra|00:00:06|All of them?']);
  });
});

describe('WebVTT transcripts', () => {
  const vtt = [
    '\uFEFFWEBVTT',
    'Kind: captions',
    '',
    'NOTE This transcript was exported from the meeting.',
    'It spans two lines.',
    '',
    'STYLE',
    '::cue { color: yellow }',
    '',
    '3c1d9a72-5b1e-4f0e-9d77-0a6c2e9b1f44/14-0',
    '00:00:02.718 --> 00:00:06.100',
    '<v Siobhan Kerr>Welcome to the Health and Safety Committee.</v>',
    '',
    '3c1d9a72-5b1e-4f0e-9d77-0a6c2e9b1f44/15-0',
    '00:00:06.200 --> 00:00:09.900',
    '<v Siobhan Kerr>First item is the',
    '<c.yellow>manual handling</c> audit &amp; its actions.</v>',
    '',
    '00:00:10.000 --> 00:00:12.000',
    'which came back last week.',
    '',
    '01:12.500 --> 01:15.000',
    '<v.loud Dev Malhotra>I can <i>take</i> that one.</v>',
    '<v Siobhan Kerr>Thank you, Dev.</v>',
  ].join('\r\n');

  test('voices, cue identifiers, NOTE and STYLE blocks, tags and entities; times from the cue start', () => {
    const transcript = readTranscript(vtt);
    expect(transcript.format).toBe('vtt');
    expect(rows(transcript)).toEqual([
      'Siobhan Kerr|00:00:02|Welcome to the Health and Safety Committee.',
      'Siobhan Kerr|00:00:06|First item is the manual handling audit & its actions.',
      'Siobhan Kerr|00:00:10|which came back last week.',
      'Dev Malhotra|00:01:12|I can take that one.',
      'Siobhan Kerr|00:01:12|Thank you, Dev.',
    ]);
  });

  test('cues with "Name: text" inside (as Zoom writes them) are read like SubRip', () => {
    const transcript = readTranscript(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:01.000 --> 00:00:03.000',
        'Lucy Fairbairn: Is the ligature risk audit finished?',
        '',
        '2',
        '00:00:03.500 --> 00:00:06.000',
        'Ruth Ellison: Nearly, two wards to go.',
        '',
        '3',
        '00:00:06.500 --> 00:00:08.000',
        'Lucy Fairbairn: Good, thank you.',
      ].join('\n'),
    );
    expect(speakersOf(transcript)).toEqual(['Lucy Fairbairn', 'Ruth Ellison']);
  });
});

describe('SubRip transcripts', () => {
  test('numbered cues with Name: text; a cue without a label continues the speaker before; a later "- " line is someone unknown', () => {
    const srt = [
      '1',
      '00:00:07,006 --> 00:00:11,913',
      'Tomasz Nowak: Right, the fire warden training figures.',
      '',
      '2',
      '00:00:11,953 --> 00:00:14,056',
      'We are at seventy per cent across the site.',
      '',
      '3',
      '00:00:14,096 --> 00:00:18,210',
      'Aisling Byrne: That is below target.',
      '- Is the new date booked?',
      '',
      '4',
      '00:00:18,250 --> 00:00:20,106',
      'Tomasz Nowak: Yes, the 14th.',
    ].join('\n');
    const transcript = readTranscript(srt);
    expect(transcript.format).toBe('srt');
    expect(rows(transcript)).toEqual([
      'Tomasz Nowak|00:00:07|Right, the fire warden training figures.',
      'Tomasz Nowak|00:00:11|We are at seventy per cent across the site.',
      'Aisling Byrne|00:00:14|That is below target.',
      'null|00:00:14|Is the new date booked?',
      'Tomasz Nowak|00:00:18|Yes, the 14th.',
    ]);
  });
});

describe('paragraphs without speakers', () => {
  test('each paragraph is a line; hard-wrapped lines are joined; no speakers', () => {
    const transcript = readTranscript(
      [
        'The group reviewed the water temperature logs for the outpatient block and',
        'agreed that the monthly checks were being done.',
        '',
        'A new thermostatic mixing valve will be fitted in the staff changing room.',
      ].join('\n'),
    );
    expect(transcript.format).toBe('paragraphs');
    expect(rows(transcript)).toEqual([
      'null|null|The group reviewed the water temperature logs for the outpatient block and agreed that the monthly checks were being done.',
      'null|null|A new thermostatic mixing valve will be fitted in the staff changing room.',
    ]);
  });
});

describe('noise removal', () => {
  test.each([
    ['So, um, we start with the estates report.', 'So, we start with the estates report.'],
    ["Um, the boiler's been fixed.", "The boiler's been fixed."],
    ['Hmm. Right, next item.', 'Right, next item.'],
    ['It was the, er, sluice room on Ward 2.', 'It was the sluice room on Ward 2.'],
    ['We looked at, uhm, about forty outlets.', 'We looked at about forty outlets.'],
    ['Could I, erm, add something?', 'Could I add something?'],
    ['We could ask them to, um —', 'We could ask them to —'],
    ["It's, it's the second time this month.", "It's the second time this month."],
    ['We need the — the rota by Monday.', 'We need the rota by Monday.'],
    ["I'd say, um, I'd say it's fine.", "I'd say it's fine."],
    ["It's a, um, a weekly check.", "It's a weekly check."],
    ['No, no, no. That is fine.', 'No. That is fine.'],
    ['Put the the sign on the door.', 'Put the sign on the door.'],
    ['I said that that was fine.', 'I said that that was fine.'],
    ['<laugh/> Not again.', 'Not again.'],
    ['The alarm <noise> went off twice.', 'The alarm went off twice.'],
    ['Ask [inaudible] about it.', 'Ask about it.'],
    ['We agreed [crosstalk 00:12:01] the date.', 'We agreed the date.'],
    ['Fine (laughs) by me.', 'Fine by me.'],
    ['[LAUGHTER] Fair enough.', 'Fair enough.'],
    ['[PERSON3] said [ORGANIZATION2] will audit it.', '[PERSON3] said [ORGANIZATION2] will audit it.'],
    ['Ravi is on leave, and —', 'Ravi is on leave, and —'],
    ['— but the cover is arranged.', '— but the cover is arranged.'],
    ['Uh-huh. The ER team has a 15 mm gap.', 'Uh-huh. The ER team has a 15 mm gap.'],
    ['(noise complaints from the car park are up this month)', '(noise complaints from the car park are up this month)'],
    ['I’ll chase it by Friday, “agreed”?', 'I’ll chase it by Friday, “agreed”?'],
    ['Um.', ''],
    ['[inaudible] <cough/>', ''],
  ])('%s', (raw, cleaned) => {
    expect(cleanSpeech(raw)).toBe(cleaned);
  });

  test('lines left empty by cleaning are dropped and the rest renumbered', () => {
    const transcript = readTranscript(
      ['Chidi Okafor: Um.', 'Bethan Price: [crosstalk]', 'Chidi Okafor: The audit is due on the first of May.', 'Bethan Price: Yes.'].join(
        '\n',
      ),
    );
    expect(rows(transcript)).toEqual(['Chidi Okafor|null|The audit is due on the first of May.', 'Bethan Price|null|Yes.']);
    expect(transcript.lines.map((line) => line.n)).toEqual([1, 2]);
  });

  test('tabs, non-breaking spaces and Windows line ends are read; smart quotes are kept', () => {
    const transcript = readTranscript('Ruth\u00a0Ellison:\tWe’re “nearly” there.\r\nDev Malhotra:\u00a0Good — thank you.\r\n');
    expect(rows(transcript)).toEqual(['Ruth Ellison|null|We’re “nearly” there.', 'Dev Malhotra|null|Good — thank you.']);
  });
});

describe('Word transcripts (transcriptTextFromElements)', () => {
  test('a Teams Word export: "Name 0:01:02" paragraphs (spacing collapsed by the parser) then the text', async () => {
    const bytes = await buildDocx({
      pages: [
        [
          { type: 'title', text: 'Quality and Safety Meeting' },
          { type: 'paragraph', text: 'Lucy Fairbairn   0:00:04' },
          { type: 'paragraph', text: 'Shall we start with the pressure ulcer figures?' },
          { type: 'paragraph', text: 'Tomasz Nowak   0:00:11' },
          { type: 'paragraph', text: 'Yes. There were three category two ulcers last month.' },
          { type: 'paragraph', text: 'Lucy Fairbairn   0:01:30' },
          { type: 'paragraph', text: 'Thank you, Tomasz.' },
        ],
      ],
    });
    const parsed = await parseFile({ bytes, filename: 'meeting.docx' });
    const transcript = readTranscript(transcriptTextFromElements(parsed.elements));
    expect(transcript.format).toBe('teams');
    expect(rows(transcript)).toEqual([
      'null|null|Quality and Safety Meeting',
      'Lucy Fairbairn|00:00:04|Shall we start with the pressure ulcer figures?',
      'Tomasz Nowak|00:00:11|Yes. There were three category two ulcers last month.',
      'Lucy Fairbairn|00:01:30|Thank you, Tomasz.',
    ]);
  });

  test('turns typed as lines of one Word paragraph (Shift+Enter) are a turn each', async () => {
    const lines = ['Aisling Byrne: The mattress audit is done.', 'Yusuf Khan: Any failures?', 'Aisling Byrne: Two, both replaced.'];
    const document = new Document({
      sections: [{ children: [new Paragraph({ children: lines.map((text, index) => new TextRun({ text, break: index > 0 ? 1 : 0 })) })] }],
    });
    const parsed = await parseFile({ bytes: new Uint8Array(await Packer.toBuffer(document)), filename: 'meeting.docx' });
    expect(rows(readTranscript(transcriptTextFromElements(parsed.elements)))).toEqual([
      'Aisling Byrne|null|The mattress audit is done.',
      'Yusuf Khan|null|Any failures?',
      'Aisling Byrne|null|Two, both replaced.',
    ]);
  });

  test('one turn per paragraph, a heading and text run on after a Teams heading (a line break inside the paragraph)', () => {
    const paragraph = (text: string) => ({ type: 'paragraph' as const, text, page: 1, headingPath: [] });
    const plain = transcriptTextFromElements([
      paragraph('Aisling Byrne: The mattress audit is done.'),
      paragraph('Yusuf Khan: Any failures?'),
      paragraph('Aisling Byrne: Two, both replaced.'),
    ]);
    expect(speakersOf(readTranscript(plain))).toEqual(['Aisling Byrne', 'Yusuf Khan']);

    const teams = transcriptTextFromElements([
      paragraph('Ruth Ellison 0:00:02 Can we go through the sharps bins first?'),
      paragraph('Dev Malhotra 0:00:07 Yes, the new ones arrived on Monday.'),
    ]);
    expect(rows(readTranscript(teams))).toEqual([
      'Ruth Ellison|00:00:02|Can we go through the sharps bins first?',
      'Dev Malhotra|00:00:07|Yes, the new ones arrived on Monday.',
    ]);
  });

  test("Teams' older Word export: cue timings in paragraphs, the speaker alone on the line after", () => {
    const paragraph = (text: string) => ({ type: 'paragraph' as const, text, page: 1, headingPath: [] });
    const text = transcriptTextFromElements(
      [
        '0:0:0.0 --> 0:0:4.120',
        'Ruth Ellison',
        'Are the sharps bins labelled on every ward?',
        '0:0:4.500 --> 0:0:9.800',
        'Dev Malhotra',
        'All but two.',
        'The other two are being swapped today.',
        '0:0:10.0 --> 0:0:12.0',
        'Ruth Ellison',
        'Thank you.',
      ].map(paragraph),
    );
    expect(rows(readTranscript(text))).toEqual([
      'Ruth Ellison|00:00:00|Are the sharps bins labelled on every ward?',
      'Dev Malhotra|00:00:04|All but two. The other two are being swapped today.',
      'Ruth Ellison|00:00:10|Thank you.',
    ]);
  });

  test('a transcript in a Word table: speaker, time and text columns', () => {
    const text = transcriptTextFromElements([
      {
        type: 'table',
        text: 'Chidi Okafor | 00:00:05 | Is the spill kit restocked?\nBethan Price | 00:00:09 | Yes, this morning.',
        page: 1,
        headingPath: [],
      },
    ]);
    expect(rows(readTranscript(text))).toEqual([
      'Chidi Okafor|00:00:05|Is the spill kit restocked?',
      'Bethan Price|00:00:09|Yes, this morning.',
    ]);
  });
});

describe('NotATranscriptError', () => {
  const refusal = (text: string) => {
    try {
      readTranscript(text);
    } catch (error) {
      if (error instanceof NotATranscriptError) return { reason: error.reason, message: error.message };
      throw error;
    }
    throw new Error('read as a transcript');
  };

  test('nothing to read: empty, blank or noise only', () => {
    for (const text of ['', '  \n\t\n', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>[inaudible]</v>', 'Ann: um\nBob: <laugh/>']) {
      expect(refusal(text)).toEqual({ reason: 'empty', message: 'This file has no transcript text to read.' });
    }
  });

  test('not speech: too few words, symbols and numbers, binary junk, encoded data, CSV and JSON', () => {
    const refusals = [
      'Yes. OK.',
      '12,4.5;88 %% 1001 ### 0x33 ++ 7.1 | 99 | 42 $$$ 17 == 3 // 0.25 ** 8',
      '\u0000\u0001\u0002PK\u0003\u0004\u00ff\u00fe\ufffd\ufffd\u0010 @@ ## 77 \ufffd %% 12 &&& 9 ^^ 0x1f',
      `Transcript ${'QmFzZTY0IGRhdGEgdGhhdCBpcyBub3Qgc3BlZWNo'.repeat(20)} end of file here`,
      'ward,date,falls,pressure_ulcers\nElm,2024-03-01,2,0\nOak,2024-03-01,0,1\nAsh,2024-03-01,1,1\nCedar,2024-03-01,3,0',
      '{"meeting": "Infection control", "attendees": ["Ann", "Bob"], "notes": "The audit is finished and the results are good"}',
    ];
    for (const text of refusals) {
      const result = refusal(text);
      expect(result.reason).toBe('not_speech');
      expect(result.message).toMatch(/^This does not look like a meeting transcript: /);
    }
  });
});

describe('properties', () => {
  const wellFormed = (transcript: Transcript) => {
    expect(transcript.lines.map((line) => line.n)).toEqual(transcript.lines.map((_line, index) => index + 1));
    for (const line of transcript.lines) {
      expect(line.text).not.toBe('');
      expect(line.text).toBe(line.text.trim());
      expect(line.speaker === null || line.speaker.trim() !== '').toBe(true);
      expect(line.time === null || /^\d{2,}:\d{2}:\d{2}$/.test(line.time)).toBe(true);
    }
  };
  const readOrRefuse = (text: string) => {
    try {
      wellFormed(readTranscript(text));
    } catch (error) {
      if (!(error instanceof NotATranscriptError)) throw error;
    }
  };

  test('any text is either a well-formed transcript or refused with NotATranscriptError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), readOrRefuse), { numRuns: 300 });
  });

  test('any mix of transcript syntax and text is either a well-formed transcript or refused', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'WEBVTT',
        '00:00:01.000 --> 00:00:02.500',
        '00:00:01,000 --> 00:00:02,500',
        '<v Ann Lee>',
        '</v>',
        'Ann Lee: ',
        'Bob: ',
        '[00:01:02] ',
        '(PERSON1) ',
        'Ann Lee   0:01:02',
        'NOTE',
        'um, ',
        ', ',
        ' — ',
        '<laugh/>',
        '[inaudible]',
        '- ',
        '\n',
        '\n\n',
        '\t',
      ),
      fc.stringMatching(/^[A-Za-z ,.']{0,30}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => readOrRefuse(pieces.join(''))),
      { numRuns: 300 },
    );
  });

  const NAMES = ['Aisling Byrne', 'Dr Yusuf Khan', "Mary-Jane O'Brien", 'Chidi Okafor', 'Bethan Price', 'Dev Malhotra'];
  // No fillers and none of the small words a stutter check would fold, so the text comes back as written.
  const WORDS = ['audit', 'ward', 'fridge', 'sharps', 'training', 'overdue', 'booked', 'matron', 'report', 'checked', 'estates', 'valve'];
  const turn = fc.record({
    speaker: fc.constantFrom(...NAMES),
    text: fc
      .array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 12 })
      .map((words) => `${words.join(' ').replace(/^./, (first) => first.toUpperCase())}.`),
  });
  const turns = fc.array(turn, { minLength: 2, maxLength: 25 }).filter((list) => new Set(list.map((item) => item.speaker)).size >= 2);
  const RENDER: Record<string, (list: { speaker: string; text: string }[]) => string> = {
    plain: (list) => list.map((item) => `${item.speaker}: ${item.text}`).join('\n'),
    timestamped: (list) => list.map((item, index) => `[${clock(index)}] ${item.speaker}: ${item.text}`).join('\n'),
    teams: (list) => list.map((item, index) => `${item.speaker}   0:${clock(index).slice(3)}\n${item.text}\n`).join('\n'),
    vtt: (list) =>
      `WEBVTT\n\n${list.map((item, index) => `${clock(index)}.000 --> ${clock(index)}.900\n<v ${item.speaker}>${item.text}</v>\n`).join('\n')}`,
    srt: (list) =>
      list.map((item, index) => `${index + 1}\n${clock(index)},000 --> ${clock(index)},900\n${item.speaker}: ${item.text}\n`).join('\n'),
  };

  test.each(Object.keys(RENDER))('labelled turns in %s keep their speakers, text and order', (format) => {
    fc.assert(
      fc.property(turns, (list) => {
        const transcript = readTranscript(RENDER[format]?.(list) ?? '');
        expect(transcript.format).toBe(format);
        expect(transcript.lines.map((line) => [line.speaker, line.text])).toEqual(list.map((item) => [item.speaker, item.text]));
      }),
      { numRuns: 60 },
    );
  });

  test('AutoMin turns keep their labels and order, one line per source line', () => {
    fc.assert(
      fc.property(turns, (list) => {
        const label = (speaker: string) => `PERSON${NAMES.indexOf(speaker) + 1}`;
        const transcript = readTranscript(list.map((item) => `(${label(item.speaker)}) ${item.text}`).join('\n'));
        expect(transcript.lines.map((line) => [line.speaker, line.text])).toEqual(list.map((item) => [label(item.speaker), item.text]));
      }),
      { numRuns: 60 },
    );
  });
});

test('a two-hour transcript (20,000 words) reads in well under 100 ms', () => {
  const speakers = ['Siobhan Kerr', 'Tomasz Nowak', 'Lucy Fairbairn'];
  const sentences = [
    'So, um, the legionella sampling came back clear on all the sentinel outlets this quarter.',
    "I'll chase the contractor for the, uh, the certificates by Friday.",
    "It's, it's the third time the fridge log has had gaps <noise> over a weekend.",
    'Can we agree that the flushing records go to the ward managers every month?',
  ];
  const lines: string[] = [];
  for (let index = 0, words = 0; words < 20_000; index += 1) {
    const sentence = sentences[index % sentences.length] ?? '';
    lines.push(`[${clock(index * 5)}] ${speakers[index % speakers.length]}: ${sentence}`);
    words += sentence.split(' ').length;
  }
  const text = lines.join('\n');
  const timings = [0, 1, 2].map(() => {
    const started = performance.now();
    readTranscript(text);
    return performance.now() - started;
  });
  // The best of three: the first run also compiles the regular expressions.
  expect(Math.min(...timings)).toBeLessThan(100);
});

test('hostile input (long runs of spaces, tags, fillers, commas or voices) is read or refused in linear time', () => {
  const inputs = [
    `Ann Lee${' '.repeat(200_000)}0:01:02 hello there`,
    'um a '.repeat(40_000),
    '<a '.repeat(100_000),
    `${','.repeat(200_000)} some words are here`,
    '<v '.repeat(60_000),
    'we think, '.repeat(20_000),
  ];
  for (const text of inputs) {
    const started = performance.now();
    try {
      readTranscript(text);
    } catch (error) {
      expect(error).toBeInstanceOf(NotATranscriptError);
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  }
});
