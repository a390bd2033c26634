/**
 * A yes/no (polar) question, read from its grammar: a clause that opens with an auxiliary or a
 * modal and its subject ("do we have to …", "can we …", "is it ok to …", "does X apply to Y?"),
 * alone or after a clause of context ("we're a GP practice - do we …"). What it asks is read as a
 * claim: whether something must be done (an obligation), may be done (a permission) or is so (a
 * fact), and the content words the claim is made of, so that composition can hold a passage's
 * sentence against it (builtin/verdict.ts).
 *
 * The reading is conservative: a question that also asks what, who, how or when, offers
 * alternatives ("X or Y?"), asks about "only" or "just" something, is asked in the negative
 * ("don't we …?") or asks the engine to do something ("can you explain …") is not read as polar,
 * since a bare yes or no would not answer it. The rules are general grammar; none names a topic.
 */

/** What the claim asks: must it be done, may it be done, or is it so. */
export type PolarModality = 'obligation' | 'permission' | 'fact';

export interface PolarQuestion {
  modality: PolarModality;
  /** The clause asked, from its auxiliary on ("do we have to write the assessment down"). */
  claim: string;
  /** The claim's content words in lower case, without its auxiliary, modal words and pronouns (few or none for "is that still current?"). */
  words: readonly string[];
  /** The claim's verb when it is one of the verbs a question of fact turns on ("apply", "cover", "set"): a sentence answering it must use it. */
  verb: string | null;
  /** Numbers the claim names ("12" in "every 12 months"): a sentence answering it must state them. */
  figures: readonly string[];
  /**
   * The claim is a statement the asker reports in the negative and asks about ("we don't bother with
   * transfer notes - that's fine isn't it?", "he says it needs no test. is he right?"): its words are
   * those of the positive claim, and the answer is the opposite of the positive claim's.
   */
  negated?: boolean;
}

/** Characters of a question read for its clauses: enough for any question, bounded for untrusted text. */
const MAX_CHARACTERS = 1000;

/** Auxiliaries and modals a polar clause opens with. */
const AUXILIARY = /^(?:do|does|did|is|are|am|was|were|can|could|may|might|must|should|shall|will|would|has|have|had|need|ought)$/;
/** Negated auxiliaries: a question asked in the negative is not read (its yes and no are ambiguous). */
const NEGATED_AUXILIARY =
  /^(?:don't|doesn't|didn't|isn't|aren't|wasn't|weren't|can't|cannot|couldn't|mustn't|shouldn't|won't|wouldn't|haven't|hasn't|needn't)$/;
/** Words opening a question that asks for more than yes or no. */
const WH_WORD = /^(?:what|which|who|whom|whose|how|when|where|why|whereabouts)$/;
/** A wh-question joined to another: "… and where should …", "… or what …". */
const ALSO_ASKS = /\b(?:and|or|but|also|then)\s+(?:what|which|who|whom|whose|how|when|where|why)\b/i;
/** Words a clause may open with before its auxiliary ("so do we …", "and can we …"). */
/** Verbs reporting what someone else holds ("reckons", "says", "told me"): the claim is what follows them. */
const REPORTING =
  /^(?:reckons?|reckoned|says?|said|thinks?|thought|claims?|claimed|believes?|believed|insists?|insisted|told|tells|argues?|argued|suggests?|suggested|maintains?|assumes?|assumed|reckoning)$/;
/** A reporting verb is looked for among the clause's first words only. */
const REPORT_REACH = 8;

const OPENER = /^(?:so|and|but|also|then|please|quick|question|hi|hello|right|now|basically)$/;

/** Words opening a clause of condition before the question ("if we apologise, are we …"). */
const SUBORDINATOR = /^(?:if|when|once|after|since|because|given|as)$/;
/** Auxiliaries that open a question whatever their subject ("… can CQC prosecute …"); others need a pronoun after them. */
const MODAL_FIRST = /^(?:can|could|may|might|must|should|shall|will|would|do|does|did)$/;
const PRONOUN = /^(?:we|i|you|they|it|he|she|there|this|that|these|those|our|my|your|their)$/;
/** "ok to …", "fine to …": a permission asked without its auxiliary. */
const PERMISSION_WORD = /^(?:ok|okay|alright|fine|safe|allowed|acceptable|permitted|legal)$/;

