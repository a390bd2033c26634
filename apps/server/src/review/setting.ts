import type { Policy } from './types.ts';

/** Whether the policy's text matches a (global) pattern at least `enough` times, stopping there. */
function mentions(policy: Policy, pattern: RegExp, enough: number): boolean {
  let count = 0;
  for (const element of policy.elements) {
    for (const _ of element.text.matchAll(pattern)) if (++count >= enough) return true;
  }
  return false;
}

/** Words that place a policy in healthcare premises. */
const HEALTHCARE_WORDS =
  /\b(?:NHS|hospitals?|patients?|wards?|clinical|health ?care premises|health boards?|in-?patients?|operating theatres?)\b/gi;

/** Whether the policy is written for healthcare premises: it speaks of them more than in passing. */
export function inHealthcare(policy: Policy): boolean {
  return mentions(policy, HEALTHCARE_WORDS, 3);
}

/** The name of an NHS body: a trust, a foundation trust or a health board. */
const NHS_BODY = /\bNHS (?:Foundation )?Trust\b|\b(?:Health|Integrated Care) Board\b/i;
/** How an NHS body's own policy speaks of itself. */
const SELF = /\b[Tt]he (?:Trust|(?:Health )?Board)\b/g;

/** Whether the policy is an NHS body's own: it names one and speaks of "the Trust" or "the Board" as itself. */
export function inNhsBody(policy: Policy): boolean {
  return policy.elements.some((element) => NHS_BODY.test(element.text)) && mentions(policy, SELF, 2);
}

/** Words that place a policy in social care: a care home, nursing home or care at home. */
const SOCIAL_CARE_WORDS = /\b(?:care homes?|nursing homes?|residents?|domiciliary|supported living|service users?)\b/gi;

/** Whether the policy is a social care provider's: it speaks of residents or service users more than in passing, and is no NHS body's. */
export function inSocialCare(policy: Policy): boolean {
  return !inNhsBody(policy) && mentions(policy, SOCIAL_CARE_WORDS, 3);
}
