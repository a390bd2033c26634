/**
 * The verdict on a yes/no question: "Yes" or "No", from the passage sentence that addresses the
 * claim asked about (question/polar.ts), or none.
 *
 * A sentence addresses the claim when, in one of its clauses, it holds most of the weight of the
 * claim's content words (as retrieval weighs them). That clause then reads:
 * - negative when a negation bears on the claim ("does not set fixed intervals", "is not an
 *   admission", "must not be passed on", "not required by law", "no need to"): No;
 * - as a duty ("must", "is required", "shall", an instruction opening with its verb) for a question
 *   of obligation, a permission ("may", "can", "permitted") for a question of permission, a plain
 *   statement or a duty for a question of fact, the clause holding all the claim's words but one (a
 *   third of a long claim's, when it holds three quarters of its weight) and its heaviest: Yes;
 * - conditional ("only if", "unless", "except where", "provided that"): it depends;
 * - hedged ("usually", "may" for an obligation), or negative about something else: no verdict.
 * The asker's words no document holds ("mums", a trade word) are not weighed: no sentence can hold them.
 * Evidence that is weak (no sentence addresses the claim), mixed (another sentence addressing it as
 * well reads the other way, or conditionally) or that does not state a figure the claim names gives
 * no verdict: a wrong yes on compliance is worse than none. Only current documents' sentences, and
 * not a document's history or its list of common failings, are read.
 */
import { compact } from '../../core/library/document-codes.ts';
import type { RetrievalResult } from '../retrieval.ts';
import { nationOf, namesPlace, settingOf } from '../question/kinds.ts';
import type { PolarQuestion } from '../question/polar.ts';
import type { Question } from '../question/read.ts';
import type { LeadCandidate } from './lead.ts';
import { partsOfSpeech } from '../../core/language/tagger.ts';
import { textTerms } from './terms.ts';
import { sentenceKey } from './text.ts';

/** A claim is held against a passage's sentences only when it has at least this many content words. */
const MIN_CLAIM_WORDS = 2;

/** A claim's words the library holds, at least this many, for the words it lacks to be left out. */
const MIN_HELD_CLAIM = 3;

/** A clause addresses the claim when it holds at least this share of the claim's term weight… */
const ADDRESSES = 0.5;

/** …and at least this share of its content words. */
const ADDRESSES_WORDS = 2 / 3;

/** A yes needs the clause to hold all the claim's words ("is X the current edition?" needs "current"), or all but one of five or more. */
const yesMissing = (units: number, weight = 0) => (units >= 5 ? (weight >= WELL_HELD ? Math.floor(units / 3) : 1) : 0);

/** A clause holding this share of the claim's weight may miss a third of a long claim's words ("somewhere", "provide" beside "must include suitable facilities"). */
const WELL_HELD = 0.75;

/** A yes needs the clause to hold its heaviest word (any weighing at least this share of the heaviest) ("Scotland" in "does X apply in Scotland?"). */
const DISTINCTIVE = 0.95;

/** Another sentence within this share of the best one's coverage is read as well: if it disagrees, there is no verdict. */
const NEAR = 0.15;

/** Words read after a negation to find what it negates: at most this many. */
const NEGATION_REACH = 4;

/** Characters of a sentence read: bounded for untrusted text. */
const MAX_CHARACTERS = 1200;

export interface Verdict {
  /** "It depends" when the sentence that addresses the claim states it under a condition ("only if", "unless"). */
  answer: 'Yes' | 'No' | 'It depends';
  /** The sentence that settles it, as the lead candidate it is. */
  candidate: LeadCandidate;
  /** The current document that replaced what the asker cites, when the library holds no edition of it. */
  current?: { code: string; title: string; edition: string };
}

type Reading = 'negative' | 'conditional' | 'duty' | 'permission' | 'hedged' | 'plain' | 'unclear';

