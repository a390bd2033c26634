import { WRITE_KIND_LABELS } from '@verity/shared';
import { findActions } from './actions.ts';
import { findDecisions } from './decisions.ts';
import { MONTHS } from './due-dates.ts';
import { readMeeting } from './meeting.ts';
import { detectReferences } from '../core/library/references.ts';
import { capitalise, turnsOf } from './sentences.ts';
import { spokenLines } from './spoken.ts';
import { summarise } from './summary.ts';
import { segmentTopics } from './topics.ts';
import type { Meeting, WriteEngine, WriteInput } from './types.ts';

/**
 * The built-in writing engine: offline and deterministic. It reads the meeting (date, name,
 * people), its topics, its decisions and actions, and the library documents it discussed, and
 * reports each stage as it starts. The same transcript always gives the same findings.
 */
export const builtinWriteEngine: WriteEngine = {
  id: 'builtin',
  async findings(input, { onStage, signal } = {}) {
    const lines = input.transcript.lines;
    // Backchannel and fillers are taken out before the meeting is read (attendees come from every line).
    const spoken = spokenLines(lines);
    const turns = turnsOf(spoken);
    const meeting = readMeeting(input.transcript, { meetingDate: input.meetingDate, today: input.today });
    await onStage?.('speakers', { lines: lines.length, speakers: meeting.attendees.length });
    signal?.throwIfAborted();

    await onStage?.('topics');
    const topics = segmentTopics(spoken);
    signal?.throwIfAborted();

    await onStage?.('items');
    const decisions = findDecisions(turns);
    const actions = findActions(turns, meeting, topics);
    signal?.throwIfAborted();

    await onStage?.('references');
    const references = detectReferences(lines, input.library);
    signal?.throwIfAborted();

    await onStage?.('writing');
    const writtenDecisions = decisions.map((decision, index) => ({
      id: `decision-${index + 1}`,
      text: decision.text,
      lines: decision.lines,
    }));
    const writtenActions = actions.map((action, index) => ({ id: `action-${index + 1}`, ...action }));
    return {
      title: titleOf(input, meeting),
      meeting_date: meeting.date,
      next_meeting_date: meeting.nextMeetingDate,
      attendees: meeting.attendees.map((person) => person.name),
      apologies: meeting.apologies.map((person) => person.name),
      summary: summarise(spoken, topics, { decisions: writtenDecisions, actions: writtenActions }),
      topics,
      decisions: writtenDecisions,
      actions: writtenActions,
      references,
    };
  },
};

/** The given title; else "<meeting name> — 10 March 2026", with the kind of document for a meeting without a name. */
function titleOf(input: WriteInput, meeting: Meeting): string {
  const given = input.title?.trim();
  if (given) return given;
  const name = meeting.name ?? WRITE_KIND_LABELS[input.kind];
  return meeting.date ? `${name} — ${dateInWords(meeting.date)}` : name;
}

/** "2026-03-10" → "10 March 2026". */
export function dateInWords(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${capitalise(MONTHS[(month ?? 1) - 1] ?? '')} ${year}`;
}
