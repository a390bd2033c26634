import type { PolicySection } from '@verity/shared';
import { controlValues, documentControlElements, isFilled } from './structure-fields.ts';
import { findDates } from './structure-dates.ts';
import type { Policy, PolicyElement, ReviewFindingDraft } from './types.ts';

/**
 * How each essential section shows itself: a heading (numbered or not, under its usual names), or
 * content that does the section's job without such a heading. The review date is not here: an
 * absent review date is a review_date finding.
 */
interface SectionSign {
  section: Exclude<PolicySection, 'review date'>;
  heading: RegExp;
  /** Text of a paragraph, list item or table that stands in for the section. */
  content?: RegExp;
  /** Other evidence of the section: version details in the front matter, operational headings. */
  present?: (policy: Policy, headings: string[]) => boolean;
  /** Whether the policy needs the section at all (every policy when absent). */
  applies?: (policy: Policy) => boolean;
  why: string;
}

const VERSION_LABEL = /^(?:document )?(?:version|issue|revision)(?: number| no)?$/;
const VERSION_NUMBER = /^(?:v(?:ersion)?\.?\s*)?\d+(?:\.\d+)*\b/i;
/** A version written in another row's value. */
const VERSION_IN_VALUE = /\b(?:version|issue)\s+v?\d+(?:\.\d+)*\b/i;
/** A row that holds the history itself. */
const HISTORY_LABEL = /^(?:version|revision|document|change|amendment) history$/;
const VERSION_HISTORY_HEADER = /^(?=.*\b(?:version|issue|revision)\b)(?=.*\b(?:date|changes?|summary|description|amendments?)\b)/i;

/**
 * The version said in the front matter: in a sentence ("This is version 4.1 of the … policy.", "Version
 * 1.4, issued 14 January 2026. It replaces version 1.3.", also after another field: "Reference
 * H&S-07. Version 2.3, issued …") or as a line of its own without a colon ("Version 1.0", "- Issue 3").
 */
const VERSION_SENTENCE =
  /\b(?:this|it) is version\s+v?\d+(?:\.\d+)*\b|^\s*(?:[-*•]\s*)?(?:document )?(?:version|issue|revision)(?: number| no\.?)?\s+v?\d+(?:\.\d+)*\s*$|\b(?:version|issue)\s+v?\d+(?:\.\d+)*\s+of (?:this|the) (?:policy|document|procedure|guideline|protocol|strategy)\b|\bas (?:version|issue)\s+v?\d+(?:\.\d+)*\b|(?:^\s*|[.;]\s+)(?:version|issue)\s+v?\d+(?:\.\d+)*,\s+(?:issued|approved|dated|published|effective)\b|\breplaces (?:version|issue)\s+v?\d+(?:\.\d+)*\b|\b(?:version|issue)\s+v?\d+(?:\.\d+)*\b[^\n]{0,120}\bpage\s+\d+\s+of\s+\d+\b|\b(?:this|the) (?:policy|procedure|protocol|document|guideline)\s*\((?:[^()\n]{0,40},\s*)?version\s+v?\d+(?:\.\d+)*\)|\b(?:policy|procedure|protocol|document)\s+[A-Z][\w./-]*\d[\w./-]*,\s+(?:version|issue)\s+v?\d+(?:\.\d+)*\b/im;

function hasVersionControl(policy: Policy): boolean {
  const numbered =
    controlValues(policy).some(
      (field) =>
        (VERSION_LABEL.test(field.label) && VERSION_NUMBER.test(field.value)) ||
        // "Document | WS-02, version 3", "Version history | v1 2019 first issue; v2 2022 …".
        VERSION_IN_VALUE.test(field.value) ||
        (HISTORY_LABEL.test(field.label) && isFilled(field.value)),
    ) ||
    policy.elements.some(
      (element) =>
        // The opening, or the document control wherever it is (a box of details at the end too).
        (element.index < OPENING_ELEMENTS || documentControlElements(policy).has(element.index)) &&
        (element.type === 'paragraph' || element.type === 'list_item') &&
        VERSION_SENTENCE.test(element.text),
    );
  const history = policy.elements.some(
    (element) => element.type === 'table' && VERSION_HISTORY_HEADER.test(element.text.split('\n')[0] ?? ''),
  );
  return numbered || history || historyLines(policy);
}

/** A version number opening a line ("1.1 ", "v2.0 "). */
const HISTORY_ROW = /^\s*v?\d+(?:\.\d+)+\s+/i;
/** A short line that names a version column ("Version Approved", "Issue Date"). */
const VERSION_COLUMN_LINE = /\b(?:version|issue|revision)\b/i;
const COLUMN_LINE_LENGTH = 60;

