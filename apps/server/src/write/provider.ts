/**
 * The provider writing engine: a language model, reached with the chat's settings and client,
 * reads the transcript and writes the findings; this module checks everything it says against
 * the transcript.
 *
 * - Map: the transcript is cut into chunks that fit the context (provider-chunks.ts: half of
 *   AI_MAX_CONTEXT_TOKENS for the numbered lines, a quarter for the answer) and each chunk's notes
 *   are asked for as structured output (provider-prompt.ts), two chunks at a time, progress
 *   reported as {chunks_done, chunks}.
 * - Evidence: every decision and action must cite lines the model was shown whose words support
 *   it (provider-evidence.ts); the rest are dropped.
 * - Fallback: a chunk whose answer is still not valid after one retry with the validation error
 *   (ai/structured.ts) takes the built-in engine's findings for its lines instead, so one bad chunk
 *   never fails the document; when every chunk falls back, the document is the built-in engine's.
 * - Reduce: decisions and actions are merged deterministically (provider-merge.ts); for a
 *   transcript read in several chunks a second request turns the chunks' topics into the
 *   meeting's title, summary and topics, joined without the model if that answer cannot be used.
 * - The meeting's date, people and references come from the built-in readers (readMeeting,
 *   detectReferences); the model's names are mapped onto the meeting's people, and its date is
 *   used only when the transcript and the upload give none. An action's due date is the built-in
 *   calendar rules' reading of the words the model says were said (resolveDue), the model's own
 *   date when those rules find none.
 */
import type { TranscriptLine, WriteFindings, WriteTopic } from '@verity/shared';
import { WRITE_TITLE_MAX_LENGTH } from '@verity/shared';
import type { LanguageModel } from 'ai';
import { builtinWriteEngine } from './builtin.ts';
import { resolveDue } from './due-dates.ts';
import { readMeeting } from './meeting.ts';
import { chunkTranscript, type TranscriptChunk } from './provider-chunks.ts';
import { type EvidenceScope, supportedLines } from './provider-evidence.ts';
import {
  canonicalName,
  type FoundAction,
  type FoundDecision,
  joinPartTopics,
  mergeActions,
  mergeDecisions,
  mergeNames,
} from './provider-merge.ts';
import {
  type ChunkNotes,
  chunkNotesSchema,
  MAP_INSTRUCTIONS,
  type MeetingOutline,
  mapPrompt,
  meetingOutlineSchema,
  type PartTopic,
  REDUCE_INSTRUCTIONS,
  reducePrompt,
} from './provider-prompt.ts';
import { detectReferences } from '../core/library/references.ts';
import type { Meeting, WriteEngine, WriteInput, WriteStage } from './types.ts';
import { estimateTokens } from '../core/provider/text.ts';
import type { ProviderSettings } from '../core/provider/settings.ts';
import { providerModel } from '../core/provider/models.ts';
import { requestStructured } from '../core/provider/structured.ts';

/** Shares of AI_MAX_CONTEXT_TOKENS: a chunk's numbered lines, and the longest answer asked for. */
const LINES_SHARE = 0.5;
const ANSWER_SHARE = 0.25;
/** Chunks read at once: a two-hour meeting takes about half the time, without crowding the provider. */
const MAP_CONCURRENCY = 2;
const POINTS_MAX = 6;
const SUMMARY_MAX = 5;
/** Owners a model may write for the speaker of the cited line. */
const FIRST_PERSON = /^(?:i|me|myself)$/i;

type StageReporter = (stage: WriteStage, detail?: Record<string, number>) => Promise<void> | void;

/** What one chunk contributes, checked: items with supported evidence only, topics within the chunk. */
interface ChunkResult {
  title: string | null;
  meetingDate: string | null;
  nextMeetingDate: string | null;
  attendees: string[];
  apologies: string[];
  summary: string[];
  topics: PartTopic[];
  decisions: FoundDecision[];
  actions: FoundAction[];
  fellBack: boolean;
}

