import { acceptedLabels, isSpeakerName, labelOf, normaliseTime, TIME } from './transcript-labels.ts';
import type { RawLine } from './transcript-lines.ts';

/**
 * WebVTT and SubRip: cues of a timing line (`00:00:07.006 --> …` or `00:00:07,006 --> …`) and
 * their text. A cue's time is its start. Cue identifiers (SRT numbers, Teams' `guid/12-0`), the
 * WEBVTT header and NOTE, STYLE and REGION blocks are not speech.
 *
 * Who speaks: a `<v Name>` or `<v.loud Name>` voice, a `Name: text` label (accepted by the same
 * rule as plain transcripts, so "Note: …" stays text), or a cue whose first line is only a name
 * when most cues open that way (Teams' older Word export). A cue stays one transcript line, except
 * that each voice or label starts a new one, and so does a `- ` dialogue line. Text in a cue that
 * names no speaker continues the previous cue's last speaker (long turns are split over several
 * cues); a later `- ` line without a name is somebody else, unknown, so its speaker is null.
 */

const TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*${TIME}`);
const VOICE = /<v(?:\.[^\s>]{0,40})?(?:\s+([^>]{0,100}))?>/g;
const DIALOGUE_DASH = /^[-–—]\s+/;
const BLOCK_KEYWORD = /^(?:NOTE|STYLE|REGION)(?:\s|$)/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'", lrm: '', rlm: '' };

/** Whether a line is a cue's timing line. */
export function isTimingLine(line: string): boolean {
  return TIMING.test(line);
}

interface Cue {
  time: string | null;
  payload: string[];
}

/** A speaker's stretch of a cue; `undefined` for the text before any voice or label, which continues the cue before. */
interface Segment {
  speaker: string | null | undefined;
  text: string;
}

/** The lines of a WebVTT or SubRip file, one per cue, or per voice or label within a cue. */
export function readCues(lines: readonly string[]): RawLine[] {
  const cues = gatherCues(lines);
  const openings = cues.map((cue) => cue.payload.map((line) => labelOf(line.replace(DIALOGUE_DASH, ''))?.label ?? null));
  const speakers = acceptedLabels(openings.flat());
  // Teams' older Word export puts the speaker alone on the cue's first line, in every cue.
  const nameFirst = cues.filter((cue) => cue.payload.length > 1 && isSpeakerName(cue.payload[0] ?? '')).length;
  const namesOnFirstLine = nameFirst * 2 > cues.length;

  const out: RawLine[] = [];
  let lastSpeaker: string | null = null;
  for (const cue of cues) {
    const segments: Segment[] = [];
    for (const [index, line] of cue.payload.entries()) {
      if (index === 0 && namesOnFirstLine && cue.payload.length > 1 && isSpeakerName(line)) {
        segments.push({ speaker: line, text: '' });
        continue;
      }
      readPayloadLine(line, speakers, segments);
    }
    for (const segment of segments) {
      const speaker: string | null = segment.speaker === undefined ? lastSpeaker : segment.speaker;
      out.push({ speaker, time: cue.time, text: decodeEntities(segment.text) });
      lastSpeaker = speaker;
    }
  }
  return out;
}

/**
 * Cues in order. The non-blank line right before a timing line is the cue's identifier. Text after
 * a blank line that no timing line follows is kept with the cue before it rather than lost.
 */
function gatherCues(lines: readonly string[]): Cue[] {
  const cues: Cue[] = [];
  let cue: Cue | null = null;
  let skipping =
    lines
      .find((line) => line.trim() !== '')
      ?.trimStart()
      .startsWith('WEBVTT') ?? false;
  let blockStart = true;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') {
      skipping = false;
      blockStart = true;
      continue;
    }
    const timing = TIMING.exec(line);
    if (timing) {
      cue = { time: normaliseTime(timing[1] ?? ''), payload: [] };
      cues.push(cue);
      skipping = false;
    } else if (isTimingLine(lines[index + 1] ?? '')) {
      // The cue identifier.
    } else if (skipping || (blockStart && BLOCK_KEYWORD.test(line))) {
      skipping = true;
    } else if (cue) {
      cue.payload.push(line);
    } else {
      cue = { time: null, payload: [line] };
      cues.push(cue);
    }
    blockStart = false;
  }
  return cues;
}

/** Adds one line of a cue's text to its segments: a voice, a label or a dialogue dash starts a new one. */
function readPayloadLine(line: string, speakers: ReadonlySet<string>, segments: Segment[]): void {
  if (line.includes('<v')) {
    let last = 0;
    for (const match of line.matchAll(VOICE)) {
      appendText(segments, line.slice(last, match.index));
      segments.push({ speaker: match[1]?.trim() || null, text: '' });
      last = match.index + match[0].length;
    }
    appendText(segments, line.slice(last));
    return;
  }
  const dashed = DIALOGUE_DASH.test(line);
  const text = line.replace(DIALOGUE_DASH, '');
  const labelled = labelOf(text);
  if (labelled && speakers.has(labelled.label)) segments.push({ speaker: labelled.label, text: labelled.text });
  else if (dashed && segments.length > 0) segments.push({ speaker: null, text });
  else appendText(segments, text);
}

function appendText(segments: Segment[], text: string): void {
  const words = text.trim();
  if (words === '') return;
  const current = segments.at(-1);
  if (current) current.text = current.text ? `${current.text} ${words}` : words;
  else segments.push({ speaker: undefined, text: words });
}

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,6}|[a-z]{2,5});/gi, (entity: string, name: string) => {
    if (name.startsWith('#')) {
      const code = Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}
