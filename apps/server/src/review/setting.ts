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

/** A council's or a GP practice's policy speaking of itself ("the Council", "the Practice"). */
const SELF_COUNCIL = /\bthe Council\b/g;
const SELF_PRACTICE = /\bthe Practice\b/g;
/** What makes a practice one that serves NHS patients. */
const NHS_PRACTICE = /\b(?:NHS|GPs?|general practi(?:ce|tioners?))\b/;

/**
 * Whether the policy is a public authority's own, as data protection law counts them: an NHS body,
 * a council, or a practice that provides NHS services. Independent hospitals, hospices and care
 * providers are not.
 */
export function inPublicBody(policy: Policy): boolean {
  if (inNhsBody(policy) || mentions(policy, SELF_COUNCIL, 2)) return true;
  return mentions(policy, SELF_PRACTICE, 2) && policy.elements.some((element) => NHS_PRACTICE.test(element.text));
}

/** Words that place a policy in primary care: a GP, dental or pharmacy practice. */
const PRIMARY_CARE_WORDS =
  /\b(?:[Dd]ental|GP) (?:[Pp]ractice|[Ss]urgery)\b|\b[Gg]eneral [Pp]ractice\b|\b[Cc]ommunity [Pp]harmacy\b|\b[Tt]he Practice\b/g;

/** Whether the policy is a primary care practice's: it speaks of itself as one more than in passing, and is no NHS body's. */
export function inPrimaryCare(policy: Policy): boolean {
  return !inNhsBody(policy) && mentions(policy, PRIMARY_CARE_WORDS, 2);
}