const NEGATOR = /^(?:not|never|no|neither|nor|cannot|none)$|n't$/;
/** Words skipped after a negation on the way to what it negates ("is not normally an …"). */
const SKIPPED =
  /^(?:be|been|being|is|are|was|were|a|an|the|to|any|normally|usually|necessarily|always|generally|automatically|legally|itself|themselves|in|by|of|for|from|under|fixed|strictly|on|so|longer)$/;
/** Verbs and words of requirement a negation bears on ("does not require", "not needed", "neither sets"). */
const REQUIREMENT_WORD =
  /^(?:requires?|required|requirement|needs?|needed|necessary|demands?|demanded|mandatory|compulsory|obliged|obligation|duty|sets?|specif(?:y|ies|ied)|applies|apply|applicable|covers?|covered|includes?|included|counts?|constitutes?|amounts?|means?|permitted|allowed|acceptable|expected|have|has)$/;
/** Modals whose negation forbids, whatever follows ("must not", "should never"). */
const PROHIBITING_MODAL = /^(?:must|should|shall|may|can)$/;
/** "not more than", "no later than", "not exceeding", "not only": limits and emphasis, not negations. */
const NOT_A_NEGATION =
  /\b(?:no|not)\s+(?:more|less|later|longer|sooner|fewer|greater|higher|lower|earlier)\s+than\b|\bnot\s+(?:exceed\w*|only|least|just)\b|\bwhether\s+or\s+not\b|\bif\s+not\b|\bno\s+(?:doubt|matter)\b/g;
const CONDITIONAL =
  /\b(?:only\s+(?:if|when|where|after|before|for|in|once|applies)|unless|except|excepting|provided\s+(?:that|it|they)|subject\s+to)\b/i;
const DUTY =
  /\b(?:must|shall|required|requires?|has\s+to|have\s+to|needs?\s+to|is\s+to\s+be|are\s+to\s+be|obliged|mandatory|compulsory|(?:has|have|owes?)\s+a\s+(?:\w+\s+)?duty)\b/i;
const SHOULD = /\bshould\b/i;
const PERMITTING = /\b(?:may|can|permitted|allowed|acceptable|able\s+to|lawful|permissible)\b/i;
const HEDGE =
  /\b(?:may|might|could|usually|normally|generally|typically|often|sometimes|in\s+most\s+cases|where\s+(?:appropriate|necessary|practicable|reasonably\s+practicable)|if\s+(?:appropriate|necessary)|consider|recommended|advisable|good\s+practice)\b/i;
/** Examples in brackets: "(especially …)", "(for example …)", "(such as …)". */
const EXAMPLES =
  /\((?:especially|particularly|notably|e\.g\.|eg|for example|for instance|such as|including|like|mainly|mostly)\b[^()]*\)/gi;
/** A duty that has ended: "until 2016 producers had to …", "was abolished", "no longer required". */
const ENDED =
  /\buntil\s+(?:\w+\s+)?\d{4}\b.*\b(?:had\s+to|was\s+required|were\s+required|was\s+needed|were\s+needed)\b|\b(?:abolished|revoked|repealed|rescinded|no\s+longer\s+(?:required|needed|necessary|applies|apply|has\s+to|have\s+to|needs?\s+to|must))\b/i;
/** Where a relative clause opens: what follows says something of a noun, not of the clause's verb. */
const RELATIVE = /\b(?:that|which|who|whom|whose|where)\b/i;
/** Prohibitions in words, for a question of permission ("is prohibited", "is unlawful"). */
const PROHIBITED = /\b(?:prohibited|forbidden|banned|unlawful|illegal|not\s+permitted|not\s+allowed)\b/i;

/** A word without its common endings ("admitting" → "admitt", "admission" → "admiss", "apology" → "apolog"), kept to four letters or more. */
function stem(word: string): string {
  const ending = /(?:ations?|ments?|ings?|ions?|ies|ied|ed|es|s|ly|y|e)$/.exec(word);
  return ending && word.length - ending[0].length >= 4 ? word.slice(0, word.length - ending[0].length) : word;
}

