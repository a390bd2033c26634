/**
 * The provider writing engine against the fake OpenAI-compatible server. The fake "model" here
 * reads the numbered lines it is sent and answers with notes, so the tests can break the answers
 * in the ways real models do: not JSON, the wrong shape, lines that do not exist or do not say
 * the item, one bad chunk among several.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { contentText, type FakeRequest } from '../test/fake-openai.ts';
import { fakeProviderForTests } from '../test/fake-provider.ts';
import { builtinWriteEngine } from './builtin.ts';
import { MAP_INSTRUCTIONS, REDUCE_INSTRUCTIONS } from './provider-prompt.ts';
import { providerWriteEngine } from './provider.ts';
import { readTranscript } from './transcript.ts';
import type { LibraryCode, WriteInput, WriteStage } from './types.ts';

const API_KEY = 'sk-provider-write-9f8e7d6c5b4a3210';

const provider = fakeProviderForTests({ model: 'fake-writer', apiKey: API_KEY, timeoutMs: 2000 });
afterEach(() => {
  vi.restoreAllMocks();
});

const LIBRARY: LibraryCode[] = [
  {
    id: 'doc-vent',
    code: 'HTM 03-01',
    title: 'Specialised ventilation for healthcare premises',
    status: 'current',
    edition: '2021',
    supersededBy: null,
  },
];

const SHORT = `Alex Moreno: Good morning, this is the estates compliance meeting for March.
Bea Quist: Morning. Cal sends his apologies, he is on leave.
Alex Moreno: First item, the theatre ventilation verification under HTM 03-01.
Bea Quist: The annual verification found the air change rate low in theatre two.
Bea Quist: I'll ask the contractor to rebalance the theatre two air handling unit by Friday.
Alex Moreno: Thanks. Are we happy to keep theatre two open meanwhile?
Bea Quist: Yes, we agreed to keep theatre two open with daily pressure checks until the rebalance.
Alex Moreno: Next, the lift maintenance contract is up for renewal in May.
Alex Moreno: I will draft the tender specification for the lift contract before the next meeting.
Bea Quist: The car park lighting is fine, nothing to report there.`;

function inputOf(text: string, extra: Partial<WriteInput> = {}): WriteInput {
  return { transcript: readTranscript(text), kind: 'minutes', meetingDate: '2025-03-14', library: LIBRARY, today: '2025-03-20', ...extra };
}

const isReduce = (request: FakeRequest) => contentText(request.body.messages?.[0]?.content) === REDUCE_INSTRUCTIONS;
const userText = (request: FakeRequest) => contentText(request.body.messages?.[1]?.content);

/** The numbered lines a map request carries. */
function linesOf(request: FakeRequest): { n: number; speaker: string; text: string }[] {
  return [...userText(request).matchAll(/^\[(\d+)\] ([^:\n]+): (.*)$/gm)].map((match) => ({
    n: Number(match[1]),
    speaker: match[2] ?? '',
    text: match[3] ?? '',
  }));
}

/**
 * A fake model that takes notes the way the instructions ask: "I'll …" / "I will …" lines are
 * actions of their speaker, "we agreed to …" lines decisions, one topic for what it was shown.
 */