interface Budget {
  linesTokens: number;
  answerTokens: number;
}

function budgetOf(settings: ProviderSettings): Budget {
  return {
    linesTokens: Math.floor(settings.maxContextTokens * LINES_SHARE),
    answerTokens: Math.floor(settings.maxContextTokens * ANSWER_SHARE),
  };
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const sentences = (texts: readonly string[], max: number) =>
  texts
    .map(clean)
    .filter((text) => text.length > 0)
    .slice(0, max);

/** Runs `work` over the items, `limit` at a time, in order; the first failure stops the others. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const stop = new AbortController();
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && !combined.aborted) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, combined);
      } catch (error) {
        stop.abort(error);
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The model's notes for a chunk, checked against the lines it was shown. */
function checkedNotes(
  notes: ChunkNotes,
  chunk: TranscriptChunk,
  scope: EvidenceScope,
  meeting: Meeting,
  meetingDate: string | null,
): ChunkResult {
  const nextMeetingDate = meeting.nextMeetingDate ?? notes.next_meeting_date;
  const within = (n: number) => Math.min(Math.max(n, chunk.from), chunk.to);
  const topics = notes.topics.flatMap((topic) => {
    const title = clean(topic.title);
    if (title.length === 0) return [];
    const [from, to] = [within(topic.from_line), within(topic.to_line)].sort((a, b) => a - b) as [number, number];
    return [{ title, points: sentences(topic.points, POINTS_MAX), from_line: from, to_line: to }];
  });
  const decisions = notes.decisions.flatMap((decision) => {
    const text = clean(decision.text);
    const lines = text.length > 0 ? supportedLines({ kind: 'decision', text, lines: decision.lines }, scope) : null;
    return lines ? [{ text, lines }] : [];
  });
  const actions = notes.actions.flatMap((action) => {
    const text = clean(action.action);
    const said = clean(action.owner);
    if (text.length === 0 || said.length === 0) return [];
    // "I" is whoever said the first cited line.
    const speaker = FIRST_PERSON.test(said) ? scope.byNumber.get(Math.min(...action.lines))?.speaker : null;
    const owner = canonicalName(speaker ?? said, meeting);
    const lines = supportedLines({ kind: 'action', text, owner, lines: action.lines }, scope);
    if (!lines) return [];
    // The words said are resolved by the built-in calendar rules when they can be: models slip at date arithmetic.
    const dueSaid = action.due_said ? clean(action.due_said) || null : null;
    const resolved = dueSaid ? resolveDue(dueSaid, meetingDate, nextMeetingDate).due : null;
    return [{ owner, action: text, due: resolved ?? action.due, due_said: dueSaid, lines }];
  });
  return {
    title: clean(notes.title) || null,
    meetingDate: notes.meeting_date,
    nextMeetingDate: notes.next_meeting_date,
    attendees: notes.attendees,
    apologies: notes.apologies,
    summary: sentences(notes.summary, SUMMARY_MAX),
    topics,
    decisions,
    actions,
    fellBack: false,
  };
}

/** The built-in engine's findings for a chunk's lines: its topics clipped to them, the items they hold. */
function builtinNotes(findings: WriteFindings, chunk: TranscriptChunk): ChunkResult {
  const inChunk = (item: { lines: readonly number[] }) => item.lines.some((n) => n >= chunk.from && n <= chunk.to);
  return {
    title: findings.title,
    meetingDate: findings.meeting_date,
    nextMeetingDate: findings.next_meeting_date,
    attendees: findings.attendees,
    apologies: findings.apologies,
    summary: [],
    topics: findings.topics
      .filter((topic) => topic.to_line >= chunk.from && topic.from_line <= chunk.to)
      .map((topic) => ({ ...topic, from_line: Math.max(topic.from_line, chunk.from), to_line: Math.min(topic.to_line, chunk.to) })),
    decisions: findings.decisions.filter(inChunk).map(({ id: _id, ...decision }) => decision),
    actions: findings.actions.filter(inChunk).map(({ id: _id, ...action }) => action),
    fellBack: true,
  };
}

/** The reduce answer's topics, placed by the part topics they merge; parts it names that do not exist are ignored. */
function outlineTopics(outline: MeetingOutline, parts: readonly PartTopic[]): WriteTopic[] {
  return outline.topics
    .flatMap((topic) => {
      const merged = [...new Set(topic.parts)].flatMap((n) => parts[n - 1] ?? []);
      const title = clean(topic.title);
      if (merged.length === 0 || title.length === 0) return [];
      return [
        {
          title,
          points: sentences(topic.points, POINTS_MAX),
          from_line: Math.min(...merged.map((part) => part.from_line)),
          to_line: Math.max(...merged.map((part) => part.to_line)),
        },
      ];
    })
    .sort((a, b) => a.from_line - b.from_line);
}

interface Outline {
  title: string | null;
  summary: string[];
  topics: WriteTopic[];
}

/** Title, summary and topics of a meeting read in several chunks: the reduce request, or the chunks' own joined. */
async function reduceChunks(
  results: readonly ChunkResult[],
  request: { settings: ProviderSettings; model: LanguageModel; budget: Budget; signal?: AbortSignal },
): Promise<Outline> {
  const parts = results.flatMap((result) => result.topics).sort((a, b) => a.from_line - b.from_line);
  const joined: Outline = {
    title: results.find((result) => result.title)?.title ?? null,
    summary: results.flatMap((result) => result.summary.slice(0, 1)).slice(0, SUMMARY_MAX),
    topics: joinPartTopics(parts),
  };
  if (parts.length === 0) return joined;
  const decisions = mergeDecisions(results.flatMap((result) => result.decisions)).map((decision) => decision.text);
  const actions = mergeActions(results.flatMap((result) => result.actions)).map((action) => `${action.owner}: ${action.action}`);
  const prompt = reducePrompt(parts, decisions, actions);
  // Notes too long for one request (a very long meeting on a small context) are joined without the model.
  if (estimateTokens(prompt) > request.budget.linesTokens) return joined;
  const answer = await requestStructured({
    settings: request.settings,
    model: request.model,
    name: 'meeting_outline',
    schema: meetingOutlineSchema,
    system: REDUCE_INSTRUCTIONS,
    prompt,
    maxOutputTokens: request.budget.answerTokens,
    signal: request.signal,
  });
  if (!answer.ok) return joined;
  const topics = outlineTopics(answer.value, parts);
  return {
    title: clean(answer.value.title) || joined.title,
    summary: sentences(answer.value.summary, SUMMARY_MAX).length > 0 ? sentences(answer.value.summary, SUMMARY_MAX) : joined.summary,
    topics: topics.length > 0 ? topics : joined.topics,
  };
}

/**
 * The people who spoke, as the meeting names them, in the order they first spoke; a label the
 * meeting's reader does not take for a person ("Unknown speaker") is left out, as it leaves it out.
 */
function speakersOf(lines: readonly TranscriptLine[], meeting: Meeting): string[] {
  const names = lines.flatMap((line) => (line.speaker ? (meeting.resolve(line.speaker)?.name ?? []) : []));
  return [...new Set(names)];
}

async function writeWithProvider(
  settings: ProviderSettings,
  input: WriteInput,
  options: { onStage?: StageReporter; signal?: AbortSignal; owner?: string },
  builtinEngine: WriteEngine,
): Promise<WriteFindings> {
  const { onStage, signal } = options;
  signal?.throwIfAborted();
  const lines = input.transcript.lines;
  // The built-in engine runs at most once, and only when a chunk or a missing title or summary needs it.
  let builtin: Promise<WriteFindings> | undefined;
  const builtinFindings = (): Promise<WriteFindings> => {
    builtin ??= builtinEngine.findings(input, { signal, owner: options.owner });
    return builtin;
  };

  const meeting = readMeeting(input.transcript, { meetingDate: input.meetingDate, today: input.today });
  await onStage?.('speakers', { lines: lines.length, speakers: meeting.attendees.length });

  const meetingDate = input.meetingDate ?? meeting.date;
  const budget = budgetOf(settings);
  const chunks = chunkTranscript(lines, budget.linesTokens);
  if (chunks.length === 0) return builtinFindings();
  const model = providerModel(settings);
  const byNumber = new Map(lines.map((line) => [line.n, line]));
  const scopeOf = (chunk: TranscriptChunk): EvidenceScope => ({ shown: new Set(chunk.lines.map((line) => line.n)), byNumber, meeting });

  let done = 0;
  await onStage?.('items', { chunks_done: 0, chunks: chunks.length });
  const results = await mapLimited(chunks, MAP_CONCURRENCY, signal, async (chunk, chunkSignal) => {
    const answer = await requestStructured({
      settings,
      model,
      name: 'meeting_notes',
      schema: chunkNotesSchema,
      system: MAP_INSTRUCTIONS,
      prompt: mapPrompt({
        chunk,
        chunks: chunks.length,
        meetingDate,
        people: meeting.attendees,
      }),
      maxOutputTokens: budget.answerTokens,
      signal: chunkSignal,
    });
    const result = answer.ok
      ? checkedNotes(answer.value, chunk, scopeOf(chunk), meeting, meetingDate)
      : builtinNotes(await builtinFindings(), chunk);
    done += 1;
    await onStage?.('items', { chunks_done: done, chunks: chunks.length });
    return result;
  });
  if (results.every((result) => result.fellBack)) return builtinFindings();

  const outline: Outline =
    results.length === 1 && results[0]
      ? { title: results[0].title, summary: results[0].summary, topics: joinPartTopics(results[0].topics) }
      : await reduceChunks(results, { settings, model, budget, signal });
  signal?.throwIfAborted();

  await onStage?.('references');
  const references = detectReferences(lines, input.library);

  const spoke = speakersOf(lines, meeting);
  const modelAttendees = results.flatMap((result) => result.attendees);
  const apologies = mergeNames(
    [...meeting.apologies.map((person) => person.name), ...results.flatMap((result) => result.apologies)],
    meeting,
  ).filter((name) => !spoke.includes(name));
  // Whoever spoke was there, whatever the model wrote; without the model's names, the meeting's own.
  const named = modelAttendees.length > 0 ? [...spoke, ...modelAttendees] : meeting.attendees.map((person) => person.name);
  const attendees = mergeNames(named, meeting).filter((name) => !apologies.includes(name));
  const summary = outline.summary.length > 0 ? outline.summary : (await builtinFindings()).summary;
  const title = clean(input.title ?? '') || outline.title || meeting.name || (await builtinFindings()).title;

  return {
    title: title.slice(0, WRITE_TITLE_MAX_LENGTH),
    meeting_date: meetingDate ?? results.find((result) => result.meetingDate)?.meetingDate ?? null,
    next_meeting_date: meeting.nextMeetingDate ?? results.find((result) => result.nextMeetingDate)?.nextMeetingDate ?? null,
    attendees,
    apologies,
    summary,
    topics: outline.topics,
    decisions: mergeDecisions(results.flatMap((result) => result.decisions)),
    actions: mergeActions(results.flatMap((result) => result.actions)),
    references,
  };
}

/**
 * The provider writing engine for the settings (the chat's: AI_PROVIDER, AI_MODEL, …). `builtin`
 * is the engine it falls back on: the server passes the one that runs in the untrusted-work pool.
 */
export function providerWriteEngine(settings: ProviderSettings, builtin: WriteEngine = builtinWriteEngine): WriteEngine {
  return {
    id: `provider:${settings.provider}:${settings.model}`,
    findings: (input, options) => writeWithProvider(settings, input, options, builtin),
  };
}
