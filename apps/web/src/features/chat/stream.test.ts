import { describe, expect, it } from 'vitest';
import { createSseParser, type RawSseEvent, toChatStreamEvent } from './stream';

function parseAll(chunks: readonly string[]): RawSseEvent[] {
  const events: RawSseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

const STREAM = [
  'event: token\ndata: {"text":"Fixed installations "}\n\n',
  ': a comment the server may send to keep the connection open\n\n',
  'event: token\ndata: {"text":"are inspected [1]."}\n\n',
  'event: citations\ndata: {"citations":[]}\n\n',
  'event: done\ndata: {"ok":true}\n\n',
].join('');

const EXPECTED: RawSseEvent[] = [
  { event: 'token', data: '{"text":"Fixed installations "}' },
  { event: 'token', data: '{"text":"are inspected [1]."}' },
  { event: 'citations', data: '{"citations":[]}' },
  { event: 'done', data: '{"ok":true}' },
];

describe('the SSE parser', () => {
  it('reads whole events', () => {
    expect(parseAll([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    for (let size = 1; size <= 17; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < STREAM.length; i += size) chunks.push(STREAM.slice(i, i + size));
      expect(parseAll(chunks), `chunks of ${size}`).toEqual(EXPECTED);
    }
    // Every single cut point, including inside "event:", "data:" and between the two new lines.
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parseAll([STREAM.slice(0, cut), STREAM.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('accepts CRLF and CR line ends, even when a CRLF is split across chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    expect(parseAll([crlf])).toEqual(EXPECTED);
    for (let cut = 1; cut < crlf.length; cut++) expect(parseAll([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(EXPECTED);
    expect(parseAll([STREAM.replaceAll('\n', '\r')])).toEqual(EXPECTED);
  });

  it('joins several data lines of one event with new lines', () => {
    expect(parseAll(['event: token\ndata: first\ndata:second\ndata:  third\n\n'])).toEqual([
      { event: 'token', data: 'first\nsecond\n third' },
    ]);
  });

  it('ignores unknown fields and names an unnamed event "message"', () => {
    expect(parseAll(['id: 7\nretry: 1000\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('drops an event the stream ended before closing', () => {
    expect(parseAll(['event: token\ndata: {"text":"a"}\n\nevent: token\ndata: {"text":"b"}'])).toEqual([
      { event: 'token', data: '{"text":"a"}' },
    ]);
  });
});

describe('chat stream events', () => {
  it('keeps the four named events with JSON data', () => {
    expect(toChatStreamEvent({ event: 'token', data: '{"text":"Hi"}' })).toEqual({ event: 'token', data: { text: 'Hi' } });
    expect(toChatStreamEvent({ event: 'error', data: '{"message":"No"}' })).toEqual({ event: 'error', data: { message: 'No' } });
  });

  it('ignores unknown events and data that is not a JSON object', () => {
    expect(toChatStreamEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(toChatStreamEvent({ event: 'message', data: '{"text":"x"}' })).toBeNull();
    expect(toChatStreamEvent({ event: 'token', data: 'not json' })).toBeNull();
    expect(toChatStreamEvent({ event: 'token', data: '42' })).toBeNull();
  });
});