/** A clause asking for an obligation: "do we have to", "must we", "are we required to", "is it mandatory". */
const OBLIGATION =
  /^(?:(?:do|does|did|will|would)\s+\S+(?:\s+\S+)?\s+(?:have|has|need|needs)\s+to\b|(?:have|has)\s+\S+\s+got\s+to\b|(?:must|should|shall|ought|need)\b|(?:is|are|was|were)\s+\S+(?:\s+\S+)?\s+(?:required|obliged|obligated|expected|supposed|mandated)\b|(?:is|are)\s+(?:it|there)\s+(?:a\s+)?(?:(?:legal|statutory)\s+)?(?:mandatory|compulsory|requirement|required|necessary|duty|obligation|must)\b|(?:do|does|did)\s+\S+(?:\s+\S+)?\s+(?:require|need)\b)/;
/** A clause asking for a permission: "can we", "may we", "is it ok to", "are we allowed to". */
const PERMISSION =
  /^(?:(?:can|could|may|might)\b|(?:is|are)\s+(?:it|this|that)\s+(?:ok|okay|alright|all right|acceptable|allowed|permitted|permissible|legal|lawful|fine)\b|(?:is|are)\s+\S+(?:\s+\S+)?\s+(?:allowed|permitted)\b)/;

/** Words that carry the question's grammar, not its content. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or of to in on at for by with from into onto as than then that this these those there here it its ' +
    'we us our ours i me my you your yours they them their he him his she her one ones someone anyone anything something ' +
    'do does did done doing is are am was were be been being can could may might must should shall will would has have had having ' +
    'need needs needed ought got get getting required require requires obliged obligated expected supposed mandated mandatory compulsory ' +
    'allowed permitted permissible acceptable legal lawful ok okay alright fine necessary requirement duty obligation ' +
    'actually really still also even ever always any all every each some such so if whether about just very much really ' +
    'now too again yet already anymore ' +
    'please legally technically strictly definitely necessarily over under within between before after during per via up out off ' +
    'down across against into upon'
  ).split(' '),
);

/** Verbs a question of fact turns on ("does X apply to Y?", "does X cover Y?"): the answer must say the same of them. */
const FACT_VERB =
  /^(?:apply|applies|cover|covers|include|includes|count|counts|mean|means|set|sets|specify|specifies|replace|replaces|supersede|supersedes|extend|extends|exempt|exempts|affect|affects|allow|allows|permit|permits|require|requires|need|needs|prohibit|prohibits|ban|bans)$/;

