import { REVIEW_STAGES, type ReviewJob, type ReviewJobProgress, type ReviewStage } from '@verity/shared';
import { JobStageProgress } from '../../components/job-stage-progress';
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
export function ReviewProgress({ jobId, ...props }: ReviewProgressProps) {
  const job = useReviewJob(jobId);
  return (
    <JobStageProgress job={job} stages={REVIEW_STAGES} labels={REVIEW_STAGE_LABELS} detail={stageDetail} subject="review" {...props} />
  );
}
