import { overviewProgress } from './machine';

/** 'N of M completed' over the bar of the rounded percentage (the panel's overview and Home's card). */
export function OnboardingProgressBar({ done, total, className }: { done: number; total: number; className?: string }) {
  const { label, percent } = overviewProgress(done, total);
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="text-slate-600 tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
