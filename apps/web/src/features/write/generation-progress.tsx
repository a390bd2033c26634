import { WRITE_STAGES, type WriteJob, type WriteJobProgress } from '@verity/shared';
import { JobStageProgress } from '../../components/job-stage-progress';
import { useWriteJob } from './api';

type Stage = (typeof WRITE_STAGES)[number];

/** The stages a person sees, in order (queued comes before them all, done after). */
export const STAGE_LABELS: readonly [Stage, string][] = [
  ['parsing', 'Reading the transcript'],
  ['speakers', 'Finding the speakers'],
  ['topics', 'Finding the topics'],
  ['items', 'Finding decisions and actions'],
  ['references', 'Finding regulatory references'],
  ['writing', 'Writing the document'],
];

export const GENERATION_FAILED_MESSAGE = 'The document could not be written from this transcript.';

/** What a stage found so far, when the job says: "312 lines", "6 speakers", "part 3 of 8". */
function stageDetail(stage: Stage, progress: WriteJobProgress): string | null {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (stage === 'parsing' && progress.lines !== undefined) return plural(progress.lines, 'line');
  if (stage === 'speakers' && progress.speakers !== undefined) return plural(progress.speakers, 'speaker');
  if (stage === progress.stage && progress.chunks !== undefined && progress.chunks > 1) {
    return `part ${Math.min((progress.chunks_done ?? 0) + 1, progress.chunks)} of ${progress.chunks}`;
  }
  return null;
}

export interface GenerationProgressProps {
  jobId: string;
  /** Heading of the card ("Writing your meeting minutes"). */
  title: string;
  onSucceeded: (job: WriteJob) => void;
  onFailed?: (job: WriteJob) => void;
}

/**
 * Where writing a document has got to, stage by stage, polled every half second until the job
 * ends. Success and failure are reported once each to the caller.
 */
export function GenerationProgress({ jobId, ...props }: GenerationProgressProps) {
  const job = useWriteJob(jobId);
  return <JobStageProgress job={job} stages={WRITE_STAGES} labels={STAGE_LABELS} detail={stageDetail} subject="document" {...props} />;
}
