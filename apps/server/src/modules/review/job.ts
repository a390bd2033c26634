import { REVIEW_SEVERITIES, type ReviewJobProgress } from '@verity/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { jobs, reviewFindings, reviews } from '../../db/schema.ts';
import type { StoredEvidence } from '../../db/schema/review.ts';
import { isoDate } from '../../lib/docx/dates.ts';
import { newId } from '../../lib/ids.ts';
import { recordEvent } from '../../core/events/service.ts';
import { loadLibrary } from '../../core/library/load.ts';
import type { FindingEvidence, ReviewEngine, ReviewFindingDraft, ReviewLibrary, ReviewResult } from '../../review/types.ts';
import { EngineLimitError } from '../../untrusted/pool.ts';
import { noticeUnlessWatched } from '../../jobs/ready-notice.ts';
import { z } from 'zod';
import { defineJob, type JobPayload, jobHandler } from '../../jobs/definition.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';

/** Reviewing one uploaded policy. */
export const reviewJob = defineJob('review_policy', z.object({ review_id: z.string().min(1) }));
export const REVIEW_JOB_KIND = reviewJob.kind;
export type ReviewJobPayload = JobPayload<typeof reviewJob>;

export interface ReviewJobResult {
  review_id: string;
  /** False when the review was deleted before it could be finished. */
  reviewed: boolean;
  findings: number;
}

export const REVIEW_INTERRUPTED =
  'The server stopped while reviewing this policy, so it was not tried again. Upload the policy again to retry.';

/** The longest excerpt of a supporting passage kept with a finding. */
const EXCERPT_MAX_LENGTH = 240;

/**
 * Reviews the policy its request read and stored: the organisation's library is loaded, the
 * configured reviewer runs over the policy reporting each stage (references, structure, roles,
 * terms, library checks), and the findings are stored with the review marked ready and the
 * `review.completed` event, in one transaction. A provider that fails leaves the built-in
 * findings (the reviewer says so, and it is logged without the policy's text). When the job fails
 * for good the review is marked failed with the reason.
 */
export function reviewJobHandler(options: {
  engine: ReviewEngine;
  /** How long after the review ends its notice waits for the author's page (jobs/ready-notice.ts); tests use 0. */
  readyNoticeDelayMs?: number;
}): JobHandler {
  const { engine } = options;
  return jobHandler(reviewJob, {
    interruptedMessage: REVIEW_INTERRUPTED,
    async run({ payload, db, reportProgress, signal, log }): Promise<ReviewJobResult> {
      const [review] = await db.select().from(reviews).where(eq(reviews.id, payload.review_id));
      if (!review) return { review_id: payload.review_id, reviewed: false, findings: 0 };

      const counts = { elements: review.elements.length, pages: review.pageCount };
      await reportProgress({ stage: 'reading', ...counts } satisfies ReviewJobProgress);
      const library: ReviewLibrary = { documents: await loadLibrary({ db, organisationId: review.organisationId, passages: true }) };
      const result = await reviewOrPermanentFailure(() =>
        engine.review(
          {
            policy: {
              title: review.title,
              elements: review.elements.map(({ heading_path, header_row, ...element }) => ({
                ...element,
                headingPath: heading_path,
                ...(header_row === false ? { headerless: true } : {}),
              })),
            },
            library,
            today: isoDate(new Date()),
          },
          { onStage: (stage) => reportProgress({ stage, ...counts } satisfies ReviewJobProgress), signal, owner: review.userId },
        ),
      );
      if (result.providerFailure) {
        log?.warn({ reviewId: review.id, kind: result.providerFailure.kind }, 'provider reviewer failed; the built-in findings stand');
      }
      const drafts = mostSevere(result.findings, REVIEW_MAX_FINDINGS);
      const reviewed = await storeFindings({
        db,
        reviewId: review.id,
        drafts,
        library,
        engine: result.engine,
        readyNoticeDelayMs: options.readyNoticeDelayMs,
      });
      await reportProgress({ stage: 'done', ...counts, findings: drafts.length } satisfies ReviewJobProgress);
      return { review_id: review.id, reviewed, findings: drafts.length };
    },
    async onFailed(tx, job, payload) {
      const [failed] = await tx.select({ error: jobs.error }).from(jobs).where(eq(jobs.id, job.id));
      await tx
        .update(reviews)
        .set({ status: 'failed', error: failed?.error ?? REVIEW_INTERRUPTED, updatedAt: new Date() })
        .where(and(eq(reviews.id, payload.review_id), eq(reviews.status, 'reviewing')));
    },
  });
}

/**
 * The most findings one review keeps: the page, the stored rows and the Word report stay bounded
 * whatever a policy (or a model) produces. A real policy has tens.
 */
export const REVIEW_MAX_FINDINGS = 500;

/** At most `max` findings, the most severe first (in reading order among equals), kept in reading order. */
export function mostSevere(findings: ReviewFindingDraft[], max: number): ReviewFindingDraft[] {
  if (findings.length <= max) return findings;
  const kept = new Set(
    findings
      .map((finding, order) => ({ finding, order }))
      .sort((a, b) => REVIEW_SEVERITIES.indexOf(a.finding.severity) - REVIEW_SEVERITIES.indexOf(b.finding.severity) || a.order - b.order)
      .slice(0, max)
      .map(({ finding }) => finding),
  );
  return findings.filter((finding) => kept.has(finding));
}