function notesFor(request: FakeRequest) {
  const lines = linesOf(request);
  const actions = lines.flatMap((line) => {
    const match = /\bI(?:'ll| will) (.+?)(?: (by Friday|before the next meeting))?\.$/.exec(line.text);
    if (!match?.[1]) return [];
    const due = match[2] === 'by Friday' ? '2025-03-21' : null;
    const action = match[1].charAt(0).toUpperCase() + match[1].slice(1);
    return [{ owner: line.speaker, action, due, due_said: match[2] ?? null, lines: [line.n] }];
  });
  const decisions = lines.flatMap((line) => {
    const match = /\bwe agreed to (.+?)\.$/i.exec(line.text);
    return match?.[1] ? [{ text: `The group agreed to ${match[1]}`, lines: [line.n] }] : [];
  });
  return {
    title: 'Estates compliance meeting',
    meeting_date: null,
    next_meeting_date: null,
    attendees: [...new Set(lines.map((line) => line.speaker))],
    apologies: [],
    summary: [`The meeting discussed lines ${lines[0]?.n} to ${lines.at(-1)?.n}.`],
    topics: [
      {
        title: `Part from line ${lines[0]?.n}`,
        points: ['Progress was reported.'],
        from_line: lines[0]?.n ?? 1,
        to_line: lines.at(-1)?.n ?? 1,
      },
    ],
    decisions,
    actions,
  };
}

function answer(value: unknown) {
  return { kind: 'text' as const, text: JSON.stringify(value) };
}

async function findingsOf(input: WriteInput, onStage?: (stage: WriteStage, detail?: Record<string, number>) => void, signal?: AbortSignal) {
  return providerWriteEngine(provider.settings).findings(input, { onStage, signal });
}

describe('the provider writing engine', () => {
  test('sends the numbered lines with the fixed instructions and keeps the items whose lines say them', async () => {
    provider.fake.replyWith((request) => answer(notesFor(request)));
    const findings = await findingsOf(inputOf(SHORT));

    expect(provider.fake.requests).toHaveLength(1);
    const body = provider.fake.requests[0]?.body;
    expect(contentText(body?.messages?.[0]?.content)).toBe(MAP_INSTRUCTIONS);
    expect(body?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'meeting_notes' } });
    const prompt = userText(provider.fake.requests[0] as FakeRequest);
    expect(prompt).toContain('Meeting date: 2025-03-14.');
    expect(prompt).toContain('[1] Alex Moreno: Good morning, this is the estates compliance meeting for March.');
    expect(prompt).toContain('[10] Bea Quist: The car park lighting is fine, nothing to report there.');

    expect(findings.actions).toEqual([
      {
        id: 'action-1',
        owner: 'Bea Quist',
        action: 'Ask the contractor to rebalance the theatre two air handling unit',
        due: '2025-03-21',
        due_said: 'by Friday',
        lines: [5],
      },
      {
        id: 'action-2',
        owner: 'Alex Moreno',
        action: 'Draft the tender specification for the lift contract',
        due: null,
        due_said: 'before the next meeting',
        lines: [9],
      },
    ]);
    expect(findings.decisions).toEqual([
      { id: 'decision-1', text: 'The group agreed to keep theatre two open with daily pressure checks until the rebalance', lines: [7] },
    ]);
    expect(findings).toMatchObject({ title: 'Estates compliance meeting', meeting_date: '2025-03-14' });
    expect(findings.attendees).toEqual(expect.arrayContaining(['Alex Moreno', 'Bea Quist']));
    expect(findings.topics).toEqual([{ title: 'Part from line 1', points: ['Progress was reported.'], from_line: 1, to_line: 10 }]);
    // References come from the detector, not the model (which named none).
    expect(findings.references.map((reference) => reference.code)).toEqual(['HTM 03-01']);
  });

  test('drops items citing lines that do not exist or do not say them, and keeps the rest', async () => {
    provider.fake.replyWith((request) => {
      const notes = notesFor(request);
      return answer({
        ...notes,
        actions: [
          ...notes.actions,
          { owner: 'Bea Quist', action: 'Replace the theatre two air handling unit filters', due: null, due_said: null, lines: [999] },
          { owner: 'Alex Moreno', action: 'Order new uniforms for the portering team', due: null, due_said: null, lines: [10] },
          { owner: 'Alex Moreno', action: 'Draft the lift tender', due: null, due_said: null, lines: [] },
        ],
        decisions: [...notes.decisions, { text: 'The group approved a new staff canteen menu', lines: [3] }],
      });
    });
    const findings = await findingsOf(inputOf(SHORT));
    expect(findings.actions.map((action) => action.action)).toEqual([
      'Ask the contractor to rebalance the theatre two air handling unit',
      'Draft the tender specification for the lift contract',
    ]);
    expect(findings.decisions.map((decision) => decision.text)).toEqual([
      'The group agreed to keep theatre two open with daily pressure checks until the rebalance',
    ]);
  });

  test('asks again after an answer in the wrong shape and uses the corrected answer', async () => {
    let calls = 0;
    provider.fake.replyWith((request) => {
      calls += 1;
      const notes = notesFor(request);
      return calls === 1 ? answer({ ...notes, actions: notes.actions.map(({ lines: _lines, ...action }) => action) }) : answer(notes);
    });
    const findings = await findingsOf(inputOf(SHORT));
    expect(provider.fake.requests).toHaveLength(2);
    expect(contentText(provider.fake.requests[1]?.body.messages?.at(-1)?.content)).toMatch(/required shape[\s\S]*lines/);
    expect(findings.actions).toHaveLength(2);
  });

  test('falls back to the built-in engine when the answer is still not valid after one retry', async () => {
    provider.fake.replyWith({ kind: 'text', text: 'I am sorry, I cannot produce minutes for this meeting.' });
    const input = inputOf(SHORT);
    const findings = await findingsOf(input);
    expect(provider.fake.requests).toHaveLength(2);
    expect(findings).toEqual(await builtinWriteEngine.findings(input, {}));
  });

  test('reads a two-hour meeting in chunks, reports them, and merges the chunks into one set of findings', async () => {
    const input = inputOf(longMeeting());
    expect(input.transcript.lines.length).toBeGreaterThan(1000);
    provider.fake.replyWith((request) => {
      if (!isReduce(request)) return answer(notesFor(request));
      const parts = [...userText(request).matchAll(/^T(\d+) /gm)].map((match) => Number(match[1]));
      const half = Math.ceil(parts.length / 2);
      return answer({
        title: 'Estates compliance meeting: quarterly review',
        summary: ['The group reviewed plant, contracts and safety checks.', 'Several actions were agreed.'],
        topics: [
          { title: 'Plant and ventilation', points: ['Readings were reported steady.'], parts: parts.slice(0, half) },
          { title: 'Contracts and safety checks', points: ['Contracts were reviewed.'], parts: [...parts.slice(half), 999] },
        ],
      });
    });
    const stages: [WriteStage, Record<string, number> | undefined][] = [];
    const findings = await findingsOf(input, (stage, detail) => {
      stages.push([stage, detail]);
    });

    const maps = provider.fake.requests.filter((request) => !isReduce(request));
    expect(maps.length).toBeGreaterThanOrEqual(3);
    expect(provider.fake.requests.filter(isReduce)).toHaveLength(1);
    // Every line was sent, each map request within its share of the context.
    const sent = new Set(maps.flatMap((request) => linesOf(request).map((line) => line.n)));
    expect(sent.size).toBe(input.transcript.lines.length);
    for (const request of maps) expect(userText(request).length / 4).toBeLessThan(provider.settings.maxContextTokens * 0.55);
    const progress = stages.filter(([stage]) => stage === 'items').map(([, detail]) => detail);
    expect(progress).toEqual(Array.from({ length: maps.length + 1 }, (_, i) => ({ chunks_done: i, chunks: maps.length })));

    expect(findings.title).toBe('Estates compliance meeting: quarterly review');
    expect(findings.summary).toHaveLength(2);
    const last = input.transcript.lines.length;
    expect(findings.topics).toEqual([
      { title: 'Plant and ventilation', points: ['Readings were reported steady.'], from_line: 1, to_line: expect.any(Number) },
      { title: 'Contracts and safety checks', points: ['Contracts were reviewed.'], from_line: expect.any(Number), to_line: last },
    ]);
    // The log promise was made in every hour's chunk and is one action, cited from each.
    const log = findings.actions.filter((action) => action.action === 'Send the updated inspection log to the estates team');
    expect(log).toHaveLength(1);
    expect(log[0]?.lines.length).toBeGreaterThan(1);
    // The other actions, one per promise, in transcript order and numbered.
    const promises = input.transcript.lines.filter((line) => /\bI'll /.test(line.text) && !line.text.includes('inspection log'));
    expect(findings.actions).toHaveLength(promises.length + 1);
    expect(findings.actions.map((action) => action.id)).toEqual(findings.actions.map((_, i) => `action-${i + 1}`));
    const firstLines = findings.actions.map((action) => action.lines[0] ?? 0);
    expect(firstLines).toEqual([...firstLines].sort((a, b) => a - b));
    expect(findings.decisions.length).toBe(input.transcript.lines.filter((line) => /we agreed to/i.test(line.text)).length);
  });

  test('a chunk still invalid after its retry takes the built-in findings for its lines; the others are the model’s', async () => {
    const input = inputOf(longMeeting());
    let broken: { from: number; to: number } | null = null;
    provider.fake.replyWith((request) => {
      if (isReduce(request)) return { kind: 'text', text: '{"title": "unfinished' };
      const lines = linesOf(request);
      if (userText(request).includes('This is part 2 of')) {
        broken = { from: lines[0]?.n ?? 0, to: lines.at(-1)?.n ?? 0 };
        return { kind: 'text', text: '{"topics": "none"}' };
      }
      return answer(notesFor(request));
    });
    const findings = await findingsOf(input);
    const builtin = await builtinWriteEngine.findings(input, {});
    const range = broken as { from: number; to: number } | null;
    expect(range).not.toBeNull();
    if (!range) return;
    // Well inside the broken chunk (away from the overlap with its neighbours): the built-in engine's items.
    const inside = (lines: readonly number[]) => lines.every((n) => n > range.from + 3 && n < range.to - 3);
    const strip = <T extends { id: string }>({ id: _id, ...item }: T) => item;
    const builtinActions = builtin.actions.filter((action) => inside(action.lines)).map(strip);
    expect(builtinActions.length).toBeGreaterThan(0);
    expect(findings.actions.filter((action) => inside(action.lines)).map(strip)).toEqual(builtinActions);
    expect(findings.decisions.filter((decision) => inside(decision.lines)).map(strip)).toEqual(
      builtin.decisions.filter((decision) => inside(decision.lines)).map(strip),
    );
    // Outside it, the model's notes: its action for the log promise, cited from the first chunk.
    expect(
      findings.actions.some(
        (action) => action.action === 'Send the updated inspection log to the estates team' && (action.lines[0] ?? 0) < range.from,
      ),
    ).toBe(true);
    // The reduce answer was not JSON twice: title and topics are the chunks' own, joined.
    expect(findings.title).toBe('Estates compliance meeting');
    expect(findings.topics.length).toBeGreaterThan(1);
  });

  test('stops when aborted, and the provider request with it', async () => {
    provider.fake.replyWith({ kind: 'hang' });
    const controller = new AbortController();
    const writing = findingsOf(inputOf(SHORT), undefined, controller.signal);
    await provider.fake.waitForRequests(1);
    controller.abort(new Error('the job was stopped'));
    await expect(writing).rejects.toThrow('the job was stopped');
    await vi.waitFor(() => expect(provider.fake.requests[0]?.aborted).toBe(true));
  });

  test('never puts the API key in an error or a log line', async () => {
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      logged.push(String(warning));
    });

    provider.fake.replyWith((request) => answer(notesFor(request)));
    await findingsOf(inputOf(SHORT));
    provider.fake.replyWith({ kind: 'error', status: 401, message: `Incorrect API key provided: ${API_KEY}.` });
    const failure = await findingsOf(inputOf(SHORT)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const told = [String((failure as Error).message), String((failure as Error).stack), JSON.stringify(failure), ...logged].join('\n');
    expect(told).not.toContain(API_KEY);
    expect(told).toMatch(/HTTP 401/);
    // The key travelled only where it belongs: the request's authorisation header.
    expect(provider.fake.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.stringify(provider.fake.requests.map((request) => request.body))).not.toContain(API_KEY);
  });
});

