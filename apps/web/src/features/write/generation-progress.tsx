import { WRITE_STAGES, type WriteJob, type WriteJobProgress } from '@verity/shared';
import { useEffect, useRef } from 'react';
import { StageProgress, stepState } from '../../components/stage-progress';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from '../../lib/form-errors';
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
const JOB_UNAVAILABLE_MESSAGE = 'Progress could not be checked.';

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
export function GenerationProgress({ jobId, title, onSucceeded, onFailed }: GenerationProgressProps) {
  const job = useWriteJob(jobId);
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
    return <Alert title={JOB_UNAVAILABLE_MESSAGE}>{errorMessage(job.error, 'Please reload the page to see the document.')}</Alert>;
  }

  const progress: WriteJobProgress = data?.progress ?? { stage: 'queued' };
  const succeeded = data?.status === 'succeeded';
  const waiting = progress.stage === 'queued' && !succeeded;
  const steps = STAGE_LABELS.map(([stage, label]) => ({
    id: stage,
    label,
    state: stepState(WRITE_STAGES, stage, progress.stage, succeeded),
    detail: stageDetail(stage, progress),
  }));

  return (
    <StageProgress
      title={title}
      status={waiting ? 'Waiting to start…' : succeeded ? 'Done. Opening the document…' : 'This usually takes a few seconds.'}
      steps={steps}
    />
  );
}
