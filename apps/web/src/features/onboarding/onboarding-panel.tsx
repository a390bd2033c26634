import { Check, ChevronLeft, ChevronRight, Circle, LoaderCircle, RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { RightPanel } from '../../components/ui/right-panel';
import type { AnyOnboardingStep } from '../../lib/onboarding-progress';
import { ChampionQuestion } from './champion-question';
import { type GuideStep, guideSteps } from './guide';
import { isChecklistComplete, type StepStatus, stepStatus } from './machine';
import { useOnboarding } from './onboarding-provider';
import { OnboardingProgressBar } from './progress-bar';

/** The right-hand panel's onboarding guide: the modules, then one module's checklist. */
export function OnboardingPanel() {
  const { current } = useOnboarding();
  return <RightPanel>{current ? <ModuleChecklist /> : <Overview />}</RightPanel>;
}

function Overview() {
  const { modules, completed, openModule } = useOnboarding();
  const done = modules.filter((module) => completed.has(module.key)).length;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700 text-sm">Learn each tool with a short task on the real page. Your progress is kept on every device.</p>
      <div>
        <OnboardingProgressBar done={done} total={modules.length} />
        {done === modules.length && (
          <p role="status" className="mt-3 flex items-center gap-1.5 font-medium text-emerald-800 text-sm">
            <Check aria-hidden="true" className="size-4" />
            Onboarding Completed
          </p>
        )}
      </div>
      <ol aria-label="Onboarding modules" className="flex flex-col gap-2">
        {modules.map((module) => {
          const isDone = completed.has(module.key);
          return (
            <li key={module.key}>
              <button
                type="button"
                onClick={() => openModule(module.key)}
                className="focus-ring flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-left hover:border-brand-300 hover:bg-brand-50"
              >
                <span
                  aria-hidden="true"
                  className={
                    isDone
                      ? 'flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white'
                      : 'flex size-6 shrink-0 items-center justify-center rounded-full border border-slate-300 text-slate-400'
                  }
                >
                  {isDone ? <Check className="size-4" /> : <Circle className="size-2 fill-current" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900 text-sm">{module.title}</span>
                  <span className="block text-slate-600 text-xs">
                    {module.minutes} min{isDone ? ' · Completed' : ''}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

const STATUS_LABELS: Record<StepStatus, string> = { incomplete: 'Not done', active: 'In progress', complete: 'Done' };

function StatusIcon({ status }: { status: StepStatus }) {
  if (status === 'complete') {
    return (
      <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
        <Check aria-hidden="true" className="size-3.5" />
      </span>
    );
  }
  if (status === 'active')
    return <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-600 motion-reduce:animate-none" />;
  return <span aria-hidden="true" className="size-5 shrink-0 rounded-full border-2 border-slate-300" />;
}

function ModuleChecklist() {
  const { current, checklist, completed, backToModules, activate, markComplete } = useOnboarding();
  if (!current || !checklist) return null;
  const steps = guideSteps(current.key);
  const allDone = isChecklistComplete(checklist);
  return (
    <div className="flex flex-col gap-4">
      <button
        type="button"
        onClick={backToModules}
        className="focus-ring -ml-1 flex items-center gap-1 self-start rounded-md px-1 py-0.5 font-medium text-brand-800 text-sm hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Back to all modules
      </button>
      <div>
        <h3 className="font-semibold text-slate-900">{current.checklistTitle}</h3>
        <p className="text-slate-600 text-xs">
          {current.title} · about {current.minutes} min
        </p>
      </div>
      <ol aria-label={`${current.title} steps`} className="flex flex-col gap-2">
        {steps.map(({ id, step }) => {
          const status = stepStatus(checklist, id);
          return (
            <li
              key={id}
              aria-current={status === 'active' ? 'step' : undefined}
              className={status === 'active' ? 'rounded-lg border border-brand-200 bg-brand-50 p-3' : 'rounded-lg px-3 py-1.5'}
            >
              <div className="flex items-center gap-2.5">
                <StatusIcon status={status} />
                <button
                  type="button"
                  onClick={() => activate(id)}
                  aria-label={`${step.title}: ${STATUS_LABELS[status]}`}
                  className="focus-ring min-w-0 flex-1 rounded text-left font-medium text-slate-900 text-sm"
                >
                  {step.title}
                </button>
              </div>
              {status === 'active' && <ActiveStep id={id} step={step} />}
              {status === 'complete' && step.kind === 'tour' && <TourAgain />}
            </li>
          );
        })}
      </ol>
      {completed.has(current.key) ? (
        <p className="flex items-center gap-1.5 font-medium text-emerald-800 text-sm">
          <Check aria-hidden="true" className="size-4" />
          You have completed this module.
        </p>
      ) : (
        allDone && (
          <Button onClick={markComplete} className="self-start">
            Mark as complete
          </Button>
        )
      )}
    </div>
  );
}

function ActiveStep({ id, step }: { id: AnyOnboardingStep; step: GuideStep }) {
  const { skip, completeStep, startTour, tourRunning } = useOnboarding();
  return (
    <div className="mt-2 flex flex-col gap-3 pl-7.5">
      <p className="text-slate-700 text-sm">{step.description}</p>
      {step.kind === 'watched' && <p className="text-slate-600 text-xs">This step ticks itself off when you have done it.</p>}
      {step.kind === 'answer' && <ChampionQuestion onRight={() => completeStep(id)} />}
      <div className="flex flex-wrap items-center gap-2">
        {step.kind === 'tour' && (
          <Button size="sm" onClick={startTour} loading={tourRunning}>
            Start tour
          </Button>
        )}
        {step.kind === 'confirm' && (
          <Button size="sm" onClick={() => completeStep(id)}>
            I’ve done this
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={skip}>
          Skip Step
        </Button>
      </div>
    </div>
  );
}

function TourAgain() {
  const { resetTour } = useOnboarding();
  return (
    <button
      type="button"
      onClick={resetTour}
      className="focus-ring mt-1 ml-7.5 flex items-center gap-1 rounded text-brand-800 text-xs hover:underline"
    >
      <RotateCcw aria-hidden="true" className="size-3.5" />
      Take the tour again
    </button>
  );
}