/**
 * About two hours of a meeting (over 20,000 words): routine reports, a promise of their own every
 * so often, a decision now and then, and one promise repeated in each hour.
 */
function longMeeting(): string {
  const people = ['Alex Moreno', 'Bea Quist', 'Dara Finch', 'Eli Stone'];
  const things = ['boiler', 'chiller', 'generator', 'sprinkler valve', 'lift motor', 'water softener', 'fire damper', 'roof drain'];
  const places = ['the north block', 'the maternity wing', 'the day surgery unit', 'the pharmacy store', 'the main kitchen'];
  const verbs = ['service', 'inspect', 'repaint', 'recalibrate', 'photograph', 'label', 'survey'];
  const lines: string[] = [];
  let promises = 0;
  let decisions = 0;
  for (let i = 0; i < 1300; i++) {
    const who = people[i % people.length] as string;
    const thing = things[i % things.length] as string;
    const place = places[(i * 3) % places.length] as string;
    if (i === 20 || i === 700 || i === 1250) lines.push(`Bea Quist: I'll send the updated inspection log to the estates team.`);
    else if (i % 45 === 44) {
      // Each promise and decision a different one: their words cycle at coprime lengths.
      const k = promises++;
      lines.push(`${who}: I'll ${verbs[k % verbs.length]} the ${things[k % things.length]} in ${places[k % 3]} by Friday.`);
    } else if (i % 70 === 69) {
      const k = decisions++;
      lines.push(
        `${who}: So we agreed to ${['replace', 'upgrade', 'insure'][k % 3]} the ${things[k % things.length]} in ${places[k % places.length]} next quarter.`,
      );
    } else
      lines.push(
        `${who}: The ${thing} in ${place} was inspected in week ${i % 52} and the readings stayed within the expected range for the month.`,
      );
  }
  return lines.join('\n');
}