/** A policy the reviewer could not finish within the pool's limits would fail again: the job fails at once with the sentence. */
async function reviewOrPermanentFailure(review: () => Promise<ReviewResult>): Promise<ReviewResult> {
  try {
    return await review();
  } catch (error) {
    if (error instanceof EngineLimitError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/**
 * The findings stored in reading order, the review marked ready and the usage event recorded, in
 * one transaction; false when the review was deleted (or settled) meanwhile.
 */
async function storeFindings(options: {
  db: Database;
  reviewId: string;
  drafts: ReviewFindingDraft[];
  library: ReviewLibrary;
  engine: string;
  readyNoticeDelayMs: number | undefined;
}): Promise<boolean> {
  const { db, reviewId, drafts } = options;
  const evidenceOf = evidenceStorer(options.library);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, 'reviewing')))
      .for('update');
    if (!current) return false;
    if (drafts.length > 0) {
      await tx.insert(reviewFindings).values(
        drafts.map((draft, ordinal) => ({
          id: newId(),
          reviewId,
          ordinal,
          category: draft.category,
          severity: draft.severity,
          quote: draft.quote,
          location: draft.location,
          expected: draft.expected,
          explanation: draft.explanation,
          suggestion: draft.suggestion,
          evidence: draft.evidence.map((evidence) => evidenceOf(evidence, draft)),
        })),
      );
    }
    await tx
      .update(reviews)
      .set({ status: 'ready', engine: options.engine, error: null, updatedAt: new Date() })
      .where(eq(reviews.id, reviewId));
    await noticeUnlessWatched({
      tx,
      subject: 'review',
      id: reviewId,
      delayMs: options.readyNoticeDelayMs,
      notification: {
        userId: current.userId,
        organisationId: current.organisationId,
        title: 'Your policy review is ready',
        message: reviewReadyMessage(current.title, drafts),
        link: `/review/${reviewId}`,
      },
    });
    await recordEvent(tx, {
      kind: 'review.completed',
      organisationId: current.organisationId,
      actorUserId: current.userId,
      subject: { type: 'review', id: reviewId },
      data: {
        engine: options.engine,
        format: current.format,
        elements: current.elements.length,
        pages: current.pageCount,
        findings: drafts.length,
        version: current.previousId !== null,
      },
      documentIds: drafts.flatMap((draft) => draft.evidence.map((evidence) => evidence.documentId)),
    });
    return true;
  });
}

/**
 * Turns the reviewer's evidence into what is stored: the document's title as it is now and its
 * first passage, shortened — for a table, the row that says most of what the finding says
 * (its header kept in front), not the whole table run together.
 */
function evidenceStorer(library: ReviewLibrary): (evidence: FindingEvidence, draft: ReviewFindingDraft) => StoredEvidence {
  const documents = new Map(library.documents.map((document) => [document.id, document]));
  return (evidence, draft) => {
    const document = documents.get(evidence.documentId);
    const first = document?.elements.find((element) => element.id === evidence.elementIds[0]);
    return {
      document_id: evidence.documentId,
      code: evidence.code,
      title: document?.title ?? evidence.code,
      element_ids: evidence.elementIds,
      excerpt: first ? shorten(first.type === 'table' ? tableRowFor(first.text, draft) : first.text) : null,
    };
  };
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

/** "Header: row" for the table row sharing the most words with the finding's explanation and fix. */
export function tableRowFor(table: string, draft: Pick<ReviewFindingDraft, 'expected' | 'explanation' | 'suggestion'>): string {
  const [header, ...rows] = table.split('\n').filter((row) => row.trim() !== '');
  if (!header || rows.length === 0) return table;
  const said = wordsOf(`${draft.expected ?? ''} ${draft.explanation} ${draft.suggestion}`);
  let best = rows[0] ?? '';
  let bestScore = -1;
  for (const row of rows) {
    const score = [...wordsOf(row)].filter((word) => said.has(word)).length;
    if (score > bestScore) {
      best = row;
      bestScore = score;
    }
  }
  return `${header}: ${best}`;
}

/** The text cut at a word before EXCERPT_MAX_LENGTH, with an ellipsis when it was cut. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_MAX_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_MAX_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > EXCERPT_MAX_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** "“Waste Management Policy” has 9 findings: 1 high, 6 medium and 2 low severity. Open it in Review Assistant." */
export function reviewReadyMessage(title: string, drafts: readonly Pick<ReviewFindingDraft, 'severity'>[]): string {
  if (drafts.length === 0) return `The review of “${title}” found nothing to change. Open it in Review Assistant.`;
  const count = (severity: string) => drafts.filter((draft) => draft.severity === severity).length;
  const findings = drafts.length === 1 ? '1 finding' : `${drafts.length} findings`;
  return `“${title}” has ${findings}: ${count('high')} high, ${count('medium')} medium and ${count('low')} low severity. Open it in Review Assistant.`;
}
