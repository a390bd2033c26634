import { REVIEW_STAGES, type ReviewJob, type ReviewJobProgress, type ReviewStage } from '@verity/shared';
import { useEffect, useRef } from 'react';
import { StageProgress, stepState } from '../../components/stage-progress';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from '../../lib/form-errors';
import { useReviewJob } from './api';

/** The stages a person sees, in order (queued comes before them all, done after). */
export const REVIEW_STAGE_LABELS: readonly [ReviewStage, string][] = [
  ['reading', 'Reading the policy'],
  ['references', 'Checking references'],
  ['structure', 'Checking the structure'],
  ['roles', 'Checking roles'],
  ['terms', 'Checking terms and cross-references'],
  ['library', 'Checking against the library'],
];

export const REVIEW_FAILED_MESSAGE = 'The policy could not be reviewed.';
const JOB_UNAVAILABLE_MESSAGE = 'Progress could not be checked.';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a stage found so far, when the job says: "12 pages", "3 findings so far". */
function stageDetail(stage: ReviewStage, progress: ReviewJobProgress): string | null {
  if (stage === 'reading') {
    if (progress.pages !== undefined) return plural(progress.pages, 'page');
    if (progress.elements !== undefined) return plural(progress.elements, 'block');
  }
  if (stage === progress.stage && progress.findings !== undefined) return `${plural(progress.findings, 'finding')} so far`;
  return null;
}

export interface ReviewProgressProps {
  jobId: string;
  /** Heading of the card ("Reviewing your policy"). */
  title: string;
  onSucceeded: (job: ReviewJob) => void;
  onFailed?: (job: ReviewJob) => void;
}

/**
 * Where a review has got to, stage by stage, polled every half second until the job ends.
 * Success and failure are reported once each to the caller.
 */
export function ReviewProgress({ jobId, title, onSucceeded, onFailed }: ReviewProgressProps) {
  const job = useReviewJob(jobId);
  const data = job.data;
  const reported = useRef(false);

  useEffect(() => {
    if (!data || reported.current) return;
    if (data.status === 'succeeded') {
      reported.current = true;
      onSucceeded(data);
    } else if (data.status === 'failed') {
      reported.current = true;
      onFailed?.(data);
    }
  }, [data, onSucceeded, onFailed]);

  if (job.isError && !data) {
    return <Alert title={JOB_UNAVAILABLE_MESSAGE}>{errorMessage(job.error, 'Please reload the page to see the review.')}</Alert>;
  }

  const progress: ReviewJobProgress = data?.progress ?? { stage: 'queued' };
  const succeeded = data?.status === 'succeeded';
  const waiting = progress.stage === 'queued' && !succeeded;
  const steps = REVIEW_STAGE_LABELS.map(([stage, label]) => ({
    id: stage,
    label,
    state: stepState(REVIEW_STAGES, stage, progress.stage, succeeded),
    detail: stageDetail(stage, progress),
  }));

  return (
    <StageProgress
      title={title}
      status={waiting ? 'Waiting to start…' : succeeded ? 'Done. Opening the review…' : 'This usually takes a few seconds.'}
      steps={steps}
    />
  );
}