/** Whether a word of the text is a form of a claim word: stems sharing a beginning of four letters or more, all but the last three of the shorter. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return a.length >= 2;
  const x = stem(a);
  const y = stem(b);
  // A short word and its inflection ("act" and "acting", "fit" and "fits").
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 3 && long.startsWith(short) && /^(?:s|es|ed|ing)$/.test(long.slice(short.length))) return true;
  const shorter = Math.min(x.length, y.length);
  if (shorter < 3) return false;
  if (x === y) return true;
  if (shorter < 4) return false;
  let common = 0;
  while (common < shorter && x.charCodeAt(common) === y.charCodeAt(common)) common++;
  return common >= 4 && common >= shorter - 3;
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];

/** The claim as weighted units: each of its content words, at the weight of the query term it matches (unmatched words count as the lightest). */
function claimUnits(polar: PolarQuestion, retrieval: RetrievalResult, question: Question): { word: string; weight: number }[] {
  const terms = textTerms(retrieval, question).filter((term) => !term.carried);
  // A word no document holds ("mums", a trade word) is the asker's own: no sentence can hold it, so it is not weighed.
  // A claim left with fewer than MIN_HELD_CLAIM words that way is too little to hold a sentence against, and keeps them.
  const absent = terms.filter((term) => term.absent);
  const held = polar.words.filter((word) => !absent.some((term) => term.pattern.test(word)));
  const weighted = (held.length >= MIN_HELD_CLAIM ? held : polar.words).map((word) => ({
    word,
    weight: Math.max(0, ...terms.filter((term) => term.pattern.test(word)).map((term) => term.weight)),
  }));
  const lightest = Math.min(...weighted.filter((unit) => unit.weight > 0).map((unit) => unit.weight));
  // A word the search did not weigh (a code it took as a name, a word it dropped) still counts, lightly.
  return weighted.map((unit) => ({ word: unit.word, weight: unit.weight > 0 ? unit.weight : Number.isFinite(lightest) ? lightest : 1 }));
}

/** Share of the claim's weight, and of its words, a clause's words hold; and whether it holds all of its most distinctive words. */
function coverage(
  words: readonly string[],
  units: readonly { word: string; weight: number }[],
): { weight: number; words: number; missing: number; distinctive: boolean } {
  const total = units.reduce((sum, unit) => sum + unit.weight, 0);
  const top = Math.max(0, ...units.map((unit) => unit.weight));
  const held = units.filter((unit) => words.some((word) => sameWord(word, unit.word)));
  return {
    weight: total <= 0 ? 0 : held.reduce((sum, unit) => sum + unit.weight, 0) / total,
    words: units.length === 0 ? 0 : held.length / units.length,
    missing: units.length - held.length,
    distinctive: units.every((unit) => unit.weight < top * DISTINCTIVE || held.includes(unit)),
  };
}

/** The clauses of a sentence: split at semicolons and turns ("but", "however", "although", "whereas"). */
function clausesOf(text: string): string[] {
  return text
    .slice(0, MAX_CHARACTERS)
    .split(/[;:]|\s[–—-]\s|[–—]|,?\s+(?:but|however|although|though|whereas|while)\s+|\.\s+/i)
    .filter((clause) => clause.trim().length > 0);
}

/** Whether a negation in the clause bears on the claim: on a claim word, a word of requirement, or a modal that forbids. */
function negationOnClaim(words: readonly string[], claim: readonly string[]): boolean | null {
  let any = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (!NEGATOR.test(word)) continue;
    any = true;
    const before = words[i - 1] ?? '';
    if (PROHIBITING_MODAL.test(before) || /^(?:cannot|can't|mustn't|shouldn't|needn't)$/.test(word)) return true;
    let reached = 0;
    for (let j = i + 1; j < words.length && reached < NEGATION_REACH; j++) {
      const next = words[j] ?? '';
      if (SKIPPED.test(next)) continue;
      reached++;
      if (REQUIREMENT_WORD.test(next) || claim.some((unit) => sameWord(next, unit))) return true;
      break;
    }
  }
  // A negation about something else: the clause is unclear about the claim.
  return any ? false : null;
}

