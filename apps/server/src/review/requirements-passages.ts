import { stem, titleStems } from './requirements-subjects.ts';
import { PAST_RULE, proseSentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, ReviewLibrary } from './types.ts';

/**
 * The law a policy sentence denies the force of, when it names no law and tells the duty in its own
 * words ("Telling CQC about a serious injury to a client is good practice, but the agency would not
 * be breaking the law if a notification were missed"):
 * - the library passages sharing the most of the sentence's words, each word weighted by how rare it
 *   is among the library's passages, are found ("Notify CQC of serious injuries to people using the
 *   service"), with every passage within a fifth of the best;
 * - each such passage's law is its own document, or a law it names ("every responsible person under
 *   RRO 2005 must record …", "subject to COSHH, which requires …"), when the library says that
 *   breaching it is an offence;
 * - of those laws, the one whose own best passage is most about the sentence is taken, and only if
 *   that passage comes near the best: the law's own text must speak of the duty too.
 * Nothing is said when the best passage denies the force too (the library agrees), when the sentence
 * is about a code of practice or guidance (whose force requirements-claims.ts judges), or when no
 * passage shares enough. A sentence leaving the duty to someone's choice ("is left to each unit
 * manager") is read the same way.
 */

/**
 * A policy denying the force of a duty or a document: no offence, no prosecution or criminal case,
 * no legal requirement or obligation, the law not asking it, not breaking the law, or a duty called
 * voluntary, a courtesy, a gesture or a formality.
 */
export const FORCE_DENIED = new RegExp(
  [
    String.raw`\b(?:is|are|be|was|were)\s+not\s+(?:in\s+itself\s+|itself\s+)?(?:a\s+|an\s+)?(?:criminal\s+)?offence\b`,
    String.raw`\bno\s+(?:criminal\s+)?offence\b|\bnot\s+an?\s+(?:criminal\s+)?offence\b|\bcannot\s+commit\s+(?:an?\s+|any\s+)?offence\b`,
    String.raw`\b(?:cannot|can't|could\s+not|couldn't|will\s+not|would\s+not|never)\s+(?:personally\s+)?(?:be\s+)?prosecut(?:e|ed)\b`,
    String.raw`\bnot\s+something\b[^.;]{0,30}\bprosecuted(?:\s+for)?\b|\bno\s*(?:one|body)\s+(?:could|can|would)\s+be\s+prosecuted\b`,
    String.raw`\b(?:cannot|can't|could\s+not)\s+(?:lead|give\s+rise)\s+to\s+(?:a\s+)?(?:prosecution|an?\s+offence)\b`,
    String.raw`\bno\s+(?:\w+\s+){0,3}can\s+lead\s+to\s+(?:a\s+)?prosecution\b|\bcannot\s+expose\b[^.;]{0,40}\bprosecution\b`,
    String.raw`\b(?:never|no|not|nobody|no\s+one)\b[^.;]{0,60}?\bcriminal\s+(?:proceedings|case|cases|charges?|prosecution)\b`,
    String.raw`\bno\s+power\s+to\s+prosecute\b|\bcivil\s+enforcement\s+only\b`,
    String.raw`\b(?:carr(?:y|ies)\s+)?no\s+(?:criminal\s+)?(?:penalty|penalties|sanction|sanctions|liability)\b|\bno\s+criminal\s+consequences?\b`,
    String.raw`\bnot\s+(?:a\s+|an\s+)?(?:legal|statutory)\s+(?:requirement|duty|obligation)\b|\bno\s+(?:legal|statutory)\s+(?:requirement|duty|obligation|responsibility)\b`,
    String.raw`\bno\s+obligation\b|\bnot\s+an\s+obligation\b`,
    String.raw`\brather\s+than\s+(?:a\s+)?(?:legal|statutory)(?:\s+(?:requirement|duty|obligation|one|matter))?\b|\brather\s+than\s+a\s+breach\s+of\s+the\s+law\b`,
    String.raw`\bnot\s+(?:be\s+)?breaking\s+the\s+law\b|\b(?:the\s+)?law\s+does\s+not\s+(?:actually\s+)?(?:require|demand|ask)\b`,
    String.raw`\b(?:rather\s+than|not)\s+something\s+(?:that\s+)?(?:the|any)\s+law\s+(?:requires|demands|asks)\b`,
    String.raw`\bno\s+risk\s+of\s+(?:a\s+)?(?:prosecution|criminal\s+\w+|an?\s+offence)\b|\bnever\s+a\s+criminal\s+(?:one|matter)\b`,
    String.raw`\bnot\s+(?:prohibited|required|mandated)\s+by\s+law\b|\bnot\s+(?:legally\s+(?:required|binding)|mandatory|compulsory|enforceable)\b`,
    String.raw`\b(?:is|are)\s+(?:a\s+|an\s+)?(?:purely\s+|entirely\s+)?(?:voluntary|optional|discretionary)\b`,
    String.raw`\ban?\s+(?:professional\s+)?courtesy\b|\ban?\s+administrative\s+(?:formality|lapse|matter)\b|\ba\s+(?:goodwill|voluntary)\s+gesture\b`,
    String.raw`\bnot\b[^.;]{0,20}\ba\s+criminal\s+matter\b`,
  ].join('|'),
  'i',
);

