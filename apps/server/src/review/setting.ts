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

/** The name of an NHS body: a trust, a foundation trust or a health board. */
const NHS_BODY = /\bNHS (?:Foundation )?Trust\b|\b(?:Health|Integrated Care) Board\b/i;
/** How an NHS body's own policy speaks of itself. */
const SELF = /\b[Tt]he (?:Trust|(?:Health )?Board)\b/g;

/** Whether the policy is an NHS body's own: it names one and speaks of "the Trust" or "the Board" as itself. */
export function inNhsBody(policy: Policy): boolean {
  if (!policy.elements.some((element) => NHS_BODY.test(element.text))) return false;
  let mentions = 0;
  for (const element of policy.elements) {
    for (const _ of element.text.matchAll(SELF)) if (++mentions >= 2) return true;
  }
  return false;
}

/** Words that place a policy in social care: a care home, nursing home or care at home. */
const SOCIAL_CARE_WORDS = /\b(?:care homes?|nursing homes?|residents?|domiciliary|supported living|service users?)\b/gi;

/** Whether the policy is a social care provider's: it speaks of residents or service users more than in passing, and is no NHS body's. */
export function inSocialCare(policy: Policy): boolean {
  if (inNhsBody(policy)) return false;
  let mentions = 0;
  for (const element of policy.elements) {
    for (const _ of element.text.matchAll(SOCIAL_CARE_WORDS)) if (++mentions >= 3) return true;
  }
  return false;
}
