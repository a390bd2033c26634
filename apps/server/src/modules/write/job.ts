import { WRITE_TITLE_MAX_LENGTH, type WriteFindings, type WriteJobProgress, type WriteKind } from '@verity/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { jobs, writeDocuments } from '../../db/schema.ts';
import { isoDate } from '../../lib/docx/dates.ts';
import { recordEvent } from '../../core/events/service.ts';
import { loadLibrary } from '../../core/library/load.ts';
import { composeContent } from '../../write/content.ts';
import type { WriteEngine, WriteStage } from '../../write/types.ts';
import { EngineLimitError } from '../../untrusted/pool.ts';
import { noticeUnlessWatched } from '../../jobs/ready-notice.ts';
import { z } from 'zod';
import { defineJob, type JobPayload, jobHandler } from '../../jobs/definition.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';
import { engineFailureBody, ProviderError } from '../../core/provider/call.ts';

/** Writing one document: `provisional_title` is the title it was listed under while written, when its author gave none (the engine's title replaces it). */
export const writeJob = defineJob('write_document', z.object({ document_id: z.string().min(1), provisional_title: z.string().nullable() }));
export const WRITE_JOB_KIND = writeJob.kind;
export type WriteJobPayload = JobPayload<typeof writeJob>;

export interface WriteJobResult {
  document_id: string;
  /** False when the document was deleted before it could be written. */
  written: boolean;
}

export const WRITE_INTERRUPTED =
  'The server stopped while writing this document, so it was not tried again. Upload the transcript again to retry.';

/** The notification's title when a document is written with nobody watching, by what was written. */
export const WRITE_READY_TITLE: Record<WriteKind, string> = {
  minutes: 'Your minutes are ready',
  action_log: 'Your action log is ready',
  briefing: 'Your briefing is ready',
  incident_report: 'Your incident report is ready',
};

/**
 * Writes a document from the transcript its request read and stored: the engine finds the
 * attendees, topics, decisions, actions and references (reporting each stage), the first content
 * is composed from them, and both are stored with version 1 and the `write.generated` event in
 * one transaction (with a notification for the author when their page was left meanwhile). When the job fails for good the document is marked failed with the reason.
 */
export function writeJobHandler(options: {
  engine: WriteEngine;
  /** How long after the document is written its notice waits for the author's page (jobs/ready-notice.ts); tests use 0. */
  readyNoticeDelayMs?: number;
}): JobHandler {
  const { engine } = options;
  return jobHandler(writeJob, {
    interruptedMessage: WRITE_INTERRUPTED,
    async run({ payload, db, reportProgress, signal }): Promise<WriteJobResult> {
      const [document] = await db.select().from(writeDocuments).where(eq(writeDocuments.id, payload.document_id));
      if (!document) return { document_id: payload.document_id, written: false };

      const { transcript } = document;
      const counts = {
        lines: transcript.lines.length,
        speakers: new Set(transcript.lines.flatMap((line) => (line.speaker === null ? [] : [line.speaker]))).size,
      };
      await reportProgress({ stage: 'parsing', ...counts } satisfies WriteJobProgress);
      const library = await loadLibrary({ db, organisationId: document.organisationId });
      const findings = await findingsOrPermanentFailure(() =>
        engine.findings(
          {
            transcript,
            kind: document.kind,
            ...(payload.provisional_title === null ? { title: document.title } : {}),
            ...(document.meetingDate ? { meetingDate: document.meetingDate } : {}),
            library,
            today: isoDate(new Date()),
          },
          { onStage: (stage, detail) => reportProgress(stageProgress(stage, counts, detail)), signal, owner: document.userId },
        ),
      );
      const written = await storeFindings({
        db,
        documentId: document.id,
        payload,
        findings,
        engine: engine.id,
        lines: counts.lines,
        readyNoticeDelayMs: options.readyNoticeDelayMs,
      });
      await reportProgress({ stage: 'done', ...counts } satisfies WriteJobProgress);
      return { document_id: document.id, written };
    },
    async onFailed(tx, job, payload) {
      const [failed] = await tx.select({ error: jobs.error }).from(jobs).where(eq(jobs.id, job.id));
      await tx
        .update(writeDocuments)
        .set({ status: 'failed', error: failed?.error ?? WRITE_INTERRUPTED, updatedAt: new Date() })
        .where(and(eq(writeDocuments.id, payload.document_id), eq(writeDocuments.status, 'generating')));
    },
  });
}

/**
 * A provider that refuses the request (a wrong key, a model it does not serve) will refuse every
 * retry too: the job fails at once with the message the chat shows for it; so does a transcript
 * the built-in engine could not finish within the pool's limits (the same text would fail again).
 * Other failures (busy, timed out, unavailable) are retried by the queue.
 */
async function findingsOrPermanentFailure(write: () => Promise<WriteFindings>): Promise<WriteFindings> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'refused') throw new PermanentJobError(engineFailureBody(error, '').message);
    if (error instanceof EngineLimitError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/** The engine's stage as the job's progress: the line and speaker counts, and a provider's chunks. */
function stageProgress(stage: WriteStage, counts: { lines: number; speakers: number }, detail?: Record<string, number>): WriteJobProgress {
  const progress: WriteJobProgress = { stage, ...counts };
  if (detail?.chunks !== undefined) progress.chunks = detail.chunks;
  if (detail?.chunks_done !== undefined) progress.chunks_done = detail.chunks_done;
  return progress;
}

/**
 * The findings and first content stored, with the usage event, in one transaction; false when the
 * document was deleted (or settled) meanwhile. A title the author gave, or renamed the document
 * to while it was written, is kept; otherwise the engine's title replaces the provisional one.
 */
async function storeFindings(options: {
  db: Database;
  documentId: string;
  payload: WriteJobPayload;
  findings: WriteFindings;
  engine: string;
  lines: number;
  readyNoticeDelayMs: number | undefined;
}): Promise<boolean> {
  const { db, documentId, payload, findings } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(writeDocuments)
      .where(and(eq(writeDocuments.id, documentId), eq(writeDocuments.status, 'generating')))
      .for('update');
    if (!current) return false;
    const found = findings.title.trim().slice(0, WRITE_TITLE_MAX_LENGTH);
    const title = payload.provisional_title !== null && current.title === payload.provisional_title && found !== '' ? found : current.title;
    await tx
      .update(writeDocuments)
      .set({
        status: 'ready',
        title,
        meetingDate: current.meetingDate ?? findings.meeting_date,
        findings,
        content: composeContent(findings, current.kind),
        version: 1,
        engine: options.engine,
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(writeDocuments.id, documentId));
    await noticeUnlessWatched({
      tx,
      subject: 'write',
      id: documentId,
      delayMs: options.readyNoticeDelayMs,
      notification: {
        userId: current.userId,
        organisationId: current.organisationId,
        title: WRITE_READY_TITLE[current.kind],
        message: `“${title}” has been written from your transcript. Open it in Writing Assistant to check and edit it.`,
        link: `/write/${documentId}`,
      },
    });
    await recordEvent(tx, {
      kind: 'write.generated',
      organisationId: current.organisationId,
      actorUserId: current.userId,
      subject: { type: 'write_document', id: documentId },
      data: {
        kind: current.kind,
        engine: options.engine,
        lines: options.lines,
        attendees: findings.attendees.length,
        decisions: findings.decisions.length,
        actions: findings.actions.length,
        references: findings.references.length,
      },
      documentIds: findings.references.flatMap((reference) => (reference.document_id ? [reference.document_id] : [])),
    });
    return true;
  });
}