/**
 * A policy leaving a duty to someone's choice, in words of no law: "is at the discretion of the
 * nurse", "is left to each unit manager", "may be skipped by the nurse in charge", "can be put back
 * to a quieter month", "is up to the driver whether", "use their own judgement", "need not be
 * written down", "there is no need to", "only if she asks", "only if time allows", "a nice-to-have".
 */
export const DISCRETION = new RegExp(
  [
    String.raw`\bat\s+(?:the\s+)?(?:[\w'’]+\s+){0,3}?discretion\b`,
    String.raw`\b(?:is|are)\s+(?:entirely\s+|simply\s+)?(?:left\s+(?:up\s+)?to|up\s+to|for)\s+(?:the\s+judge?ment\s+of\s+)?(?:the|each|every|individual|their|his|her)\s+(?:[\w'’-]+\s+){0,3}?(?:[\w'’-]+(?:'s|’s)\s+)?(?:judge?ment|discretion|choice|to\s+(?:decide|choose|judge))\b`,
    // "is left to each unit manager", "is left to the consultant on duty" (not "left to the end" or "left to dry").
    String.raw`\b(?:is|are)\s+(?:entirely\s+)?(?:left\s+(?:up\s+)?to|up\s+to)\s+(?:the\s+judge?ment\s+of\s+)?(?:each|every|individual|the|their|his|her)\s+(?!(?:end|side|last|next|rest|following|point)\b)[a-z]`,
    String.raw`\bup\s+to\s+(?:the|each|every|individual)\s+(?:[\w'’-]+\s+){0,3}?(?:whether|to\s+decide)\b`,
    String.raw`\buses?\s+(?:their|his|her|its)\s+own\s+judge?ment\b`,
    String.raw`\b(?:may|can)\s+(?:be\s+)?(?:skip(?:ped)?|omit(?:ted)?|postponed?|defer(?:red)?|waived?|dispensed?\s+with|dropped|put\s+off|left\s+(?:out|undone)|(?:put|pushed|moved)\s+back)\b`,
    String.raw`\b(?:may|can)\s+(?:put|push|move)\s+(?:[\w'’]+\s+){1,4}?back\b`,
    String.raw`\b(?:do|does)\s+not\s+need\s+to\b|\bneed\s+not\b|\bno\s+need\s+(?:for\s+(?:\w+\s+){1,3})?to\b`,
    String.raw`\bonly\s+(?:if|when)\s+(?:she|he|they|the\s+\w+|a\s+\w+)\s+asks?\b`,
    String.raw`\b(?:only\s+)?(?:if|when|where)\s+time\s+(?:allows|permits)\b`,
    String.raw`\ba\s+nice[\s-]to[\s-]have\b`,
  ].join('|'),
  'i',
);

/**
 * A policy permitting, for convenience, what a duty rules out, in words of no law: "it is fine to
 * let the porter take them", "it is acceptable to leave it", "there is no problem with storing",
 * "staff are welcome to remove it", "is allowed when the unit is busy", "can wait until the review
 * is over".
 */
