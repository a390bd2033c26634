import { describe, expect, test } from 'vitest';
import { findActions, isVerbatim } from './actions.ts';
import { readMeeting } from './meeting.ts';
import { turnsOf } from './sentences.ts';
import { spokenLines } from './spoken.ts';
import { readTranscript } from './transcript.ts';

/** Speech transcribed verbatim: false starts marked with dashes, words cut short. */
const VERBATIM = [
  'SPEAKER1: So the first thing is — what we got from the pilot site.',
  "SPEAKER2: We've got most of it, but the s sensor logs are — they're not there.",
  'SPEAKER3: Right, and the cal the calibration files too.',
  'SPEAKER1: OK so that — it needs sorting before the review.',
  'SPEAKER2: Which — I mean the logs were on the old server.',
  'SPEAKER3: The old one was — it got wiped in March.',
  'SPEAKER1: And the b backups are somewhere else.',
];

function actionsOf(...lines: string[]) {
  const transcript = readTranscript([...VERBATIM, ...lines].join('\n'));
  const meeting = readMeeting(transcript, { today: '2027-12-01' });
  return findActions(turnsOf(spokenLines(transcript.lines)), meeting).map(({ owner, action }) => ({ owner, action }));
}

describe('actions in speech transcribed verbatim', () => {
  test('a transcript full of false starts is read as verbatim; clean speech is not', () => {
    const verbatim = readTranscript(VERBATIM.join('\n'));
    expect(isVerbatim(turnsOf(verbatim.lines).flatMap((turn) => turn.sentences))).toBe(true);
    const clean = readTranscript('Ada: The boiler is serviced.\nJon: Good, the report is filed.\nAda: I will send it round.');
    expect(isVerbatim(turnsOf(clean.lines).flatMap((turn) => turn.sentences))).toBe(false);
  });

  test('a task that names what is to be done is kept; one that only says "that" or "it" is not', () => {
    expect(actionsOf("SPEAKER2: I'm gonna send the sensor logs to the review panel.")).toEqual([
      { owner: 'SPEAKER2', action: 'Send the sensor logs to the review panel.' },
    ]);
    expect(actionsOf('SPEAKER1: Can you mail that out to everyone?', 'SPEAKER3: Yeah I will.')).toEqual([]);
    expect(actionsOf("SPEAKER3: I'll try to get to that.")).toEqual([]);
  });

  test('a task that names something stands alone: no sentence said before it is added after a dash', () => {
    expect(actionsOf('SPEAKER3: The pilot has eight sensor boxes on the roof.', 'SPEAKER1: And I will email these notes.')).toEqual([
      { owner: 'SPEAKER1', action: 'Email these notes.' },
    ]);
  });

  test('what someone is about to do in the meeting, or a clause about it, is not a task', () => {
    expect(actionsOf("SPEAKER2: I'm gonna have to think on the spot now.")).toEqual([]);
    expect(actionsOf("SPEAKER2: I don't know what I'm gonna write about.")).toEqual([]);
    expect(actionsOf('SPEAKER3: If I can just clarify what I said about the logs.')).toEqual([]);
    expect(actionsOf('SPEAKER1: I will go.')).toEqual([]);
  });

  test('a belief ("I\'ll bet") and a commitment that is only a false start are not tasks', () => {
    expect(actionsOf("SPEAKER5: I'll bet you there's still a lot of insertions.")).toEqual([]);
    expect(actionsOf("SPEAKER4: Yeah, I mean I'll — I have to do is eh e the reference file would stay the same.")).toEqual([]);
    // A restart that goes on to a task keeps it.
    expect(actionsOf("SPEAKER2: I'll — I'll rerun the recognizer on the bigger files.")).toEqual([
      { owner: 'SPEAKER2', action: 'Rerun the recognizer on the bigger files.' },
    ]);
  });

  test('a task the speaker withdraws a few turns later is dropped', () => {
    expect(actionsOf("SPEAKER2: So I'll email the site manager about the missing logs.", 'SPEAKER1: Who, the new one?')).toHaveLength(1);
    const actions = actionsOf(
      "SPEAKER2: So I'll email the site manager about the missing logs.",
      'SPEAKER1: Who, the new one?',
      'SPEAKER2: Yes. Oh, forget it, one less action item, the logs are on the shared drive.',
    );
    expect(actions).toEqual([]);
  });

  test('a task given to the listener without "can you" is theirs once they answer, and theirs without an answer when named', () => {
    expect(actionsOf("SPEAKER1: I'd like you to chase the missing sensor logs with the site manager.", 'SPEAKER2: Okay.')).toEqual([
      { owner: 'SPEAKER2', action: 'Chase the missing sensor logs with the site manager.' },
    ]);
    expect(actionsOf('SPEAKER1: And [SPEAKER3] if you can check the calibration files against the backups.')).toEqual([
      { owner: 'SPEAKER3', action: 'Check the calibration files against the backups.' },
    ]);
    expect(actionsOf("SPEAKER1: I want the — I'd like — [SPEAKER2], I'd like you to restore the backups to the new server.")).toEqual([
      { owner: 'SPEAKER2', action: 'Restore the backups to the new server.' },
    ]);
    // A condition of what is said next is no request.
    expect(actionsOf('SPEAKER1: If you can restore the backups, fine.', 'SPEAKER2: Sure.')).toEqual([]);
  });

  test('"OK, so I\'ll …" opens with fillers: a commitment, not a purpose', () => {
    expect(actionsOf("SPEAKER2: OK, so I'll order two more sensor boxes for the roof.")).toEqual([
      { owner: 'SPEAKER2', action: 'Order two more sensor boxes for the roof.' },
    ]);
  });
});