/** How a clause reads on the claim. */
function readClause(clause: string, polar: PolarQuestion): Reading {
  const text = clause.replace(NOT_A_NEGATION, ' ');
  if (ENDED.test(text)) return 'negative';
  if (CONDITIONAL.test(text)) return 'conditional';
  if (polar.modality === 'permission' && PROHIBITED.test(text)) return 'negative';
  const words = wordsOf(text);
  const negation = negationOnClaim(words, polar.words);
  if (negation === true) return 'negative';
  if (negation === false) return 'unclear';
  // An instruction opening with the claim's verb, its first word ("Report … within 15 days", "Notify CQC of
  // …" for "do we have to report / notify …"), with no modal of its own ("Spare cylinders may be stored …"
  // is not one; "events that may stop the service" is a modal of the events, not of the instruction), states a duty.
  const [first = ''] = words;
  const [main = ''] = text.split(RELATIVE);
  if (
    /^[A-Z][a-z]+\s+\S/.test(text.trim()) &&
    !/(?:s|ed|ing)$/.test(first) &&
    !/\b(?:must|may|might|can|could|should|shall|will|would)\b/i.test(main) &&
    // Tagged last: the tagger is the dearest test.
    (sameWord(first, polar.words[0] ?? '') || opensWithVerb(text))
  )
    return 'duty';
  if (DUTY.test(text)) return 'duty';
  if (HEDGE.test(text)) return PERMITTING.test(text) ? 'permission' : 'hedged';
  if (PERMITTING.test(text)) return 'permission';
  if (SHOULD.test(text)) return 'duty';
  return 'plain';
}

/** Characters of a clause tagged to find whether it opens with a verb. */
const TAGGED = 40;

/** Whether a clause opens with a verb ("Carry out a DPIA before …"): an instruction, whatever the claim's first word. */
function opensWithVerb(text: string): boolean {
  return partsOfSpeech(text.trim().slice(0, TAGGED))[0]?.tag === 'VERB';
}

/**
 * The answer a reading gives to a claim of this modality, or null. A negated claim ("we don't need
 * a permit - is that right?") is answered the other way round: a duty to do it says No, a sentence
 * denying it says Yes.
 */
function answerOf(reading: Reading, polar: PolarQuestion): 'Yes' | 'No' | null {
  if (polar.negated) return reading === 'negative' ? 'Yes' : reading === 'duty' ? 'No' : null;
  if (reading === 'negative') return 'No';
  switch (polar.modality) {
    case 'obligation':
      return reading === 'duty' ? 'Yes' : null;
    case 'permission':
      // A duty does not say something may be done (examining before first use does not permit use before it).
      return reading === 'permission' ? 'Yes' : null;
    case 'fact':
      return reading === 'plain' || reading === 'duty' ? 'Yes' : null;
  }
}

/**
 * The verdict on the question's claim from these lead candidates (lead.ts), or null when the
 * question is not a yes/no question or the evidence does not settle it.
 */
