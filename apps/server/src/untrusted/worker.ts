/**
 * The worker thread of the untrusted-work pool (pool.ts): every task here reads text or bytes that
 * came from outside, with its own capped heap, so a hostile input ends this thread, never the server.
 */
import type { ReviewStage } from '@verity/shared';
import type { ParseLimits } from '../ingest/limits.ts';
import { checkUploadFormat, parseFile, UnreadableFileError } from '../ingest/parse.ts';
import type { DocumentModel } from '../lib/docx/model.ts';
import { renderDocx } from '../lib/docx/render.ts';
import type { Refusal } from '../lib/worker-pool.ts';
import { serveTasks } from '../lib/worker-task.ts';
import { readTranscriptSource, type TranscriptSourceInput } from '../write/transcript-source.ts';
import { runBuiltin } from '../review/builtin.ts';
import type { ReviewInput } from '../review/types.ts';
import { builtinWriteEngine } from '../write/builtin.ts';
import type { WriteInput, WriteStage } from '../write/types.ts';

function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof UnreadableFileError) return { kind: error.name, reason: error.reason, message: error.message };
  return undefined;
}

serveTasks(
  {
    parse: (input: { bytes: Uint8Array; filename: string; maxBytes?: number; limits: ParseLimits }) => parseFile(input),
    format: (input: { bytes: Uint8Array; filename: string; limits: ParseLimits }) =>
      checkUploadFormat(input.bytes, input.filename, input.limits),
    transcript: (input: { source: TranscriptSourceInput; limits: ParseLimits }) => readTranscriptSource(input.source, input.limits),
    write: (input: WriteInput, progress) =>
      builtinWriteEngine.findings(input, { onStage: (stage: WriteStage, detail?: Record<string, number>) => progress([stage, detail]) }),
    docx: (model: DocumentModel) => renderDocx(model),
    review: (input: ReviewInput, progress) => runBuiltin(input, (stage: ReviewStage) => progress([stage])),
  },
  refusalOf,
);
