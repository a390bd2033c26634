import { CheckLine } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { Spinner } from './ui/spinner';

export type StepState = 'done' | 'current' | 'todo';

export interface ProgressStep {
  id: string;
  label: string;
  state: StepState;
  /** What the step found so far ("312 lines"), when known. */
  detail?: string | null;
}

/** A step's state from where a job has got to in an ordered list of stages (`succeeded`: all done). */
export function stepState<S>(stages: readonly S[], stage: S, reached: S, succeeded: boolean): StepState {
  if (succeeded) return 'done';
  const at = stages.indexOf(reached);
  const own = stages.indexOf(stage);
  if (at > own) return 'done';
  return at === own ? 'current' : 'todo';
}

export interface StageProgressProps {
  /** Heading of the card ("Writing your meeting minutes"); also the region's name. */
  title: string;
  /** One line under the heading, read out politely as it changes. */
  status: string;
  steps: readonly ProgressStep[];
}

/** A background job's stages as a checklist: done, in progress (a spinner) and still to come. */
export function StageProgress({ title, status, steps }: StageProgressProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="font-semibold text-lg text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm" aria-live="polite">
        {status}
      </p>
      <ol className="mt-4 space-y-2.5">
        {steps.map(({ id, label, state, detail }) => (
          <li key={id} className="flex items-center gap-3 text-sm" aria-current={state === 'current' ? 'step' : undefined}>
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
            {detail && state !== 'todo' && <span className="text-slate-600 text-xs">{detail}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
