import { findDates } from './structure-dates.ts';
import { controlValues, documentControlElements, isFilled } from './structure-fields.ts';
import type { Policy, ReviewFindingDraft } from './types.ts';

/** Labels naming who owns the policy. An author drafts it and is not its owner. */
const OWNER_LABEL =
  /\b(?:owner|owned by|lead|sponsor|(?:responsible|accountable) (?:director|executive|officer|manager|person|lead)|executive (?:lead|director))\b/;
/** Labels naming who approves the policy; "date approved" is a date, not an approver. */
const APPROVER_LABEL = /\b(?:approv\w*|ratif\w*|authori[sz]\w*|endors\w*|signed off|committee|board)\b/;
const DATE_LABEL = /\bdate\b/;
/** A status ("Approval | Approved") says that someone approved, not who. */
const STATUS_VALUE = /^(?:approved|ratified|final|draft|pending|yes|no)$/i;
/**
 * The same in running text: "This policy is owned by …", "It belongs to …", "It was approved (for
 * publication) by the … Committee", "This is version 2.1 of the policy, approved by the … Committee
 * on behalf of the Chief Finance Officer, its executive owner", "The partners approved it".
 */
const OWNER_SENTENCE =
  /\b(?:(?:this|the) (?:policy|document|procedure)(?:'s)? (?:is owned by|owner is|belongs to)|it (?:is owned by|belongs to))\b|, its (?:executive |accountable )?owner\b/i;
const APPROVER_SENTENCE =
  /\b(?:(?:this|the) (?:policy|document|procedure)|it) (?:was|has been|is|will be) (?:approved|ratified)(?: for publication)? by\b|\bversion \d+(?:\.\d+)* of (?:this|the) (?:policy|document|procedure), (?:approved|ratified) by\b|\bthe (?:[A-Z][\w-]* ){0,6}(?:partners|directors|board|committee|group|trustees) (?:approved|ratified) (?:it|this (?:policy|document|procedure))\b/i;

/** The first document control field under such a label that names someone. */
function labelledValue(policy: Policy, label: RegExp): string | null {
  const field = controlValues(policy).find((each) => label.test(each.label) && !DATE_LABEL.test(each.label) && namesSomeone(each.value));
  return field?.value ?? null;
}

/** Who document control says approves the policy ("Approving committee | Quality and Safety Committee (QSC)"). */
export const approverOf = (policy: Policy): string | null => labelledValue(policy, APPROVER_LABEL);

/** Whether a value names someone: words beyond its dates, and not a bare status. */
function namesSomeone(value: string): boolean {
  const words = findDates(value).reduceRight((text, date) => text.slice(0, date.start) + text.slice(date.end), value);
  return isFilled(words) && /[a-z]{2}/i.test(words) && !STATUS_VALUE.test(words.trim());
}

/**
 * In document control (the front page, a control section or block), a sentence that gives the policy an owner or an
 * approving body, whatever its subject: "It was written by …, approved by the Clinical Governance
 * Committee on 3 March 2025 and is owned by the Director of Patient Care". Read only there: the
 * body's "the audit is approved by the Quality Committee" says nothing of the policy.
 */
const FRONT_OWNER = /\b(?:is|are) owned by (?:the |our )?[A-Z]/;
const FRONT_APPROVER =
  /\b[Aa]pproved by (?:the |our )?(?:[A-Z][\w&'’-]* ){0,6}(?:Committee|Board|Group|Partners|Directors|Trustees|Panel|Forum)\b/;

function names(policy: Policy, label: RegExp, sentence: RegExp, front: RegExp): boolean {
  if (labelledValue(policy, label) !== null || policy.elements.some((element) => element.type !== 'heading' && sentence.test(element.text)))
    return true;
  const control = documentControlElements(policy);
  return policy.elements.some((element) => control.has(element.index) && element.type !== 'heading' && front.test(element.text));
}

/** No named policy owner and no approving committee: nobody answers for the policy. */
export function ownerFindings(policy: Policy): ReviewFindingDraft[] {
  if (names(policy, OWNER_LABEL, OWNER_SENTENCE, FRONT_OWNER) || names(policy, APPROVER_LABEL, APPROVER_SENTENCE, FRONT_APPROVER))
    return [];
  return [
    {
      category: 'missing_owner',
      severity: 'medium',
      location: null,
      quote: null,
      expected: 'named policy owner and approving committee',
      explanation:
        'The document control names neither a policy owner nor the committee that approved the policy, so it is not clear who is accountable for it or whether it has been formally approved.',
      suggestion:
        'Add the policy owner (the accountable director or lead) and the approving committee, with the date of approval, to the document control table.',
      evidence: [],
    },
  ];
}
