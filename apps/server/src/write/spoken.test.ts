import { describe, expect, test } from 'vitest';
import { isBackchannel, spokenLines, withoutAbandonedStarts, withoutFillers } from './spoken.ts';
import { readTranscript } from './transcript.ts';

describe('speech as the readers analyse it', () => {
  test('backchannel fillers and spoken contractions go; millimetres and words stay', () => {
    expect(withoutFillers("Mhm, so I'm gonna ring the supplier, you know, about the valves.")).toBe(
      "So I'm going to ring the supplier about the valves.",
    );
    expect(withoutFillers('We fitted 15 mm pipe, mm-hmm, on the second floor.')).toBe('We fitted 15 mm pipe, on the second floor.');
    expect(withoutFillers('Mm-hmm.')).toBe('');
  });

  test('a start abandoned at a dash goes; a phrase that is whole before its dash stays', () => {
    expect(withoutAbandonedStarts("Right. I want the — I'd like — Sam, I'd like you to redo the layout.")).toBe(
      "Right. Sam, I'd like you to redo the layout.",
    );
    expect(withoutAbandonedStarts('The boiler — we need to replace it.')).toBe('The boiler — we need to replace it.');
    expect(withoutAbandonedStarts('We replaced the pump — and the valve.')).toBe('We replaced the pump — and the valve.');
  });

  test('a line of backchannel alone is recognised, a short answer with content is not', () => {
    expect(isBackchannel('Yeah, yeah.')).toBe(true);
    expect(isBackchannel('Oh, right, I see.')).toBe(true);
    expect(isBackchannel('Uh-huh.')).toBe(true);
    expect(isBackchannel('No.')).toBe(false);
    expect(isBackchannel('Yes, Thursday.')).toBe(false);
  });

  test('backchannel said while another speaker holds the floor is dropped; one answering a question stays', () => {
    const transcript = readTranscript(
      [
        'Cara: The pump on the second floor has been tripping since Monday',
        'Dev: Mhm.',
        'Cara: and the engineer thinks the seal has gone.',
        'Cara: Dev, could you order a new seal?',
        'Dev: Yeah.',
        'Cara: Thanks.',
      ].join('\n'),
    );
    const lines = spokenLines(transcript.lines);
    expect(lines.map((line) => `${line.speaker}: ${line.text}`)).toEqual([
      'Cara: The pump on the second floor has been tripping since Monday',
      'Cara: and the engineer thinks the seal has gone.',
      'Cara: Dev, could you order a new seal?',
      'Dev: Yeah.',
      'Cara: Thanks.',
    ]);
    expect(lines[1]?.n).toBe(3);
  });
});