/** A version history's row that a PDF gave as a line of text: a version number, then a date ("1.1 March 2023 Scheme Manager …"). */
function historyRow(text: string): boolean {
  const row = HISTORY_ROW.exec(text);
  if (!row) return false;
  const [date] = findDates(text.slice(row[0].length, row[0].length + 40));
  return date !== undefined && date.start === 0 && !date.yearOnly;
}

/** A version history written as lines: two rows, or one under a short line that names the version column. */
function historyLines(policy: Policy): boolean {
  let rows = 0;
  for (const element of policy.elements) {
    if ((element.type !== 'paragraph' && element.type !== 'list_item') || !historyRow(element.text)) continue;
    if (++rows >= 2) return true;
    const above = policy.elements.slice(Math.max(0, element.index - 3), element.index);
    if (above.some((line) => line.text.length <= COLUMN_LINE_LENGTH && VERSION_COLUMN_LINE.test(line.text))) return true;
  }
  return false;
}

/** A public body's name, in any case (covers are often in capitals): the NHS (NHSScotland too), a council, a health board, an authority. */
const PUBLIC_BODY =
  /\b(?:NHS\w*|Health (?:and Social Care )?Board|Integrated Care Board|Council|Combined Authority|(?:Local|Police|Fire and Rescue|Health) Authority)\b/i;
/** The cover and front matter a policy names its organisation in. */
const OPENING_ELEMENTS = 8;

/** Whether the policy is a public body's: its title or opening names one. */
function publicBody(policy: Policy): boolean {
  return [policy.title ?? '', ...policy.elements.slice(0, OPENING_ELEMENTS).map((element) => element.text)].some((text) =>
    PUBLIC_BODY.test(text),
  );
}

/** Headings of the parts every policy has beside its procedure (and of the front matter). */
const NON_PROCEDURAL_HEADING =
  /\b(?:introduction|background|purpose|aims?|objectives?|scope|definitions?|glossary|abbreviations|roles?|responsibilit(?:y|ies)|duties|training|monitoring|audit|review|references?|bibliography|related|associated|legislation|legal|guidance|equality|version|document|contents|consultation|dissemination|distribution|approval|appendix|annex)\b/;

const normalHeading = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/^\s*(?:section\s+)?\d+(?:\.\d+)*\.?\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a policy has an operational section of any name (arrangements, storage, testing, …). */
function hasOperationalSection(headings: string[]): boolean {
  return headings.some((heading) => !NON_PROCEDURAL_HEADING.test(heading));
}

/** What a policy calls itself: a policy, or a guideline, protocol, procedure or strategy written the same way ("guidance" and "plan" are as often another body's). */
const SELF = '(?:policy|document|procedure|guidelines?|protocol|strategy|framework|sop|guidance note|note)';

/** A document control label that says what the policy applies to (an audience to read it is not its scope). */
const SCOPE_LABEL = /^(?:applies to|applicable to|scope)$/;