export const PERMISSION = new RegExp(
  [
    String.raw`\b(?:it\s+is|it's|is|are)\s+(?:perfectly\s+|quite\s+|also\s+)?(?:fine|acceptable|okay|OK|all\s+right)\s+(?:to|for)\b`,
    String.raw`\b(?:is|are)\s+(?:perfectly\s+|quite\s+)?(?:fine|acceptable|allowed|permitted|okay)\s+(?:when|if|on|during|while|where|as\s+long\s+as|provided)\b`,
    String.raw`\bthere\s+is\s+no\s+(?:problem|harm|issue)\s+(?:with|in)\b`,
    String.raw`\b(?:is|are)\s+(?:very\s+)?welcome\s+to\b`,
    String.raw`\b(?:can|may)\s+wait\s+(?:until|till|for)\b`,
  ].join('|'),
  'i',
);

/** Words that say how binding a thing is, or whose choice it is, not what it is about: the denial's own words. */
const FORCE_WORDS = new Set(
  `offence offences criminal prosecuted prosecution prosecute legal legally law laws statutory requirement requirements
  penalty penalties sanction sanctions liability liable breaking breach breaches matter practice good best voluntary
  optional courtesy administrative formality mandatory compulsory commit commits committed required failure failing
  discretion discretionary judgement judgment decide decides choice choose left whether skipped skip omitted postponed
  deferred waived allows permits judge nice need asks fine acceptable okay allowed permitted problem harm issue welcome
  wait`.split(/\s+/),
);

/** The headings of a document's history: what it replaced, what changed, what an old edition covered. */
const PAST = /\bhistory\b|\bchanged?\b|\breplaced\b|\bwhat\s+it\s+covered\b|\brelated\s+documents\b/i;

/** A sentence about the force of a code of practice or guidance, which that reading judges. Shared as OFFENCE is. */
export const ABOUT_GUIDANCE = /\bcodes?\s+of\s+practice\b|\bguidance\b|\bACoPs?\b|\bthe\s+code\b/i;

/** A library passage that denies force itself, calls something advisory, or says the law sets no frequency (risk does): the library agrees with the policy. */
const AGREES_TOO =
  /\b(?:do|does)\s+not\s+(?:set|fix|specify|prescribe|demand)\b[^.;]{0,30}\b(?:intervals?|frequenc(?:y|ies)|testing)\b|\bno\s+(?:fixed|set|specified|prescribed)\s+(?:intervals?|frequenc(?:y|ies))\b|\b(?:frequency|intervals?)\b[^.;]{0,60}\b(?:decided|set|determined)\s+by\s+(?:the\s+)?risk\b|\bnot\b[^.;]{0,40}\boffence|\bno\s+(?:criminal\s+)?offence\b|\badvisory\b|\bnot\s+(?:itself\s+)?law\b|\bnot\s+(?:a\s+)?(?:legal|statutory)\s+(?:requirement|duty)|\bno\s+(?:legal|statutory)\s+(?:requirement|duty)|\bnot\s+(?:mandatory|compulsory)\b|\bvoluntary\b|\boptional\b/i;

const agrees = (sentence: string) => FORCE_DENIED.test(sentence) || AGREES_TOO.test(sentence);

/** A library passage leaving the thing to judgement itself: the library agrees that it is a choice. */
const CHOICE_TOO = /\bdiscretion|\bjudge?ment\b|\b(?:may|can)\s+(?:decide|choose)\b|\bit\s+is\s+for\s+the\b/i;

/** A passage stating a duty or a prohibition: "must", "shall", "requires", "is required to", "must not". */
const STATES_DUTY = /\b(?:must|shall|requires?|(?:is|are)\s+required|(?:has|have)\s+to|duty\s+to)\b/i;

