import type { OnboardingModuleKey } from '@verity/shared';
import { readStoredJson, writeStored } from './browser-storage';

/**
 * The onboarding guide's steps, per module, and which of them a person has done (SPEC §4
 * "Onboarding"). The tools record what a step waits for — the write guide's sample transcript
 * downloaded, a document edited and its Word file downloaded; the review guide's sample policy
 * downloaded, a policy chosen, a review started and a finding inspected — and the guide records
 * the rest (tours finished, steps confirmed, the wiki's filter and reading). Kept in browser
 * storage, like the modules' completion, so a step done before the guide is opened counts; the
 * guide reads them with `onboardingProgress`. Storage can throw (private mode, quota), so a
 * failure records nothing and reads as nothing done.
 */

export const ONBOARDING_PROGRESS_STORAGE_KEY = 'onboarding_progress';

/** Every module's steps, in the order the guide lists them. */
export const ONBOARDING_STEPS = {
  welcome: ['tour', 'tips'],
  chat: ['tour', 'question', 'draft', 'file'],
  review: ['tour', 'sample_downloaded', 'upload_clicked', 'start_clicked', 'errors_inspected'],
  write: ['tour', 'sample_downloaded', 'upload', 'document_edited', 'docx_downloaded'],
  wiki: ['tour', 'filter', 'search', 'chat'],
  dashboard: ['tour', 'champion'],
} as const satisfies Record<OnboardingModuleKey, readonly string[]>;

export type OnboardingStep<M extends OnboardingModuleKey> = (typeof ONBOARDING_STEPS)[M][number];
/** Any module's step. */
export type AnyOnboardingStep = OnboardingStep<OnboardingModuleKey>;

type Progress = Partial<Record<OnboardingModuleKey, string[]>>;

function readAll(): Progress {
  const parsed = readStoredJson('local', ONBOARDING_PROGRESS_STORAGE_KEY);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Progress) : {};
}

/** Without storage the step is confirmed by its button instead. */
function writeModule(module: OnboardingModuleKey, steps: readonly string[]): void {
  writeStored('local', ONBOARDING_PROGRESS_STORAGE_KEY, JSON.stringify({ ...readAll(), [module]: steps }));
}

/** The steps recorded for a module, limited to the ones it has (anything else stored is ignored). */
export function onboardingProgress<M extends OnboardingModuleKey>(module: M): Set<OnboardingStep<M>> {
  const stored = readAll()[module];
  const known: readonly string[] = ONBOARDING_STEPS[module];
  return new Set((Array.isArray(stored) ? stored : []).filter((step): step is OnboardingStep<M> => known.includes(step)));
}

/** Record that a person did what a step waits for; recording it again changes nothing. */
export function recordOnboardingProgress<M extends OnboardingModuleKey>(module: M, step: OnboardingStep<M>): void {
  const done = onboardingProgress(module);
  if (done.has(step)) return;
  writeModule(module, [...done, step]);
}

/** Forget one step (a tour to take again), or every step of the module (onboarding started over). */
export function forgetOnboardingProgress<M extends OnboardingModuleKey>(module: M, step?: OnboardingStep<M>): void {
  const done = onboardingProgress(module);
  writeModule(module, step === undefined ? [] : [...done].filter((s) => s !== step));
}