export function verdictOf(question: Question, retrieval: RetrievalResult, candidates: readonly LeadCandidate[]): Verdict | null {
  const { polar } = question;
  if (!polar) return null;
  const edition = editionVerdict(question, retrieval, candidates);
  if (edition) return edition;
  // One word ("ok to crack on?") is too little to hold a sentence against.
  if (polar.words.length < MIN_CLAIM_WORDS) return null;
  const units = claimUnits(polar, retrieval, question);
  // A claim about a setting or a nation ("does X apply in Scotland?", "… to care homes?") is settled only by a clause naming it.
  const place = { setting: settingOf(polar.claim), nation: nationOf(polar.claim) };
  const placed = place.setting !== null || place.nation !== null;
  const read = candidates
    .filter((candidate) => !candidate.row && !candidate.aside && !candidate.crossReference && !candidate.defines)
    .filter((candidate) => retrieval.passages[candidate.passage]?.status === 'current')
    .map((candidate) => {
      // The clause that addresses the claim most. A document's sentences speak of it without naming
      // it: its code and edition ("HTM 03-01 Part B", "2021") are held by each of them.
      const passage = retrieval.passages[candidate.passage];
      const itself = wordsOf(`${passage?.code ?? ''} ${passage?.edition ?? ''}`);
      let best = { share: 0, held: { weight: 0, words: 0, missing: 0, distinctive: false }, clause: '' };
      const clauses = clausesOf(candidate.quote);
      clauses.forEach((clause, at) => {
        // Examples in brackets ("(especially hospitals and care homes)") do not state the claim. A
        // clause opening on what came before ("These expectations come from guidance, not from …")
        // speaks of what the sentences before it say.
        const before = LEANS_BACK.test(clause.trim())
          ? clauses.slice(0, at).flatMap((earlier) => wordsOf(earlier.replace(EXAMPLES, ' ')))
          : [];
        const words = [...wordsOf(clause.replace(EXAMPLES, ' ')), ...before, ...itself];
        // A question of fact turning on a verb ("does X apply to Y?") is answered by a clause using that verb.
        if (polar.verb && !words.some((word) => sameWord(word, polar.verb ?? ''))) return;
        if (placed && !namesPlace(clause, place)) return;
        const held = coverage(words, units);
        const share = (held.weight + held.words) / 2;
        if (share > best.share) best = { share, held, clause };
      });
      return { candidate, share: best.share, held: best.held, clause: best.clause, reading: readClause(best.clause, polar), itself };
    })
    .filter((entry) => entry.held.weight >= ADDRESSES && entry.held.words >= ADDRESSES_WORDS)
    .sort((a, b) => b.share - a.share || b.candidate.share - a.candidate.share || a.candidate.passage - b.candidate.passage);
  const [best] = read;
  if (!best) return null;
  const near = read.filter((entry) => entry.share >= best.share - NEAR);
  // The claim holds under a condition the question does not settle: it depends, unless another sentence reads yes or no.
  if (best.reading === 'conditional')
    return best.held.distinctive &&
      best.held.missing <= yesMissing(units.length, best.held.weight) &&
      near.every((entry) => answerOf(entry.reading, polar) === null)
      ? { answer: 'It depends', candidate: withFollowing(withPrevious(best.candidate, retrieval), retrieval) }
      : null;
  const answer = answerOf(best.reading, polar);
  // Affirming the claim's words (a yes, or the no to a negated claim) needs them all held.
  const affirms = answer === (polar.negated ? 'No' : 'Yes');
  if (answer === null || (affirms && !(best.held.distinctive && best.held.missing <= yesMissing(units.length, best.held.weight))))
    return null;
  // A duty that has ended is one particular duty: it answers only a question about that one.
  if (ENDED.test(best.clause) && !onScene(best.candidate.quote, polar, retrieval)) return null;
  // Mixed evidence: another sentence addressing the claim nearly as well reads the other way, or conditionally.
  if (near.some((entry) => entry.reading === 'conditional' || (answerOf(entry.reading, polar) ?? answer) !== answer)) return null;
  // A figure the claim names ("every 12 months") must be the sentence's own, or its document's edition.
  const stated = [...wordsOf(best.candidate.quote), ...best.itself];
  if (polar.figures.some((figure) => !stated.includes(figure))) return null;
  return { answer, candidate: withFollowing(withPrevious(best.candidate, retrieval), retrieval) };
}

/**
 * Whether a sentence speaks of the asker's scene, when the scene names its subject outside the
 * claim (read for a duty that has ended, which settles only a question about that duty): "nuclear med keeps sealed sources … could we need something from the environment agency?"
 * asks about the sources, so a sentence about the agency and hazardous waste does not settle it.
 * The scene's subject is its specific words (retrieval's QueryTerm.specific) the claim does not hold;
 * a sentence holding none of them is about something else.
 */
