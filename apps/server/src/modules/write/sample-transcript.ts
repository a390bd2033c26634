import { readFile } from 'node:fs/promises';
import type { Block } from '../../lib/docx/model.ts';
import { renderDocx } from '../../lib/docx/render.ts';

/**
 * The sample transcript offered to someone trying the writing assistant: a fictional Water Safety
 * Group meeting at a fictional hospital, written for this project (sample-transcript.txt, one
 * "Name: text" turn a line), served as a Word document with one paragraph per turn and the
 * speaker's name in bold, as transcription services deliver them. Built on first request and
 * kept in memory: it never changes while the server runs.
 */

export const SAMPLE_TRANSCRIPT_FILE_NAME = 'Sample transcript - Water Safety Group.docx';

const SOURCE = new URL('./sample-transcript.txt', import.meta.url);

let built: Promise<Buffer> | undefined;

export function sampleTranscriptDocx(): Promise<Buffer> {
  built ??= buildSampleTranscript().catch((error: unknown) => {
    // A failed build is not kept: the next request tries again.
    built = undefined;
    throw error;
  });
  return built;
}

async function buildSampleTranscript(): Promise<Buffer> {
  const turns = (await readFile(SOURCE, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  const blocks = turns.map((turn): Block => {
    const colon = turn.indexOf(': ');
    if (colon < 0) return { kind: 'paragraph', content: turn };
    return { kind: 'paragraph', content: [{ text: `${turn.slice(0, colon)}:`, bold: true }, ` ${turn.slice(colon + 2)}`] };
  });
  return renderDocx({
    title: 'Water Safety Group meeting transcript',
    creator: 'Verity',
    subject: 'A sample meeting transcript for the writing assistant',
    description: 'A fictional meeting: the people, the hospital and the results are invented.',
    blocks,
  });
}