/** A sentence saying the organisation sets the thing itself: its own standard is no law's ("… is our own standard, not a legal requirement"). */
const OWN_STANDARD =
  /\b(?:our|its|the\s+trust's|a|the)\s+own\s+(?:standard|rule|choice|policy|practice)\b|\b(?:a|our)\s+(?:local|council|internal|house)\s+(?:standard|rule|choice)\b/i;

/**
 * A law's sentence (or clause) saying that breaching it, or failing a duty of it, is an offence, or
 * that a breach can be prosecuted. Shared with the cited readings (requirements-force.ts).
 */
export const OFFENCE =
  /\b(?:breach|breaching|contravention|failure|failing|non-compliance)\b[^.;]{0,100}?\b(?:is|are|can\s+be)\s+(?:itself\s+|in\s+itself\s+)?(?:a\s+|an\s+)?(?:\*\*)?(?:criminal\s+)?offence\b|\bcan\s+(?:\*\*)?(?:be\s+)?prosecut(?:e|ed)\b|\bprosecuted\s+as\s+(?:a\s+)?criminal\s+offences?\b/i;
/** A code of some document ("HTM 04-01", "BS 7671"): a sentence naming one may be about that document. Shared as OFFENCE is. */
export const OTHER_CODE = /\b[A-Z]{2,}\s?\d/;

/** How much a passage must share with the sentence (the sum of its shared words' rarity) to speak of the same duty. */
const MIN_SHARED = 14;
/** Passages this close to the best are as much about the sentence. */
const NEAR_BEST = 0.8;
/** The law's own best passage must be this close to the best: its own text speaks of the duty too. */
const LAW_OWN = 0.6;

/** The stems of the denial's own words: how binding a thing is, not what it is about. */
const FORCE_STEMS = new Set([...FORCE_WORDS].map(stem));

/** The stems of a text's words about its subject, read plainly as a title's are, without the denial's words. */
export function subjectStems(text: string): string[] {
  return [...titleStems(text)].filter((word) => !FORCE_STEMS.has(word));
}

interface Passage {
  document: LibraryDocument;
  element: LibraryElement;
  sentence: string;
}

/** A law's own statement that its breach is an offence. */
interface LawOffence {
  document: LibraryDocument;
  element: LibraryElement;
  /** The clause that says so. */
  said: string;
}

interface PassageIndex {
  passages: Passage[];
  /** Per stem, the passages holding it. */
  postings: Map<string, number[]>;
  laws: Map<LibraryDocument, LawOffence>;
}

/** The law whose duty a denying sentence speaks of, with the library passage it matched. */
export type DeniedLaw = LawOffence & { passage: Passage };

/**
 * The law a denying sentence speaks of, with the library passage it matched, or null. A sentence
 * leaving the duty to someone's choice (`choice`) is answered only by a passage stating the duty
 * ("must", or a sentence of a section of duties), and the library agrees if a passage as near leaves
 * it to judgement too.
 */
export function deniedLaw(text: string, library: ReviewLibrary, options: { choice?: boolean } = {}): DeniedLaw | null {
  const reading = readPassages(text, library, options);
  return reading === 'agreed' ? null : reading;
}

/**
 * As `deniedLaw`, telling apart the two ways of finding nothing: "agreed" when the sentence is
 * about guidance or the organisation's own standard, or a passage as near agrees with it; null
 * when no passage shares enough with it.
 */
export function readPassages(text: string, library: ReviewLibrary, { choice = false } = {}): DeniedLaw | 'agreed' | null {
  if (ABOUT_GUIDANCE.test(text) || OWN_STANDARD.test(text)) return 'agreed';
  const index = indexOf(library);
  const stems = subjectStems(text);
  const total = index.passages.length;
  const scores = new Map<number, number>();
  for (const word of stems) {
    const holding = index.postings.get(word);
    if (!holding) continue;
    const rarity = Math.log(total / (1 + holding.length));
    for (const id of holding) scores.set(id, (scores.get(id) ?? 0) + rarity);
  }
  let best = 0;
  let bestId = -1;
  for (const [id, score] of scores) {
    if (score > best || (score === best && id < bestId)) [best, bestId] = [score, id];
  }
  const bestPassage = index.passages[bestId];
  if (!bestPassage || best < MIN_SHARED) return null;
  // How much each document's own best passage is about the sentence.
  const own = new Map<LibraryDocument, number>();
  for (const [id, score] of scores) {
    const { document } = index.passages[id] as Passage;
    if (score > (own.get(document) ?? 0)) own.set(document, score);
  }
  // Of the laws of the passages near the best, the one whose own text is most about the sentence (the better passage on a tie).
  let chosen: DeniedLaw | null = null;
  let chosenOwn = LAW_OWN * best;
  let chosenScore = 0;
  for (const [id, score] of scores) {
    const passage = index.passages[id] as Passage;
    if (score < NEAR_BEST * best) continue;
    // A passage as much about the sentence that denies the force too: the library agrees.
    if (agrees(passage.sentence) || (choice && CHOICE_TOO.test(passage.sentence))) return 'agreed';
    const law = lawOf(index, passage);
    // Another document's passage answers a choice only by stating the law's duty ("… is subject to COSHH, which requires …").
    if (choice && law && law.document !== passage.document && !STATES_DUTY.test(passage.sentence)) continue;
    const lawOwn = law ? (own.get(law.document) ?? 0) : 0;
    if (!law || lawOwn < chosenOwn || (lawOwn === chosenOwn && score <= chosenScore)) continue;
    chosen = { ...law, passage };
    chosenOwn = lawOwn;
    chosenScore = score;
  }
  return chosen;
}

/** The law of a passage: its own document's offence, or that of a law it names. */
function lawOf(index: PassageIndex, passage: Passage): LawOffence | null {
  const own = index.laws.get(passage.document);
  if (own) return own;
  for (const [document, law] of index.laws) if (namesLaw(passage.sentence, document.code)) return law;
  return null;
}

/** Whether a sentence names a law by its code, or by its code without the year when no other number follows ("subject to COSHH, which …"). */
function namesLaw(sentence: string, code: string): boolean {
  if (sentence.includes(code)) return true;
  const bare = /^(.*[A-Za-z)])\s+\d{4}$/.exec(code)?.[1];
  if (!bare) return false;
  const at = sentence.indexOf(bare);
  return at >= 0 && !/\w/.test(sentence.charAt(at - 1)) && !/^\s*(?:\w|\(\d)/.test(sentence.slice(at + bare.length));
}

const indexes = new WeakMap<ReviewLibrary, PassageIndex>();

/** The library's current documents read once: their passages, word postings and offences. */
function indexOf(library: ReviewLibrary): PassageIndex {
  const known = indexes.get(library);
  if (known) return known;
  const index: PassageIndex = { passages: [], postings: new Map(), laws: new Map() };
  for (const document of library.documents) {
    if (document.status !== 'current') continue;
    for (const { element, sentence } of proseSentences(document)) {
      const said = offenceClause(sentence, document);
      if (said && !index.laws.has(document)) index.laws.set(document, { document, element, said });
      // What a document replaced or how it changed says nothing of a duty now.
      if (element.headingPath.some((heading) => PAST.test(heading)) || PAST_RULE.test(sentence)) continue;
      const id = index.passages.push({ document, element, sentence }) - 1;
      for (const word of subjectStems(sentence)) {
        const holding = index.postings.get(word);
        if (holding) holding.push(id);
        else index.postings.set(word, [id]);
      }
    }
  }
  indexes.set(library, index);
  return index;
}

/**
 * The clause of a library sentence saying that breaching its document is an offence ("MHSWR is a
 * statutory instrument made under HSWA 1974; breach is a criminal offence" → "breach is a criminal
 * offence"): stated plainly, naming no other document.
 */
function offenceClause(sentence: string, document: LibraryDocument): string | null {
  for (const clause of sentence.split(/;\s+/)) {
    const match = OFFENCE.exec(clause);
    if (!match || /\b(?:not|no|never)\b/i.test(clause.slice(0, match.index + match[0].length))) continue;
    const rest = clause.replace(document.code, '');
    if (OTHER_CODE.test(rest) || /\bRegulations?\s+\d/.test(rest)) continue;
    return clause.replace(/[\s:;,]+$/, '');
  }
  return null;
}
