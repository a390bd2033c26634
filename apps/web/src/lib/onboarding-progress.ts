/**
 * What a person has done in a tool that an onboarding step waits for (SPEC §4 "Onboarding"):
 * the write guide's sample transcript downloaded, a document edited and its Word file
 * downloaded; the review guide's sample policy downloaded, a policy chosen, a review started and
 * a finding inspected. Kept in browser storage, like the modules' completion, so a step done before the
 * guide is opened counts; the guide reads them with `onboardingProgress`. Storage can throw
 * (private mode, quota), so a failure records nothing and reads as nothing done.
 */

export const ONBOARDING_PROGRESS_STORAGE_KEY = 'onboarding_progress';

export const ONBOARDING_SIGNALS = {
  write: ['sample_downloaded', 'document_edited', 'docx_downloaded'],
  review: ['sample_downloaded', 'upload_clicked', 'start_clicked', 'errors_inspected'],
} as const;

export type OnboardingModuleWithSignals = keyof typeof ONBOARDING_SIGNALS;
export type OnboardingSignal<M extends OnboardingModuleWithSignals> = (typeof ONBOARDING_SIGNALS)[M][number];

type Progress = Partial<Record<OnboardingModuleWithSignals, string[]>>;

function readAll(): Progress {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ONBOARDING_PROGRESS_STORAGE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Progress) : {};
  } catch {
    return {};
  }
}

/** The signals recorded for a module, limited to the ones it has (anything else stored is ignored). */
export function onboardingProgress<M extends OnboardingModuleWithSignals>(module: M): Set<OnboardingSignal<M>> {
  const stored = readAll()[module];
  const known: readonly string[] = ONBOARDING_SIGNALS[module];
  return new Set((Array.isArray(stored) ? stored : []).filter((signal): signal is OnboardingSignal<M> => known.includes(signal)));
}

/** Record that a person did what a step waits for; recording it again changes nothing. */
export function recordOnboardingProgress<M extends OnboardingModuleWithSignals>(module: M, signal: OnboardingSignal<M>): void {
  const done = onboardingProgress(module);
  if (done.has(signal)) return;
  try {
    localStorage.setItem(ONBOARDING_PROGRESS_STORAGE_KEY, JSON.stringify({ ...readAll(), [module]: [...done, signal] }));
  } catch {
    // Storage unavailable: the step is confirmed by its button instead.
  }
}