function onScene(quote: string, polar: PolarQuestion, retrieval: RetrievalResult): boolean {
  const scene = retrieval.terms.filter((term) => term.specific && !polar.words.some((word) => sameWord(word, term.word)));
  if (scene.length === 0) return true;
  const words = wordsOf(quote);
  return scene.some((term) => words.some((word) => sameWord(word, term.word)));
}

/** A clause that opens on what came before it: "These expectations …", "This duty …", "They …". */
const LEANS_BACK = /^(?:These|This|Those|They|Such)\b/;

/** A claim that a newer edition exists ("has it been replaced?", "is there a newer version?", "is that out of date?"): yes when the edition asked about is superseded. */
const CLAIMS_NEWER =
  /\b(?:newer|replaced|superseded|updated|revised|reissued|withdrawn|revoked|repealed|out[- ]of[- ]date|outdated|(?:new|later|more recent) (?:version|edition))\b/i;
/** A claim that the edition asked about still stands ("is that still the right one?", "do those exist anymore?", "is that the version we should use?"): no when it is superseded. */
const CLAIMS_STANDING = /\b(?:still|current|valid|in force|any ?more|any longer|(?:the|right|correct) (?:version|edition) (?:we|to))\b/i;

/**
 * The verdict on whether an edition still stands, from the library's record of editions: the
 * question asks what replaced something or whether it is still current, and the documents answering
 * include a superseded edition with a sentence saying what replaced it. That sentence settles it:
 * "No" to "is it still current?", "Yes" to "has it been replaced?".
 */
function editionVerdict(question: Question, retrieval: RetrievalResult, candidates: readonly LeadCandidate[]): Verdict | null {
  const claim = question.polar?.claim ?? '';
  if (!question.intents.some((intent) => intent.kind === 'successor')) return null;
  const answer = CLAIMS_NEWER.test(claim) ? 'Yes' : CLAIMS_STANDING.test(claim) ? 'No' : null;
  if (answer === null) return null;
  const best = (found: readonly LeadCandidate[]) => [...found].sort((a, b) => b.share - a.share || a.passage - b.passage)[0];
  const replaced = best(
    candidates.filter(
      (candidate) => retrieval.passages[candidate.passage]?.status === 'superseded' && candidate.gives.has('successor') && !candidate.row,
    ),
  );
  if (replaced) return { answer, candidate: replaced };
  const history = historyMention(question, retrieval, candidates);
  if (history) {
    const passage = retrieval.passages[history.passage];
    // What the asker cites is not the current document itself (an older year of it needs no introduction).
    const other = passage && !compact(question.text).includes(compact(passage.code));
    return {
      answer,
      candidate: history,
      ...(other ? { current: { code: passage.code, title: passage.title, edition: passage.edition } } : {}),
    };
  }
  // No edition asked about is superseded, and the library says the one it holds is still current:
  // the other answer ("Yes" it still stands, "No" it has not been replaced).
  if (retrieval.passages.some((passage) => passage.status === 'superseded')) return null;
  const standing = best(candidates.filter((candidate) => !candidate.row && STILL_CURRENT.test(candidate.quote)));
  return standing ? { answer: answer === 'Yes' ? 'No' : 'Yes', candidate: standing } : null;
}

