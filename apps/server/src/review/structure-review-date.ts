import { quoteAt } from './locate.ts';
import { type DateMention, findDates } from './structure-dates.ts';
import { CONTROL_HEADING, compareVersions, controlValues, documentControlElements, isFilled, versionNumber } from './structure-fields.ts';
import type { Policy, PolicyElement, ReviewFindingDraft } from './types.ts';

/** Document control labels for the next review ("Review date", "Next review", "Next annual review date", "Date of next review", "Expiry date", "Valid until"). */
const REVIEW_LABEL =
  /^(?:next )?(?:(?:annual|yearly|formal|planned|scheduled|full) )?review(?: due)?(?: date)?(?: by)?$|^date (?:of|for) (?:the )?(?:next )?review$|^review by$|^expiry date$|^(?:date )?valid (?:until|to)(?: date)?$|^(?:next )?look at (?:this|it) (?:again )?(?:by|before)$/;
/** The same announced in a line or a sentence: "Next review date: …", "This policy will be reviewed by …", "We will review it by …", in plain English "We will next look at this by …". */
const REVIEW_TRIGGER =
  /\b(?:(?:next )?(?:(?:annual|yearly|formal|planned|scheduled|full) )?review(?: due)? date|next review(?: due)?|review due|date (?:of|for) (?:the )?(?:next )?review|(?:will|is to|is due to|must|shall|should) (?:next |again |formally )?be reviewed (?:by|before|on or before|no later than|in|on)|(?:is |are )?due for (?:its |a )?(?:next |formal )?review (?:by|before|on|in)|(?:we|who) (?:will|shall|must) (?:next |formally )?(?:review|look (?:again )?at|revisit) (?:it|this (?:policy|document|procedure))(?: again)? (?:by|before|on or before|no later than|in|on)|next look at (?:it|this(?: (?:policy|document|procedure))?)(?: again)? (?:by|before|in|on))\b/gi;
/** A review already done ("last review date", "previous review") is not the next one. */
const PAST_REVIEW = /\b(?:last|previous|prior|latest)\s*$/i;
/** The trigger heads a line ("Review date: …"), or its sentence speaks of this policy. */
const LINE_START = /^\s*(?:[-*•]\s*)?(?:\d+(?:\.\d+)*\.?\s+)?$/;
/** "this policy", "the hoist and sling for safer patient use policy": the policy, by its name or not. */
const THIS_POLICY = /\b(?:this|the) (?:policy|document|procedure)\b/i;
/** The policy by its name before "it": "This is version 4.1 of the hoist and sling policy. It … is due for review by …". */
const NAMED_POLICY = /\b(?:this|the) (?:[\w-]+ ){0,8}(?:policy|document|procedure)\b/i;
/** How far back "it" looks for the policy it stands for: the sentence or two before, bounded for untrusted text. */
const LOOKBACK = 400;
/** How far after the trigger the date may sit: a few words of the same sentence. */
const GAP = /^[^\n]{0,40}$/;
const SENTENCE_END = /[.;]\s/;
/** A bare year only counts straight after its label. */
const LABEL_GAP = /^[\s:|–-]*$/;

type StatedReviewDate = { element: PolicyElement; start: number; end: number; lastDay: string } | 'unreadable';

function fromControl(policy: Policy): StatedReviewDate | null {
  const rows = controlValues(policy).filter((field) => REVIEW_LABEL.test(field.label) && isFilled(field.value));
  for (const row of rows) {
    const date = findDates(row.value).find((candidate) => !candidate.yearOnly || LABEL_GAP.test(row.value.slice(0, candidate.start)));
    if (date) return { element: row.element, start: row.start + date.start, end: row.start + date.end, lastDay: date.lastDay };
  }
  // A review date written in a way we cannot read ("three years from approval") is still stated.
  return rows.length > 0 ? 'unreadable' : null;
}

/** How much text after a trigger holds the gap and a date ("Wednesday 30 September 2027"). */
const DATE_WINDOW = 120;

function dateAfterTrigger(text: string, after: number): DateMention | null {
  // Only the words just after the trigger, ended at a space so no date is read cut short: a
  // paragraph that says "review date" thousands of times is not read again for each.
  let window = text.slice(after, after + DATE_WINDOW);
  if (after + DATE_WINDOW < text.length) window = window.slice(0, Math.max(0, window.search(/\s\S*$/)));
  const found = findDates(window)[0];
  if (!found) return null;
  const date = { ...found, start: after + found.start, end: after + found.end };
  const gap = text.slice(after, date.start);
  if (!GAP.test(gap) || SENTENCE_END.test(gap)) return null;
  return date.yearOnly && !LABEL_GAP.test(gap) ? null : date;
}

