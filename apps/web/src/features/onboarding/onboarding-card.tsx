import { Check, GraduationCap } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useAuthStore } from '../../lib/auth-store';
import { useOnboarding } from './onboarding-provider';
import { isGuideFor } from './opening';
import { OnboardingProgressBar } from './progress-bar';

/**
 * Home's "Getting started": the guide's progress and the way back into it. Shown to the people
 * the guide is for (the standard role, with the onboarding flag on).
 */
export function OnboardingCard() {
  const user = useAuthStore((s) => s.user);
  const { modules, completed, openGuide } = useOnboarding();
  if (!isGuideFor(user)) return null;
  const done = modules.filter((module) => completed.has(module.key)).length;
  const finished = done === modules.length;
  return (
    <section aria-labelledby="onboarding-card-heading" className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="onboarding-card-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <GraduationCap className="size-4 text-slate-600" aria-hidden="true" />
        Getting started
      </h2>
      <p className="mt-3 text-slate-700 text-sm">
        {finished
          ? 'You have been through every part of the guide. Open it again whenever you want a reminder.'
          : 'A short guided task for each tool, on the real pages: about half an hour in all, a few minutes at a time.'}
      </p>
      <OnboardingProgressBar done={done} total={modules.length} className="mt-3" />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {finished && (
          <span className="flex items-center gap-1.5 font-medium text-emerald-800 text-sm">
            <Check aria-hidden="true" className="size-4" />
            Onboarding Completed
          </span>
        )}
        <Button size="sm" variant={finished ? 'secondary' : 'primary'} onClick={() => openGuide()}>
          {finished ? 'Open the guide' : done === 0 ? 'Start the guide' : 'Continue the guide'}
        </Button>
      </div>
    </section>
  );
}