/** A document named by a code the asker gives ("HSG(95)18", "L144", "HTM 2031"). */
const NAMED_CODE = /\b[A-Z][A-Za-z]{0,5}\s?\(?\d[\w()/.:-]*/g;

/** A section telling a document's history, or a sentence placing something before it ("Earlier arrangements were set out in …"). */
const HISTORY_SECTION = /\b(?:history|histories|what changed|previous|earlier|background|supersed\w*|predecessors?)\b/i;
const HISTORY_SENTENCE =
  /\b(?:earlier|previously|formerly|former|predecessors?|replaced|superseded|withdrawn|revoked|repealed|until\s+(?:\w+\s+)?\d{4})\b/i;

/**
 * A current document's history naming what the asker cites, when the library holds no edition of it
 * ("Earlier arrangements were set out in … HSG(95)18" in the current laundry guidance): what the
 * asker cites came before the current document, so it has been replaced.
 */
function historyMention(question: Question, retrieval: RetrievalResult, candidates: readonly LeadCandidate[]): LeadCandidate | undefined {
  const asked = question.text.slice(0, MAX_CHARACTERS);
  const held = retrieval.passages.map((passage) => compact(passage.code));
  // A claim naming a document the library holds is about that document ("does the 2021 Part B still apply?").
  const claim = compact(question.polar?.claim ?? '');
  if (held.some((own) => claim.includes(own))) return undefined;
  const named = [...asked.matchAll(NAMED_CODE)]
    .map((match) => compact(match[0]))
    .filter((code) => code.length >= 3 && !held.some((own) => own.startsWith(code) || code.startsWith(own)));
  // A year the asker gives for a document the library holds in another edition ("HBN 00-01 dated 2013").
  const years = [...asked.matchAll(/\b(?:19|20)\d\d\b/g)].map((match) => match[0]);
  const askedCodes = compact(asked);
  const datedOlder = (passageIndex: number) => {
    const passage = retrieval.passages[passageIndex];
    if (!passage || !askedCodes.includes(compact(passage.code))) return [];
    return years.filter((year) => !passage.edition.includes(year));
  };
  if (named.length === 0 && years.length === 0) return undefined;
  return candidates
    .filter((candidate) => {
      const passage = retrieval.passages[candidate.passage];
      if (passage?.status !== 'current' || candidate.row) return false;
      if (!HISTORY_SENTENCE.test(candidate.quote) && !(HISTORY_SECTION.test(candidate.section) && named.length > 0)) return false;
      const text = compact(candidate.quote);
      return named.some((code) => text.includes(code)) || datedOlder(candidate.passage).some((year) => candidate.quote.includes(year));
    })
    .sort((a, b) => b.share - a.share || a.passage - b.passage)[0];
}

/** A sentence saying an edition still stands: "The May 2006 edition is still current", "remains in force". */
const STILL_CURRENT = /\b(?:is|are|remains?)\s+(?:still\s+)?(?:current|in force|the current (?:edition|version|guidance))\b/i;

/** A verdict sentence that leans on the one before it ("Neither sets a testing frequency …") is said after it. */
function withPrevious(candidate: LeadCandidate, retrieval: RetrievalResult): LeadCandidate {
  if (!/^(?:Neither|Both|They|These|Those|This|It|Such)\b/.test(candidate.quote)) return candidate;
  const own = retrieval.passages[candidate.passage]?.sentences.filter((s) => s.elementId === candidate.elementId) ?? [];
  const at = own.findIndex((s) => s.text === candidate.quote);
  const previous = at > 0 ? own[at - 1] : undefined;
  if (!previous || /:\s*$/.test(previous.text)) return candidate;
  return {
    ...candidate,
    text: `${previous.text} ${candidate.text}`,
    quote: `${previous.text} ${candidate.quote}`,
    keys: [sentenceKey(candidate.elementId, previous.text), ...candidate.keys],
  };
}

/** A sentence that leans on the verdict's ("That requirement was abolished …") is said with it. */
function withFollowing(candidate: LeadCandidate, retrieval: RetrievalResult): LeadCandidate {
  const own = retrieval.passages[candidate.passage]?.sentences.filter((s) => s.elementId === candidate.elementId) ?? [];
  const at = own.findIndex((s) => candidate.quote.endsWith(s.text));
  const following = at >= 0 ? own[at + 1] : undefined;
  if (
    !following ||
    !/^(?:That|This|These|Those|Such)\s+(?:requirement|duty|rule|change|exemption|exception|provision)s?\b/.test(following.text)
  )
    return candidate;
  return {
    ...candidate,
    text: `${candidate.text} ${following.text}`,
    quote: `${candidate.quote} ${following.text}`,
    keys: [...candidate.keys, sentenceKey(candidate.elementId, following.text)],
  };
}