/** `inControl`: the element is document control (the front page, a control section or block), where every review date is the policy's. */
function fromText(element: PolicyElement, inControl: boolean): DateMention | null {
  const text = element.text;
  for (const trigger of text.matchAll(REVIEW_TRIGGER)) {
    // The trigger's line up to it, or the LOOKBACK characters before it when the line is longer
    // (then the trigger does not head its line): never the whole text again for each trigger.
    const from = Math.max(0, trigger.index - LOOKBACK);
    const window = text.slice(from, trigger.index);
    const newline = window.lastIndexOf('\n');
    const before = window.slice(newline + 1);
    const headsLine = (newline >= 0 || from === 0) && LINE_START.test(before);
    const sentence = before.split(SENTENCE_END).at(-1) ?? '';
    // "This policy is owned by …; it will next be reviewed by …", "This policy was developed … It is
    // owned by …, applies in … and will be reviewed by …": "it" is the policy named before.
    const aboutPolicy =
      THIS_POLICY.test(sentence) ||
      (/\bit\s*$|^\s*it\b/i.test(sentence) && NAMED_POLICY.test(text.slice(Math.max(0, trigger.index - LOOKBACK), trigger.index)));
    if (PAST_REVIEW.test(before) || !(headsLine || aboutPolicy || inControl)) continue;
    const date = dateAfterTrigger(text, trigger.index + trigger[0].length);
    if (date) return date;
  }
  return null;
}

/**
 * The next review a version history's current row notes in its words ("… approved by the Board;
 * next review due 30 September 2025"): the row with the highest version number in its first cell,
 * else the last row that notes one. For a history whose header row the PDF read as a paragraph of
 * its own, so that its columns have no labels.
 */
function fromHistory(policy: Policy): { element: PolicyElement; date: DateMention } | null {
  let found: { element: PolicyElement; date: DateMention; version: number[] | null } | null = null;
  for (const element of policy.elements) {
    if (element.type !== 'table' || !element.headingPath.some((heading) => CONTROL_HEADING.test(heading))) continue;
    let start = 0;
    for (const row of element.text.split('\n')) {
      for (const trigger of row.matchAll(REVIEW_TRIGGER)) {
        if (PAST_REVIEW.test(row.slice(Math.max(0, trigger.index - 20), trigger.index))) continue;
        const date = dateAfterTrigger(row, trigger.index + trigger[0].length);
        if (!date) continue;
        const version = versionNumber(row.split(' | ')[0] ?? '');
        const later = !found?.version || !version || compareVersions(version, found.version) >= 0;
        if (later) found = { element, date: { ...date, start: start + date.start, end: start + date.end }, version };
        break;
      }
      start += row.length + 1;
    }
  }
  return found;
}

/** The review date the policy states: its document control row, else a line or sentence of the text, else its version history's notes. */
export function statedReviewDate(policy: Policy): StatedReviewDate | null {
  const control = fromControl(policy);
  if (control !== null) return control;
  const controlElements = documentControlElements(policy);
  for (const element of policy.elements) {
    if (element.type !== 'paragraph' && element.type !== 'list_item') continue;
    const date = fromText(element, controlElements.has(element.index));
    if (date) return { element, start: date.start, end: date.end, lastDay: date.lastDay };
  }
  const history = fromHistory(policy);
  return history ? { element: history.element, start: history.date.start, end: history.date.end, lastDay: history.date.lastDay } : null;
}

const NO_REVIEW_DATE: ReviewFindingDraft = {
  category: 'review_date',
  severity: 'medium',
  location: null,
  quote: null,
  expected: 'Add a review date',
  explanation:
    'The policy states no review date, so nobody is prompted to check that it still reflects current law, guidance and practice.',
  suggestion:
    'Add a review date to the document control table, normally no more than three years after approval, and say who will carry out the review.',
  evidence: [],
};

/** A review date that has passed, or none stated at all. A date on or after today is fine. */
export function reviewDateFindings(policy: Policy, today: string): ReviewFindingDraft[] {
  const stated = statedReviewDate(policy);
  if (stated === null) return [NO_REVIEW_DATE];
  if (stated === 'unreadable' || stated.lastDay >= today) return [];
  const { location, quote } = quoteAt(stated.element, stated.start, stated.end);
  return [
    {
      category: 'review_date',
      severity: 'medium',
      location,
      quote,
      expected: 'Review the policy and set a new review date',
      explanation: `The policy's review date (${quote}) has passed, so it may no longer reflect current law, guidance and practice.`,
      suggestion:
        'Review the policy now against current legislation and guidance, have the approving committee re-approve it, and record the new version and review date.',
      evidence: [],
    },
  ];
}
