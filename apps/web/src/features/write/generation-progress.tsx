import { WRITE_STAGES, type WriteJob, type WriteJobProgress } from '@verity/shared';
import { CheckLine } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
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

type StepState = 'done' | 'current' | 'todo';

function stepState(stage: Stage, progress: WriteJobProgress, succeeded: boolean): StepState {
  if (succeeded) return 'done';
  const reached = WRITE_STAGES.indexOf(progress.stage);
  const own = WRITE_STAGES.indexOf(stage);
  if (reached > own) return 'done';
  return reached === own ? 'current' : 'todo';
}

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

  return (
    <section aria-labelledby="generation-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="generation-heading" className="font-semibold text-lg text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm" aria-live="polite">
        {waiting ? 'Waiting to start…' : succeeded ? 'Done. Opening the document…' : 'This usually takes a few seconds.'}
      </p>
      <ol className="mt-4 space-y-2.5">
        {STAGE_LABELS.map(([stage, label]) => {
          const state = stepState(stage, progress, succeeded);
          const detail = state === 'todo' ? null : stageDetail(stage, progress);
          return (
            <li key={stage} className="flex items-center gap-3 text-sm" aria-current={state === 'current' ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border',
                  state === 'done' && 'border-brand-700 bg-brand-700 text-white',
                  state === 'current' && 'border-brand-300 bg-brand-50 text-brand-700',
                  state === 'todo' && 'border-slate-300 bg-white',
                )}
              >
                {state === 'done' && <CheckLine className="size-3.5" strokeWidth={3} />}
                {state === 'current' && <Spinner size="sm" />}
              </span>
              <span className={cn(state === 'todo' ? 'text-slate-500' : 'text-slate-900', state === 'current' && 'font-medium')}>
                {label}
                <span className="sr-only">{state === 'done' ? ' (done)' : state === 'current' ? ' (in progress)' : ''}</span>
              </span>
              {detail && <span className="text-slate-600 text-xs">{detail}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
