import type { Policy } from './types.ts';

/** Words that place a policy in healthcare premises. */
const HEALTHCARE_WORDS =
  /\b(?:NHS|hospitals?|patients?|wards?|clinical|health ?care premises|health boards?|in-?patients?|operating theatres?)\b/gi;

/** Whether the policy is written for healthcare premises: it speaks of them more than in passing. */
export function inHealthcare(policy: Policy): boolean {
  let mentions = 0;
  for (const element of policy.elements) {
    for (const _ of element.text.matchAll(HEALTHCARE_WORDS)) if (++mentions >= 3) return true;
  }
  return false;
}