const SIGNS: SectionSign[] = [
  {
    section: 'purpose',
    // "1 FUNCTION: To ensure that …": a procedure's function is its purpose.
    heading: /\b(?:purpose|aims?|objectives?|policy statement|rationale)\b|^function$/,
    content: new RegExp(
      String.raw`\b(?:(?:purpose|aim|objective)s? of (?:this|the) ${SELF}|this ${SELF} (?:aims|is intended|sets out|establishes|describes|explains|outlines|details|defines|provides|gives|covers|ensures|makes sure|exists to)|aims to (?:ensure|set out|provide|make sure|protect|minimise|reduce|prevent)|(?:this|these) ${SELF}s? (?:has|have) been (?:produced|written|developed|prepared|drawn up) to)\b`,
      'i',
    ),
    why: 'says what the policy is for',
  },
  {
    section: 'scope',
    heading:
      /\b(?:scope|applicability|who (?:this|the) (?:policy|document|procedure) (?:applies to|is for|covers)|who should read (?:this|the) (?:policy|document|procedure)|where (?:it|this (?:policy|document|procedure)) applies|who (?:this|it) is for)\b/,
    content: new RegExp(
      String.raw`\b(?:this|the) ${SELF} (?:applies|apply|is applicable|are applicable|relates|relate) to\b|\b(?:this|the) ${SELF} covers (?:all|every|each|the following|everyone|everybody|anyone)\b|\bfor use by\b[^.\n]{0,80}\b(?:staff|employees|colleagues|teams?|services)\b|^(?:\d+(?:\.\d+)*\.?\s+)?(?:it )?(?:applies|applicable) to (?:all|every|each)\b|\bthis ${SELF}\b[^.]{0,100}\b(?:every|all)\s+(?:members? of staff|staff|employees|colleagues|workers)\b|^(?:\d+(?:\.\d+)*\.?\s+)?(?:within|across|throughout) all (?:the )?(?:[\w-]+\s+){0,4}?(?:services|premises|sites|properties|settings|hospitals|departments|areas)\b`,
      'i',
    ),
    // Document control's "Applies to | All Trust staff, …" row.
    present: (policy) => controlValues(policy).some((field) => SCOPE_LABEL.test(field.label) && isFilled(field.value)),
    why: 'says which premises, services and staff the policy covers',
  },
  {
    section: 'roles and responsibilities',
    heading:
      /\b(?:roles?|responsibilit(?:y|ies)|duties|accountabilit(?:y|ies)|organisational arrangements|who does what|who is responsible)\b/,
    content: /^[^\n]*\broles?\b[^\n]*\|[^\n]*\b(?:responsibilit(?:y|ies)|duties)\b/i,
    present: assignsResponsibilities,
    why: 'sets out who is responsible for what',
  },
  {
    section: 'definitions',
    heading: /\b(?:definitions?|glossary|abbreviations|acronyms|terminology|interpretation|key terms|terms used|words (?:we use|used))\b/,
    content:
      /^(?:terms?|abbreviations?|acronyms?|words?)\b[^\n]*\|[^\n]*\b(?:definitions?|meanings?|descriptions?|explanations?|expansions?)\b|^(?:abbreviations|acronyms|definitions|terms)(?: and \w+)?(?: used)?(?: in this (?:policy|document|procedure))?\s*:|\bin this (?:policy|document|procedure|guidance note|guidance|note|guideline|protocol),? (?:the term )?(?:an? |the )?[*"“'‘]{0,2}[\w -]{2,40}?[*"”'’]{0,2} (?:means|is|refers to)\b/i,
    why: 'defines the terms and abbreviations the policy uses',
  },
  {
    section: 'procedure',
    heading:
      /\b(?:procedures?|arrangements|process(?:es)?|operational|operation|implementation|management of|safe systems? of work|control measures|requirements|standards)\b/,
    present: (_, headings) => hasOperationalSection(headings),
    why: 'describes how the policy is carried out',
  },
  {
    section: 'training',
    heading: /\b(?:training|competence|competency|education|learning and development)\b/,
    // Training said in a sentence of another section: "All care workers complete money-handling training at induction",
    // "… until they have completed practical training", "… training is given at induction and refreshed every year".
    content:
      /^(?:\d+(?:\.\d+)*\.?\s+)?training\b|\b(?:complete|completes|completed|receive|receives|attend|attends|undertake|undertakes|(?:is|are) given)\b[^.\n]{0,60}\btraining\b|\btraining\b[^.\n]{0,40}\b(?:is|are)\s+(?:given|provided|delivered|refreshed|repeated|updated)\b|\b(?:completed|attended|undertaken|passed)\b[^.\n]{0,60}\bcourse\b(?! of\b)|\b(?:shown|taught|trained|instructed)\b[^.\n]{0,80}\b(?:at|during) (?:their )?induction\b|\bcompetence is (?:signed off|assessed)\b/i,
    why: 'says what training staff need and how it is recorded',
  },
  {
    section: 'monitoring and audit',
    heading:
      /\b(?:audits?|auditing|monitoring (?:of )?(?:compliance|effectiveness|implementation|the policy|this policy|arrangements)|monitoring and (?:review|evaluation)|compliance (?:monitoring|with (?:this|the) policy)|assurance|checking (?:that )?(?:this|the) policy|checking compliance|compliance checks?|how we (?:keep track|check|know)|keeping track)\b|^monitoring\b|\b(?:training|review|records|reporting|investigations?|governance|implementation)\b.*\band monitoring$/,
    content:
      /\b(?:(?:compliance with|implementation of|effectiveness of|adherence to|performance against) (?:this|the) (?:policy|procedure)\b[^.]*\b(?:monitored|audited|reported)|(?:this|the) (?:policy|procedure) will be (?:monitored|audited)|(?:checks?|audits?|reviews?)\b[^.]{0,40}\ba (?:random )?sample of\b[^.]{0,80}\b(?:each|every|once a|twice a) (?:week|month|quarter|year)\b|(?:checks?|audits?) (?:\d{1,3}|two|three|four|five|six|ten|twenty) [a-z]+s\b[^.]{0,60}\b(?:each|every|once a|twice a) (?:week|month|quarter|year)\b|\bspot[- ]checks?\b|\b(?:reviews?|checks?|audits?|assess(?:es)?)\b[^.]{0,80}\bagainst (?:this|the) (?:policy|procedure)\b)/i,
    why: 'says how compliance with the policy is monitored and audited',
  },
  {
    section: 'version control',
    heading:
      /\b(?:version (?:control|history)|document history|revision history|change (?:history|log|record)|amendment (?:history|record)|revisions? (?:from|since) (?:the )?previous (?:issue|version|edition)|(?:summary of|main) (?:revisions|changes|amendments))\b/,
    present: hasVersionControl,
    content: /\b(?:version|revision|document|change) history\s*:/i,
    why: 'records the version and its history of changes',
  },
  {
    section: 'equality impact assessment',
    heading: /\b(?:equality|equalities|diversity|inclusion)\b/,
    content:
      /\b(?:equality (?:and \w+ (?:\w+ )?)?(?:impact )?(?:analysis|assessment|screening)|equality act 2010|protected characteristics?|screened for equality)\b/i,
    why: 'records the equality impact assessment required by the public sector equality duty',
    // The duty binds public bodies: a housing association's or a care group's policy is not
    // wanting for lack of one.
    applies: publicBody,
  },
];

/** "The Practice Manager is responsible for …": statements that give named people their duties, outside a section of their own. */
const RESPONSIBLE = /\b(?:is|are) (?:responsible|accountable) for\b/gi;
/** Enough such statements to set out who does what without a roles section. */
const MIN_RESPONSIBILITIES = 3;

function assignsResponsibilities(policy: Policy): boolean {
  let count = 0;
  for (const element of policy.elements) {
    if (element.type === 'heading') continue;
    count += element.text.match(RESPONSIBLE)?.length ?? 0;
    if (count >= MIN_RESPONSIBILITIES) return true;
  }
  return false;
}

function isPresent(sign: SectionSign, policy: Policy, headings: string[]): boolean {
  if (headings.some((heading) => sign.heading.test(heading))) return true;
  if (sign.present?.(policy, headings)) return true;
  const { content } = sign;
  return content !== undefined && policy.elements.some((element) => element.type !== 'heading' && content.test(plainStart(element.text)));
}

/** A paragraph's text without the bold run-in heading markup and clause number it opens with ("**A2.5 Training for managers.**", "1.3 Terms used …"). */
const plainStart = (text: string) => text.replace(/^\*{1,2}/, '').replace(/^[A-Z]?\d+(?:\.\d+)*\.?\s+/, '');

/**
 * A heading run into a paragraph after its clause number, in bold or (bold lost in conversion) as a
 * short phrase in capitals ending in a full stop: "3.2 **Monitoring Compliance.** The manager …",
 * "3.2 Monitoring Compliance. The manager …".
 */
const RUN_IN_HEADING =
  /^(?:[A-Z]?\d+(?:\.\d+)*\.?\s+)?\*\*([^*\n]{3,60}?)[.:]?\*\*|^[A-Z]?\d+(?:\.\d+)+\.?\s+([A-Z][\w'’-]*(?:\s+(?:and|of|the|for|to|in|on|with|&|[A-Z][\w'’-]*)){0,5})[.:]\s+[A-Z]/;

