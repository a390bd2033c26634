import type { JobStatus } from '@verity/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../lib/form-errors';
import { StageProgress, stepState } from './stage-progress';
import { Alert } from './ui/alert';

const JOB_UNAVAILABLE_MESSAGE = 'Progress could not be checked.';

/** A background job as its poll answers it: where it is, and how far it has got. */
export interface StagedJob<S extends string> {
  status: JobStatus;
  progress: { stage: S };
}

export interface JobStageProgressProps<S extends string, J extends StagedJob<S>> {
  /** The job's poll. */
  job: UseQueryResult<J>;
  /** Heading of the card ("Reviewing your policy"). */
  title: string;
  /** Every stage in order, from `queued` first to `done` last. */
  stages: readonly S[];
  /** The stages a person sees, in order, with their labels. */
  labels: readonly (readonly [S, string])[];
  /** What a stage found so far, when the job says ("12 pages"). */
  detail: (stage: S, progress: J['progress']) => string | null;
  /** What opens once the job is done ("review", "document"). */
  subject: string;
  onSucceeded: (job: J) => void;
  onFailed?: (job: J) => void;
}

/**
 * Where a background job has got to, stage by stage, while its poll runs. Success and failure are
 * reported once each to the caller.
 */
export function JobStageProgress<S extends string, J extends StagedJob<S>>({
  job,
  title,
  stages,
  labels,
  detail,
  subject,
  onSucceeded,
  onFailed,
}: JobStageProgressProps<S, J>) {
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
    return <Alert title={JOB_UNAVAILABLE_MESSAGE}>{errorMessage(job.error, `Please reload the page to see the ${subject}.`)}</Alert>;
  }

  const progress = data?.progress;
  const reached: S | 'queued' = progress?.stage ?? 'queued';
  const succeeded = data?.status === 'succeeded';
  const waiting = reached === 'queued' && !succeeded;
  const steps = labels.map(([stage, label]) => ({
    id: stage,
    label,
    state: stepState<S | 'queued'>(stages, stage, reached, succeeded),
    detail: progress ? detail(stage, progress) : null,
  }));

  return (
    <StageProgress
      title={title}
      status={waiting ? 'Waiting to start…' : succeeded ? `Done. Opening the ${subject}…` : 'This usually takes a few seconds.'}
      steps={steps}
    />
  );
}