/** Words that make the claim negative or restrictive: its yes and no would be ambiguous. */
const CLAIM_NEGATOR =
  /^(?:not|no|never|without|neither|nor|only|just|none|n't|dont|doesnt|didnt|isnt|arent|wasnt|werent|wont|cant|shouldnt|mustnt|couldnt|wouldnt|havent|hasnt)$|n't$/;
/** A plain negation of a reported statement ("we don't bother with", "needs no test"), which an assessment of it can take. */
const PLAIN_NEGATOR = /^(?:not|no|never)$|^(?:don't|dont|doesn't|doesnt|didn't|didnt|isn't|isnt|aren't|arent|won't|wont|can't|cant)$/;
/** Words asking whether a reported statement holds: "is she right?", "is that correct?", "is that true?". */
const ASSESSING = /^(?:right|correct|true|accurate)$/;
/** A statement assessed as a tag question: "that's fine isn't it", "thats ok right", "it's allowed, is it". */
const TAG_ASSESSMENT =
  /^(?:that's|thats|that is|it's|its|this is)\s+(ok|okay|alright|fine|acceptable|allowed|legal|right|correct|true)(?:\s+(?:isn't|isnt|is|right)(?:\s+it)?)?$/;

/** The clauses of a question: split at sentence ends, dashes, colons, semicolons and commas (words in brackets stay in theirs: "the Fire Safety (England) Regulations"). */
function clausesOf(text: string): string[] {
  return text
    .slice(0, MAX_CHARACTERS)
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[?!;:,]|\.(?=\s|$)|\s[-–—]+\s|[–—]/)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/** A clause's words: letters, digits and apostrophes. */
const wordsOf = (clause: string): string[] => clause.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];

/**
 * The polar question a text asks, or null: exactly one clause opening with an auxiliary and its
 * subject, no clause asking what, who, how or when, and nothing that makes a bare yes or no
 * ambiguous (alternatives, "only", a negated auxiliary, a request to the engine).
 */
export function polarQuestion(text: string): PolarQuestion | null {
  // "Is X allowed and where should Y go?": a second question, asking for more than yes or no.
  if (ALSO_ASKS.test(text.slice(0, MAX_CHARACTERS))) return null;
  let found: { words: string[]; clause: string; extra: string[] } | null = null;
  let previous: string[] = [];
  for (const clause of clausesOf(text)) {
    const all = wordsOf(clause);
    let start = 0;
    while (start < all.length - 1 && OPENER.test(all[start] ?? '')) start++;
    let words = all.slice(start);
    let extra: string[] = [];
    const first = words[0] ?? '';
    if (WH_WORD.test(first) || NEGATED_AUXILIARY.test(first)) return null;
    // "ok to crack on?": a permission asked without its auxiliary.
    if (PERMISSION_WORD.test(first) && words[1] === 'to') words = ['is', 'it', ...words];
    // "that's fine isn't it": the statement before, assessed.
    const tag = TAG_ASSESSMENT.exec(words.join(' '));
    if (tag) words = ['is', 'that', tag[1] ?? 'fine'];
    // "if we apologise are we admitting liability?": the question after its condition, which is part of the claim.
    if (SUBORDINATOR.test(first)) {
      const at = words.findIndex(
        (word, i) => i >= 2 && AUXILIARY.test(word) && (MODAL_FIRST.test(word) || PRONOUN.test(words[i + 1] ?? '')),
      );
      if (at < 0) {
        previous = all;
        continue;
      }
      extra = words.slice(1, at);
      words = words.slice(at);
    }
    if (!AUXILIARY.test(words[0] ?? '')) {
      previous = all;
      continue;
    }
    // "… - can we?", "… is she right?": the claim is the clause before.
    if (words.length < 3 || words.slice(1).every((word) => FUNCTION_WORDS.has(word) || ASSESSING.test(word))) {
      if (previous.length === 0) continue;
      // "our governance lead reckons X. is it?": the claim is X, not who made it.
      const reported = previous.slice(0, REPORT_REACH).findLastIndex((word) => REPORTING.test(word));
      extra = previous.slice(reported + 1 + (previous[reported + 1] === 'that' ? 1 : 0));
    }
    // A second polar clause asks a second question; one verdict would not answer both.
    if (found) return null;
    found = { words, clause: words.join(' '), extra };
    previous = all;
  }
  if (!found) return null;
  const { words, clause, extra } = found;
  const subject = words[1] ?? '';
  // "Can you explain …", "Would you draft …": a request, not a question of fact. "Do you have to …" is generic.
  if (
    subject === 'you' &&
    (!/^(?:do|does|must|should|need)$/.test(words[0] ?? '') ||
      /^\w+\s+you\s+(?:know|think|have any|mean|recommend|suggest|advise)\b/.test(clause))
  )
    return null;
  // "Is it X or Y?" offers alternatives ("or not" does not).
  if (/\bor\b(?!\s+not\b)/.test(clause) || /\bwhether\b/.test(clause)) return null;
  // A reported statement denying something once ("we don't bother with X", "it needs no test"), asked
  // whether it holds ("is he right?", "that's fine isn't it?"), is read as its positive claim, negated.
  const assessed = extra.length > 0 && words.slice(1).some((word) => ASSESSING.test(word) || PERMISSION_WORD.test(word));
  const negations = extra.filter((word) => CLAIM_NEGATOR.test(word));
  const negated =
    assessed &&
    negations.length === 1 &&
    PLAIN_NEGATOR.test(negations[0] ?? '') &&
    !words.slice(1).some((word) => CLAIM_NEGATOR.test(word));
  if (!negated && [...words.slice(1), ...extra].some((word) => CLAIM_NEGATOR.test(word))) return null;
  const modality: PolarModality = negated
    ? 'fact'
    : OBLIGATION.test(clause)
      ? 'obligation'
      : PERMISSION.test(clause)
        ? 'permission'
        : 'fact';
  const content = [...words.slice(1), ...extra].filter(
    (word) => !FUNCTION_WORDS.has(word) && !ASSESSING.test(word) && !CLAIM_NEGATOR.test(word) && (word.length >= 2 || /\d/.test(word)),
  );
  return {
    ...(negated ? { negated } : {}),
    modality,
    claim: clause,
    words: content,
    verb: modality === 'fact' && /^(?:do|does|did)$/.test(words[0] ?? '') ? (content.find((word) => FACT_VERB.test(word)) ?? null) : null,
    // A number with a unit or a count after it ("12 months", "5 staff"), not a document's number ("03 01 part b").
    figures: content.filter(
      (word, i) =>
        /^\d+(?:\.\d+)?$/.test(word) &&
        /^[a-z]{3,}$/.test(content[i + 1] ?? '') &&
        !/^(?:part|edition|section)$/.test(content[i + 1] ?? '') &&
        // "Reg 5 fit and proper persons", "section 34 duty": the number of a provision, not a figure.
        !/^(?:reg|regs|regulation|regulations|section|part|article|schedule|paragraph|chapter|annex|appendix|clause|table|htm|hbn|hsg|bs|acop)$/.test(
          content[i - 1] ?? '',
        ),
    ),
  };
}