/** Too few headings to judge a policy's structure (e.g. a scan read as plain paragraphs). */
const MIN_HEADINGS = 5;

const isHeading = (element: PolicyElement) => element.type === 'heading';

/** The essential sections the policy has neither as a heading nor as content. */
export function sectionFindings(policy: Policy): ReviewFindingDraft[] {
  const headings = [
    ...policy.elements.filter(isHeading).map((element) => normalHeading(element.text)),
    // A bold heading run into its paragraph ("3.2 **Monitoring Compliance.** The manager reports …") heads a section too.
    ...policy.elements.flatMap((element) => {
      const runIn = element.type === 'heading' ? null : RUN_IN_HEADING.exec(element.text);
      const heading = runIn?.[1] ?? runIn?.[2];
      return heading ? [normalHeading(heading)] : [];
    }),
  ];
  if (policy.elements.filter(isHeading).length < MIN_HEADINGS) return [];
  return SIGNS.filter((sign) => (sign.applies?.(policy) ?? true) && !isPresent(sign, policy, headings)).map((sign) => ({
    category: 'missing_section',
    severity: 'medium',
    location: null,
    quote: null,
    expected: sign.section,
    explanation: `The policy has no ${sign.section} section: nothing in it ${sign.why}.`,
    suggestion: `Add ${/^[aeiou]/i.test(sign.section) ? 'an' : 'a'} "${sign.section.charAt(0).toUpperCase()}${sign.section.slice(1)}" section that ${sign.why}.`,
    evidence: [],
  }));
}
