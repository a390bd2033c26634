import { clause, requestIn, specificWords, withoutOpeners } from './actions-phrases.ts';
import { partsOfSpeech } from '../core/language/tagger.ts';
import { capitalise, type Sentence, type Turn } from './sentences.ts';
import { lowerFirst } from './topics-sentences.ts';
import { stemOf } from './actions-merge.ts';

/**
 * Decisions: what the group agreed or approved, including an explicit agreement to keep something
 * as it is. Read from the words that settle a discussion:
 * - "agreed, X", "so we agree, X", "so we agreed: X" / "so that's agreed" (X is then the next sentence, or the proposal just put);
 * - "OK, so X, then.": an outcome named without a verb, closing the discussion;
 * - "X. Good, that's agreed." / "X. Agreed then.": a trailing agreement confirms the sentence before;
 * - "I'm happy to approve that (in principle)", "that's approved": the approval of what was just proposed;
 * - "so we're going with X", "we'll go with X", "let's go with X";
 * - "the group approved X", "the committee supports X" ("the group approves the change" takes X from the next sentence);
 * - "we keep X", "we'll leave X monthly", "we stay quarterly", "we'll defer X to June".
 * - a motion, an item that is a motion, or papers to note, put to the members by the chair ("Can I
 *   propose … that the committee resolves to …? Are Members content?"): assent is silent, so it is
 *   decided unless someone objects.
 * Questions ("are we agreed?") and proposals ("could we …?") are not decisions; neither is the
 * approval of the last meeting's minutes. Each decision is one sentence that keeps the words said.
 */

export interface FoundDecision {
  text: string;
  lines: number[];
  /** Said after dropping what was settled just before ("OK, scrap that.", "Fair enough."): the decision before it no longer stands. */
  replaces?: boolean;
}

const AGREED =
  /^(?:(?:so|ok|okay|right|good|great|fine|then)[,.]?\s+)*(?:(?:(?:that's|it's|that is|we're|we are|we've|we have|we|all)\s+)?agreed|we (?:all )?agree)(?:\s+then)?\s*[,:;]\s*(?:that\s+)?(.+)$/i;
const AGREED_ALONE =
  /^(?:(?:so|ok|okay|right|good|great|fine|then)[,.]?\s+)*(?:(?:that's|it's|that is|we're|we are|all)\s+)?agreed(?:\s+then)?[.!]?$/i;
const GOING_WITH =
  /\b(?:we're going with|we are going with|we'll go with|we will go with|let's go with|we're going to go with|we go with|we'll go for|let's go for)\s+(.+)$/i;
const APPROVED =
  /\b((?:(?:the|this|our)\s+)?(?:group|committee|board|panel|forum|meeting|we)\s+(?:has\s+|have\s+)?(?:approved|approves|endorsed|endorses|ratified|ratifies|supports|support|accepted|accepts|recommends|resolved|resolves|decided|decides)\b.*)$/i;
/** Words that close a discussion before its outcome is stated: "So, …", "OK, so …", "Fine, so …", "Then …". */
const CONCLUDING =
  /^(?:(?:ok|okay|right|fine|good|great|yes|yeah|lovely|excellent|agreed|all right|alright)[,.!]?\s+)*(?:so|then|in that case)\b[,]?\s+/i;
/** "So we'll adopt the template", "then we go ahead with the trial": the group taking up what was discussed. */
const ADOPT =
  /^we(?:'ll| will|'re going to| are going to| shall)?\s+((?:adopt|go ahead with|switch to|move to|proceed with|accept|recommend|use)\b.+)$/i;
/**
 * An outcome stated as settled: "So the renal unit goes onto the sampling programme", "Then
 * housekeeping does the flushing from now on", "So the shower stays out of use until it's clear".
 */
const SETTLED_VERB =
  /^(?:the\s+|our\s+|all\s+|every\s+)?(?:(?:(?!\b(?:is|are|was|were|if|when|well|so|ok|okay|please|but|for)\b)[\p{L}\d' -]){2,30},\s+)*[\p{L}\d' -]{2,60}?\s+(?:stays?|remains?|goes (?:ahead|onto|on to|into|in|back|to|out|on (?:the|every|each|our|all|a|an)\b)|go (?:[\p{L}]+-)?(?:monthly|weekly|quarterly|annual|annually|yearly|daily)\b|comes? (?:straight|direct|directly)\b|gets? (?:told|given|sent)\b|(?<=[a-z]{2}s\s)(?<!\b(?:has|was|is|does|this|its|us|yes|as|his)\s)go (?:ahead|onto|on to|into|in|back|to|out)|moves? (?:to|onto|into|over)|comes? (?:onto|into|off|back)|switch(?:es)? to|will (?:stay|remain|go|move|continue|be run|be kept|be done)|(?:is|are) (?:approved|adopted|accepted|deferred|closed|suspended|stopped|signed off)|gets? \p{L}+ed)\b/iu;
/**
 * A short sentence that drops what was proposed, or settles on what was said, and turns to the
 * outcome: "OK, scrap that, then.", "So forget daily, then.", "Right, scrap the full closure.",
 * "Then that's what we do."
 */
const CLOSES =
  /^(?:(?:ok|okay|right|fine|so|then)[,.]?\s+)*(?:scrap|forget|drop|ditch)\s+(?:the\s+|that\s+|this\s+)?(?:\S+\s+){0,3}?(?:(?:then|in that case)[.!]?|\S+[.!])$|^(?:ok|okay|right|fine),?\s+(?:then|in that case)[.!]?$|^(?:(?:ok|okay|right|fine|so|then)[,.]?\s+)*(?:that's|that is)\s+what\s+we(?:'ll|\s+will)?\s+do(?:\s+then)?[.!]?$/i;
const FROM_NOW = /\b(?:from now on|going forward|with immediate effect|from (?:the )?next (?:round|month|quarter|meeting))\b/i;
/** A statement that starts with a person or a pronoun is someone's view or task, not the group's outcome. */
const PERSONAL_START = /^(?:i|i'm|i'll|i've|you|he|she|it|it's|that|that's|this|there|there's|they|we've|what|which|who|let's|let)\b/i;
/** An open question put to the group ("the question is how long …"), not its answer. */
const OPEN_QUESTION = /\b(?:question|how long|how many|how much|whether|what|which|might|could|maybe|perhaps)\b/i;
/** "When" and "if" open a question only in the main clause: after it they set a condition ("… out there when a patient is"). */
const OPEN_IN_MAIN = /\b(?:when|if)\b/i;
const KEEP = /\bwe(?:'ll| will|'re going to)?\s+(?:just\s+)?((?:keep|leave|stay|stick with|continue with|defer|postpone|bring)\b.+)$/i;
/** "Keep" that is not about the matter decided. */
const NOT_KEEP =
  /^(?:keep (?:you|them|everyone|people|it) (?:posted|updated|informed|in the loop)|leave it (?:there|for now|for today)|leave (?:that|it) with you|stay (?:on|in touch|with it)|bring (?:it|that|this) (?:back|up|to)|continue\b(?! with))/i;
/** An approval of what was just put, by the person who can give it: "I'm happy to approve that in principle". */
const APPROVAL_ALONE =
  /^(?:(?:so|ok|okay|right|good|great|fine|then|yes)[,.]?\s+)*(?:(?:I'm|I am|we're|we are)\s+(?:happy|content|willing|pleased)\s+to|I(?:'ll| will| can)|I)\s+(?:approve|sign off|support)\s+(?:that|it|this)(?:\s+(?:one|proposal|request))?(?:\s+(?:in principle|then|now))?[.!]?$|^(?:(?:so|ok|okay|right|good|fine|then)[,.]?\s+)*(?:that's|that is|it's|it is)\s+approved(?:\s+(?:in principle|then))?[.!]?$/i;
/** A bare agreement that looks forward to what it settles ("Right, so we're agreed. The …"), not back. */
const FORWARD = /^(?:so|ok|okay|right|then)\b/i;
const MINUTES = /\bminutes\b|\btrue record\b/i;
/**
 * A proposal just before a bare "agreed" or an approval: "I'd like the committee to agree that X",
 * "are people happy that X?", "my suggestion is X", "what I'd like to do is X", "the sensible decision is that X".
 */
const PROPOSAL =
  /\b(?:agree that|agree to|happy (?:that|with|to)|comfortable (?:that|with)|everyone ok with|agreed on|support|my (?:suggestion|proposal|recommendation) is(?: that)?|I(?:'d| would)? (?:suggest|propose|recommend)(?: that)?|what I(?:'d| would) like to do is|the (?:sensible|obvious|right|best|simplest) (?:decision|thing to do|option|answer|way forward) is(?: that| to)?)\s+(.+)$/i;

export function findDecisions(turns: readonly Turn[]): FoundDecision[] {
  const sentences = turns.flatMap((turn) => turn.sentences);
  const body = bodyOf(sentences);
  const speakers = speakerWords(turns);
  const found: Placed[] = [];
  for (const [at, sentence] of sentences.entries()) {
    if (MINUTES.test(sentence.text) && !FOR_THE_RECORD.test(sentence.text)) continue;
    const decision = /\?\s*$/.test(sentence.text)
      ? assentedMotion(sentence, at, sentences, body)
      : (decisionIn(sentence, at, sentences) ?? wentAhead(sentence, at, sentences, speakers));
    const placed = decision === null ? null : placedDecision(decision, at);
    if (placed !== null) found.push(placed);
  }
  return lastWord(dedupe(reconsidered(found, sentences).map((placed) => placed.decision)));
}

/**
 * The outcome the decider states once they have let a proposal go ahead: "Then let's do that. The
 * interim controller goes ahead now, out of the backlog budget …", "OK, fine. The round stays at
 * ten …", "Fine, let's do that then. Quarterly bin audits on every ward.", "Let's not go trust-wide
 * in November, then. Six wards go onto offensive waste in November …"; and what is said "for the
 * minutes", or after "I want to be clear." A bare "OK." or "Right." goes ahead with nothing: it
 * as often turns to the next item. The statement must stand alone: not a
 * question, a request, a duty or a wish, the next item, someone called on by name, or the speaker's
 * own view or task.
 */
const GOES_AHEAD =
  /^(?:(?:ok|okay|right|fine|good|so|then|yes|yeah|and)[,.]?\s+)*(?:let's (?:do (?:that|it|this)|change (?:that|it|this)|go (?:ahead|with (?:that|it|this)))(?:\s+(?:anyway|then))?|let's not\s[^.?!]+|that's what we(?:'ll| will)? do(?:\s+then)?|(?:then\s+)?that \S+ (?:has|needs) to change|(?:ok|okay|right)[,.]?\s+(?:fine|fair)|fine|fair|fair enough)(?:,?\s+then)?[.!]?$/i;
/**
 * "So, to be clear for the minutes, X", "I want to be clear." (X in the next sentence). Not "for the
 * record", which as often puts a fact on record ("for the record, we do run both sets on load").
 */
const FOR_THE_RECORD = /\b(?:for the minutes|I want to be clear)\b[,:.]?\s*/i;
/** Sentences that open an item or a turn of the meeting, not an outcome: "So, the field safety notice …", "Now, the spill …". */
const OPENS_ITEM = /^(?:so|and|now|before|then the|hi|hello|matters arising|minutes|actions?|next|moving on|over to|welcome)\b/i;
/** Titles before a name: "Dr Menon, health surveillance." calls on someone. */
const TITLE = /^(?:dr|mr|mrs|ms|miss|prof|professor)\b/i;
/** Telling words an outcome stated after a go-ahead needs. */
const WENT_AHEAD_WORDS = 3;

function wentAhead(sentence: Sentence, at: number, sentences: readonly Sentence[], speakers: ReadonlySet<string>): FoundDecision | null {
  const text = sentence.text.trim();
  const marker = FOR_THE_RECORD.exec(text);
  if (marker) {
    const after = text.slice(marker.index + marker[0].length);
    if (after.length > 0) return standsAlone(after, speakers) ? { text: outcomeClause(after), lines: [sentence.line] } : null;
    const next = sentences[at + 1];
    return next?.turn === sentence.turn && standsAlone(next.text.trim(), speakers)
      ? { text: outcomeClause(next.text.trim()), lines: [sentence.line, next.line] }
      : null;
  }
  const previous = sentences[at - 1];
  if (previous?.turn !== sentence.turn || !GOES_AHEAD.test(previous.text.trim())) return null;
  if (OPENS_ITEM.test(text) || !standsAlone(text, speakers)) return null;
  return { text: outcomeClause(text), lines: [previous.line, sentence.line] };
}

/** Whether a sentence states an outcome that stands alone (see wentAhead). */
function standsAlone(text: string, speakers: ReadonlySet<string>): boolean {
  const said = withoutOpeners(text);
  const first = (said.split(/[\s,]+/)[0] ?? '').toLowerCase().replace(/'s$/, '');
  return (
    !/\?\s*$/.test(text) &&
    !PERSONAL_START.test(said) &&
    !TURNS_AWAY.test(said) &&
    !CONSEQUENCE.test(said) &&
    !CALLS_NEXT.test(said) &&
    !PARTING.test(said) &&
    !TITLE.test(said) &&
    !speakers.has(first) &&
    !fragmented(said) &&
    requestIn(text) === null &&
    specificWords(said).length >= WENT_AHEAD_WORDS
  );
}

/** The first words of the speakers' names, in lower case: a sentence opening with one calls on someone. */
function speakerWords(turns: readonly Turn[]): Set<string> {
  return new Set(turns.flatMap((turn) => (turn.speaker ? [(turn.speaker.split(/\s+/)[0] ?? '').toLowerCase()] : [])));
}

/** A decision with the sentence it was read from. */
interface Placed {
  decision: FoundDecision;
  at: number;
}

/** A decision written as one sentence, or null when it names too little. */
function placedDecision(decision: FoundDecision, at: number): Placed | null {
  const text = sentenceText(decision.text);
  if (specificWords(text).length < 2) return null;
  const lines = [...new Set(decision.lines)].sort((a, b) => a - b);
  return { decision: { text, lines, ...(decision.replaces ? { replaces: true } : {}) }, at };
}

/**
 * A decision challenged and settled again. When another speaker objects to what was just decided
 * ("Did I hear you're bringing the hoists back in?", "Carpet in a clinical corridor? No.", "Oh, no,
 * not January.") and the one who decided it then gives way and states the outcome ("Fine. The
 * engineers examine them in people's homes …", "OK, scrap the full shutdown. The filter change is
 * done over two weekends …"), that outcome is the decision and the first is not. The objection
 * must name something the decision named, or come straight after it was put; the decider's turns
 * before they give way (a question, a recap for a late joiner) are read past; a decider who gives
 * way without stating an outcome leaves the decision as it was.
 */
const RECONSIDER_REACH = 80;
/** The objection comes within this many turns of the decision being put (or recalled). */
const CHALLENGE_TURNS = 6;
/** …and the decider answers it within this many turns. */
const ANSWER_TURNS = 10;
/**
 * A decider's turn naming this many of the decision's words, and this share of them, recalls it
 * ("We've just said the update goes to e-learning"); naming the ward it concerns does not.
 */
const RECALLED_WORDS = 2;
const RECALLED_SHARE = 0.5;
/**
 * Words that object to what was just said: a "No" said on its own ("No lone working assessment …"
 * names a gap), "hang on", "did I hear …?", "please don't", "you can't".
 */
const OBJECTION =
  /^(?:(?:oh|sorry|well|um|er|erm)[,.!—\s-]+)*(?:no(?=\s*(?:[,.!;:—–-]|$))(?![,\s]+(?:problem|worries|doubt)\b)|hang on\b|hold on\b|wait\b)|\bdid (?:I|you|we) (?:just )?(?:hear|say|catch)\b|\bI (?:really )?(?:don't|do not) (?:think|agree|want)\b|\bI(?:'m| am) not (?:sure|happy|convinced|comfortable)\b|\bI(?:'d| would) rather not\b|\b(?:can't|cannot) do that\b|\bplease don't\b|\bdon't do that\b|\byou (?:can't|cannot)\b/i;
/** Giving way: "Fine.", "OK, fair.", "Fair enough,", "She's right." */
const GIVES_WAY =
  /^(?:(?:ok|okay|right|fine|fair|fair enough|fair point|good point|point taken|all right|alright|yes|yeah|you're right|(?:she|he)'s right|they're right|that's fair)(?:[,.!;:]\s*|\s+|$))+/i;
/** "Scrap the full shutdown.": what was decided, dropped. */
const DROPS = /^(?:scrap|forget|drop|ditch)\b[^.?!]*[.!]?$/i;

function reconsidered(placed: readonly Placed[], sentences: readonly Sentence[]): Placed[] {
  const byAt = new Map(placed.map((entry, index) => [entry.at, index]));
  const dropped = new Set<number>();
  const added: Placed[] = [];
  for (const [index, { decision, at }] of placed.entries()) {
    const decider = sentences[at]?.speaker;
    if (!decider) continue;
    const named = settledStems(decision.text);
    // The turn where the decision was last put: said, or recalled by the decider ("We've just said …").
    let put = sentences[at]?.turn ?? 0;
    // The objection, once made: its turn, and the matter challenged (the decision's words and the objection's).
    let challenge: { matter: Set<string>; turn: number } | null = null;
    for (let next = at + 1; next < sentences.length && next <= at + RECONSIDER_REACH; next += 1) {
      const opening = sentences[next] as Sentence;
      const before = sentences[next - 1];
      if (before?.turn === opening.turn) continue;
      if (challenge !== null && opening.turn - challenge.turn > ANSWER_TURNS) break;
      const turn = turnFrom(sentences, next);
      const said = turn.map((sentence) => sentence.text).join(' ');
      if (opening.speaker !== decider) {
        // "No." answering someone else's question is not an objection to the decision.
        const answers = before !== undefined && before.speaker !== decider && /\?\s*$/.test(before.text);
        if (
          challenge === null &&
          !answers &&
          opening.turn - put <= CHALLENGE_TURNS &&
          turn.some((sentence) => OBJECTION.test(sentence.text.trim())) &&
          // About the decision: naming something it named, or said straight after it was put.
          (sharedStems(said, named) > 0 || before?.turn === put)
        )
          challenge = { matter: settledStems(`${decision.text} ${said}`), turn: opening.turn };
        continue;
      }
      if (challenge === null) {
        const recalled = sharedStems(said, named);
        if (recalled >= RECALLED_WORDS && recalled >= RECALLED_SHARE * named.size) put = opening.turn;
        continue;
      }
      const restated = restatement(sentences, next, turn);
      if (restated !== null) {
        dropped.add(index);
        for (const k of turn.keys()) {
          const own = byAt.get(next + k);
          if (own !== undefined) dropped.add(own);
        }
        const entry = placedDecision(restated, next);
        if (entry !== null) added.push(entry);
        break;
      }
      // A decision the decider states on the matter challenged settles it again.
      const { matter } = challenge;
      const again = turn.some((_sentence, k) => {
        const own = byAt.get(next + k);
        return own !== undefined && sharedStems((placed[own] as Placed).decision.text, matter) > 0;
      });
      if (again) {
        dropped.add(index);
        break;
      }
      if (GIVES_WAY.test(opening.text.trim())) break;
    }
  }
  return [...placed.filter((_entry, index) => !dropped.has(index)), ...added].sort((a, b) => a.at - b.at);
}

/** Sentences of a turn read for an objection or a restated outcome: they come first. */
const TURN_SENTENCES = 8;

/** The first sentences of the turn that opens at `from`. */
function turnFrom(sentences: readonly Sentence[], from: number): Sentence[] {
  const turn: Sentence[] = [];
  for (let index = from; turn.length < TURN_SENTENCES && sentences[index]?.turn === sentences[from]?.turn; index += 1)
    turn.push(sentences[index] as Sentence);
  return turn;
}

/** The stems of a decision's telling words, less the words of settling any decision has. */
function settledStems(text: string): Set<string> {
  return new Set(
    specificWords(text)
      .map(stemOf)
      .filter((stem) => !SETTLING.has(stem)),
  );
}

/** How many of `stems` a text names. */
function sharedStems(text: string, stems: ReadonlySet<string>): number {
  return new Set(
    specificWords(text)
      .map(stemOf)
      .filter((stem) => stems.has(stem)),
  ).size;
}

/**
 * The outcome a decider states on giving way, in the turn opening at `from`: "Fine. HPV for the
 * alert organisms only, and chlorine plus UV for every other side room.", "OK. No carpet. Sheet
 * vinyl with coved skirting throughout …"; null when the turn does not open by giving way or
 * states no outcome.
 */
function restatement(sentences: readonly Sentence[], from: number, turn: readonly Sentence[]): FoundDecision | null {
  const first = turn[0];
  const opener = first ? GIVES_WAY.exec(first.text.trim()) : null;
  if (!first || !opener) return null;
  const said = [first.text.trim().slice(opener[0].length), ...turn.slice(1).map((sentence) => sentence.text.trim())];
  let k = 0;
  while (k < said.length && (said[k] === '' || DROPS.test(said[k] as string) || GIVES_WAY.exec(said[k] as string)?.[0] === said[k])) k += 1;
  const outcome = said[k]?.replace(/,\s*then\b(?=[.!]?$|,)/gi, '');
  if (!outcome || /\?\s*$/.test(outcome) || PERSONAL_START.test(outcome) || fragmented(outcome) || requestIn(outcome) !== null) return null;
  const restated = withSequel({ text: outcomeClause(outcome), lines: [first.line, turn[k]?.line ?? first.line] }, from + k, sentences);
  return specificWords(restated.text).length >= RESTATED_WORDS ? restated : null;
}

/** The telling words a restated outcome needs: it stands alone in the minutes. */
const RESTATED_WORDS = 3;

/**
 * The chair putting a matter to the members for their assent, as committees and boards do: "Are
 * Members content?", "Is that agreed?", "Are Members happy to note those?", "Any objections?".
 * Assent is silent: the matter is decided unless someone objects before the chair goes on.
 */
const ASSENT =
  /(?:^|,\s*(?:but|and|so)\s+)(?:(?:so|ok|okay|right|and)[,.]?\s+)*(?:(?:are|is)\s+(?:members|colleagues|everyone|everybody|we|the\s+(?:committee|board|panel|group|council))\s+(?:all\s+)?(?:content|agreed|happy|in\s+agreement|happy\s+to\s+(note|approve|agree|accept|endorse|ratify)\s+(?:those|these|that|this|them|it|the\s+\w+))|is\s+that\s+agreed|(?:are\s+there\s+)?any\s+objections)\??$/i;
/** A motion or proposal put by the chair: "Can I propose, in accordance with Standing Order 17.42, that the committee resolves to …?" */
const MOTION =
  /^(?:(?:so|ok|okay|right|then)[,.]?\s+)*(?:(?:can|may|could)\s+I\s+propose|I\s+(?:move|propose)|I'd\s+like\s+to\s+propose)(,?\s+(?:in\s+accordance\s+with|under)\s+[^,]+,)?\s+that\s+(.+?)[?.]?$/i;
/** An item of business that is a motion: "Item 4, then, is a motion under Standing Order 17.42 to resolve to exclude the public …". */
const MOTION_ITEM = /\b(?:is|we\s+have)\s+(a\s+motion\s+(?:under|in\s+accordance\s+with)\s+.+?\s+to\s+.+?)[.?]?$/i;
/** Papers put to the members to note: "Item 3 is papers to note", "Paper to note 10 is …". */
const PAPER_TO_NOTE = /\bpapers?\s+to\s+note(?:\s+(\d+))?/gi;
/** Characters at the end of a question read for an assent: it is the question's last clause. */
const MAX_ASSENT = 120;
/** How many of the chair's sentences before an assent question are read for what it is put on. */
const ASSENT_REACH = 3;
/** Bodies that decide: the one a meeting's words name most is the one deciding. */
const BODY = /\b(committee|board|panel|council|forum|group)\b/gi;

/** The deciding body a meeting names most ("committee" in a committee's session), else "group". */
function bodyOf(sentences: readonly Sentence[]): string {
  const counts = new Map<string, number>();
  for (const sentence of sentences)
    for (const match of sentence.text.matchAll(BODY)) {
      const word = (match[1] ?? '').toLowerCase();
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'group';
}

/**
 * What members assented to: the chair's assent question after a motion ("Can I propose … that the
 * committee resolves to meet in private? Are Members content?"), an item that is a motion, or papers
 * put to note; nobody objecting before the chair goes on.
 */
function assentedMotion(sentence: Sentence, at: number, sentences: readonly Sentence[], body: string): FoundDecision | null {
  const assent = ASSENT.exec(sentence.text.trim().slice(-MAX_ASSENT));
  if (!assent) return null;
  const next = sentences[at + 1];
  if (next && next.speaker !== sentence.speaker && OBJECTS.test(next.text)) return null;
  const deciding = `The ${body}`;
  for (let index = at; index >= 0 && index >= at - ASSENT_REACH; index -= 1) {
    const earlier = sentences[index] as Sentence;
    if (earlier.turn !== sentence.turn) break;
    const text = earlier.text.trim();
    const motion = MOTION.exec(text);
    if (motion?.[2] && specificWords(motion[2]).length >= 2) {
      const under = motion[1] ? ` ${motion[1].replace(/^,?\s+|,$/g, '')}` : '';
      return { text: `${clause(motion[2])}${under}`, lines: [earlier.line, sentence.line] };
    }
    const item = MOTION_ITEM.exec(text);
    if (item?.[1]) return { text: `${deciding} agrees ${item[1]}`, lines: [earlier.line, sentence.line] };
  }
  if (assent[1]?.toLowerCase() !== 'note') return null;
  // "Are Members happy to note those?": the papers to note the chair listed in this turn.
  const listed = sentences.filter((earlier) => earlier.turn === sentence.turn && earlier.line <= sentence.line);
  const numbers = listed.flatMap((earlier) => [...earlier.text.matchAll(PAPER_TO_NOTE)].map((match) => Number(match[1] ?? 0)));
  if (numbers.length === 0) return null;
  const last = Math.max(...numbers);
  return { text: `${deciding} notes papers to note${last > 1 ? ` 1 to ${last}` : ''}`, lines: [sentence.line] };
}

/** Shared telling words that make a later decision the same matter settled again. */
const REVISITED_SHARE = 0.5;
const REVISITED_MIN_WORDS = 2;
/** Words of settling, which any two decisions may share: they say nothing of the matter. */
const SETTLING = new Set(['stay', 'keep', 'go', 'goe', 'remain', 'move', 'use', 'do', 'done', 'get', 'run', 'then']);
/** A decision this few lines before one that drops what was settled ("OK, scrap that. …") is the one dropped, whatever its words. */
const REPLACED_WITHIN_LINES = 10;
/** How far apart, in lines, a decision and the one that puts the same thing on another date may be. */
const RESCHEDULED_WITHIN_LINES = 20;

/**
 * A matter settled twice ("go with the fifty per cent option", then, when someone objects, "the board
 * recommends the seventy-five per cent option"): the last word stands and the first is not a decision.
 */
function lastWord(decisions: readonly FoundDecision[]): FoundDecision[] {
  const stems = decisions.map((decision) => new Set(specificWords(decision.text).map((word) => word.replace(/s$/, ''))));
  return decisions.filter((_decision, index) => {
    const own = stems[index] as Set<string>;
    const decision = decisions[index] as FoundDecision;
    // The next decision drops this one ("Let's shut the courtyard." … "Fair enough. The garden stays open …").
    // Of the same matter: a word in common, or said just before.
    const next = decisions[index + 1];
    if (next?.replaces) {
      const gap = (next.lines[0] ?? 0) - (decision.lines.at(-1) ?? 0);
      const shared = [...own].some((word) => !SETTLING.has(word) && stems[index + 1]?.has(word));
      if (gap <= REPLACED_WITHIN_LINES || (shared && gap <= RESCHEDULED_WITHIN_LINES)) return false;
    }
    const dated = WHEN.test(decision.text);
    return !stems.slice(index + 1).some((later, k) => {
      const shared = [...own].filter((word) => later.has(word)).length;
      // The same thing put on another date a few lines on ("go with December for the boiler", then
      // "the boiler examination moves to January"): a word in common besides the dates.
      const other = decisions[index + 1 + k] as FoundDecision;
      const rescheduled =
        dated &&
        WHEN.test(other.text) &&
        (other.lines[0] ?? 0) - (decision.lines.at(-1) ?? 0) <= RESCHEDULED_WITHIN_LINES &&
        [...own].some((word) => later.has(word) && !WHEN.test(word));
      return rescheduled || (shared >= REVISITED_MIN_WORDS && shared >= REVISITED_SHARE * own.size);
    });
  });
}

/** A decision that sets when something happens: a month, a week or a day. */
const WHEN =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|week of|week commencing|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;

/**
 * Whether a sentence states a decision in its own words ("agreed, we move the clinic", "the board
 * approved the bid", "we're going with the cheaper quote"): the group's settlement, not anyone's task.
 */
export function statesDecision(text: string): boolean {
  if (/\?\s*$/.test(text)) return false;
  if (AGREED.exec(text)?.[1] || GOING_WITH.test(text)) return true;
  const approved = APPROVED.exec(text)?.[1];
  return approved !== undefined && !SUPPORTS_PERSON.test(approved);
}

/** "We support that", "I accept it": backing a person's point, not a decision. */
const SUPPORTS_PERSON = /\b(?:we|I)\s+(?:support|accept)\s+(?:that|it|this|you)\b/i;

function decisionIn(sentence: Sentence, at: number, sentences: readonly Sentence[]): FoundDecision | null {
  const text = sentence.text;
  const agreed = AGREED.exec(text);
  if (agreed?.[1]) return fromContent(agreed[1], sentence, at, sentences);
  if (AGREED_ALONE.test(text.trim()) && !FORWARD.test(text.trim())) {
    return contentBefore(sentence, at, sentences) ?? contentAround(sentence, at, sentences);
  }
  if (
    AGREED_ALONE.test(text.trim()) ||
    APPROVAL_ALONE.test(text.trim()) ||
    /^(?:the\s+)?(?:group|committee)\s+approves\s+(?:the|this|that)\s+(?:change|proposal|recommendation)[.!]?$/i.test(text.trim())
  ) {
    return contentAround(sentence, at, sentences);
  }
  const going = GOING_WITH.exec(text);
  if (going?.[1]) return { text: `Go with ${clause(going[1])}`, lines: [sentence.line] };
  const approved = APPROVED.exec(text);
  if (approved?.[1] && !SUPPORTS_PERSON.test(approved[1])) return { text: clause(approved[1]), lines: [sentence.line] };
  const keep = KEEP.exec(text);
  if (keep?.[1] && !NOT_KEEP.test(keep[1]) && !/\bif\b/i.test(text.slice(0, keep.index)))
    return { text: clause(keep[1]), lines: [sentence.line] };
  return settledIn(sentence, at, sentences) ?? acceptedProposal(sentence, at, sentences);
}

/**
 * An outcome said as settled after a discussion: "So we'll adopt X", "OK, so X goes onto the
 * programme", "Then X does Y from now on". A concluding word is needed, so a report of how
 * things stand ("the shower stays shut while we wait") is not read as a decision.
 */
function settledIn(sentence: Sentence, at: number, sentences: readonly Sentence[]): FoundDecision | null {
  const previous = sentences[at - 1];
  const concluding = CONCLUDING.exec(sentence.text);
  // "OK, scrap that, then. The bath stays in use …": the concluding word may close the sentence before.
  const closedBefore = previous?.turn === sentence.turn && (CLOSES.test(previous.text) || CONCEDES.test(previous.text.trim()));
  // "OK. The calorifiers stay at sixty.": a turn opened by a bare acknowledgement, then the outcome.
  const opensTurn = previous?.turn === sentence.turn && sentences[at - 2]?.turn !== previous.turn;
  const acknowledged = opensTurn && ACKNOWLEDGES.test(previous?.text.trim() ?? '');
  const agreed = opensTurn && AGREES_FIRST.test(previous?.text.trim() ?? '');
  if ((acknowledged || (agreed && !AS_IT_IS.test(sentence.text))) && (statesOutcome(sentence.text) || namedAlone(sentence.text)))
    return withSequel({ text: outcomeClause(sentence.text), lines: [sentence.line] }, at, sentences);
  // "Heat pump option in the bid, then.", "Fine, the CT goes on the shedding list, then.", "Right, floor
  // by floor, then, top two floors first": a turn opening on an outcome that ", then" closes.
  if (concluding === null && (previous?.turn !== sentence.turn || acknowledged || agreed)) {
    const outcome = closedByThen(sentence.text);
    if (outcome) return withSequel({ text: outcome, lines: [sentence.line] }, at, sentences);
  }
  if (concluding === null && !closedBefore) return null;
  const rest = sentence.text.slice(concluding?.[0].length ?? 0).trim();
  // "Then nobody uses the new oven cleaner until …", "So every new product goes on the matrix …": a rule for everyone.
  if (concluding !== null && QUANTIFIED.test(rest) && specificWords(rest).length >= 3 && !fragmented(rest) && !/\?\s*$/.test(rest))
    return withSequel({ text: outcomeClause(rest), lines: [sentence.line] }, at, sentences);
  // "So we don't ratify the fire policy today", "Then we ratify X, subject to Y": the group's act, in the present.
  if (concluding !== null && actsInPresent(rest) && specificWords(rest).length >= 3 && !fragmented(rest))
    return withSequel({ text: outcomeClause(rest), lines: [sentence.line] }, at, sentences);
  // After a closing sentence, "It's done overnight, one lane at a time": "it" is the matter just settled.
  if (closedBefore && previous && concluding === null && SETTLED_IT.test(rest) && specificWords(rest).length >= 2)
    return { text: outcomeClause(rest), lines: [previous.line, sentence.line], replaces: true };
  // "OK, scrap that. We do the refresher in-house in January …": the group's new way, said in the present.
  if (closedBefore && previous && concluding === null && WE_DO.test(rest) && specificWords(rest).length >= 3)
    return { text: outcomeClause(rest), lines: [previous.line, sentence.line], replaces: true };
  // "Then no bed rails without a documented assessment": a rule settled, said without a verb.
  if (concluding !== null && RULE.test(rest) && specificWords(rest).length >= 2)
    return { text: outcomeClause(rest), lines: [sentence.line] };
  const adopted = ADOPT.exec(rest);
  if (adopted?.[1] && specificWords(adopted[1]).length >= 2) return { text: clause(adopted[1]), lines: [sentence.line] };
  if (statesOutcome(rest)) return { text: outcomeClause(rest), lines: [sentence.line], ...(closedBefore ? { replaces: true } : {}) };
  // "OK, so e-learning only from January, then.": the outcome named without a verb, closing the discussion.
  const named = concluding === null ? null : NAMED_OUTCOME.exec(rest);
  return named?.[1] && specificWords(named[1]).length >= 2 && !PERSONAL_START.test(named[1]) && !OPEN_QUESTION.test(named[1])
    ? { text: named[1], lines: [sentence.line] }
    : null;
}

/**
 * The chair giving way to an objection before stating the outcome: "Fair enough.", "Good point.",
 * "Point taken.", "You're right." The sentence after it in the same turn is the matter settled anew.
 */
const CONCEDES =
  /^(?:(?:ok|okay|right|yes|yeah|alright|all right)[,.]?\s+)*(?:fair enough|fair point|good point|point taken|you're right|that's fair|that's a fair point)[.!]?$/i;
/** "We do X", "we run it in two groups": the group's way of doing it, in the present, not a wish or a duty ("we need to", "we should"). */
const WE_DO =
  /^we\s+(?!(?:need|have|had|should|could|would|might|may|must|can|will|shall|are|were|was|think|thought|know|knew|want|wanted|hope|feel|just|all|also|really|still|don't|didn't|do not)\b)[a-z]+\s+\S/i;

/** "We ratify X", "we don't accept it", "we take the meals up": what the group does, in the present, not a wish, duty or report. */
const WE_ACT =
  /^we\s+(?:(?:don't|do not|won't|will not)\s+)?(?!(?:need|have|had|should|could|would|might|may|must|can|will|shall|are|were|was|think|thought|know|knew|want|wanted|hope|feel|just|all|also|really|still|don't|didn't|do|did|got|get|went|go|said|say|see|saw|mean|guess|reckon|believe)\b)([a-z]+)\s+\S/i;
/** A verb in the past: a report of what was done, not what is settled. */
const PAST =
  /^(?:\w+ed|went|did|had|got|made|took|found|sent|told|said|saw|met|came|gave|kept|left|put|ran|set|spoke|bought|brought|thought)$/i;
/** The longest sentence, in words, that goes on with an outcome ("Gas boilers as the fallback."). */
const SEQUEL_WORDS = 20;
/** …and the shortest ("Tad, waste." hands over to the next item). */
const SEQUEL_MIN_WORDS = 4;
/** A sentence that turns from the outcome: to a question, a task, a view or what comes next. */
const TURNS_AWAY =
  /^(?:i|i'm|i'll|i've|i'd|you|he|she|that|that's|this|there|there's|which|who|can|could|would|shall|will|let's|let|what|how|why|when|where|is|are|do|does|thanks|thank|anyway|moving|next|so|and|but|or|because|cos|um|uh|er|erm|well|yeah|yes|ok|okay|right|agreed|decided|also)\b/i;

/**
 * An outcome with the sentence after it in the same turn when that goes on with it: "Heat pump
 * option in the bid, then. Gas boilers as the fallback." is one decision, said in two sentences.
 */
function withSequel(decision: FoundDecision, at: number, sentences: readonly Sentence[]): FoundDecision {
  const sentence = sentences[at];
  const next = sentences[at + 1];
  if (!sentence || !next || next.turn !== sentence.turn) return decision;
  const text = next.text.trim();
  const words = text.split(/\s+/).length;
  if (
    /\?$/.test(text) ||
    TURNS_AWAY.test(text) ||
    words > SEQUEL_WORDS ||
    words < SEQUEL_MIN_WORDS ||
    specificWords(text).length < 2 ||
    fragmented(text) ||
    statesDecision(text)
  )
    return decision;
  const sequel = lowerFirst(outcomeClause(text)).replace(/^A /, 'a ');
  return { text: `${decision.text.replace(/[.!]+$/, '')}; ${sequel}`, lines: [...decision.lines, next.line] };
}

/** Short words of English; any other token of one or two letters is a fragment of speech ("sh", "th", "re"). */
const SHORT_WORDS = new Set('a i an am as at be by do go he if in is it me my no of oh on or so to up us we ok ad tv pc uk nhs'.split(' '));

/** Whether speech-recognition text broke the sentence into fragments: "we also meet the other thin y you sh you just re …". */
function fragmented(text: string): boolean {
  // Written in lower case: "CT" and "UV" are names, not fragments.
  return (text.match(/(?<!['’-])\b[a-z]{1,2}\b(?!['’-])/g) ?? []).some((token) => !SHORT_WORDS.has(token));
}

/** Characters tagged to find whether the word after "we" is a verb. */
const TAGGED = 40;

/** Whether a statement is the group acting in the present ("we ratify X"), its verb a verb ("we currently have" is not). */
function actsInPresent(text: string): boolean {
  const verb = WE_ACT.exec(text)?.[1] ?? '';
  if (verb === '' || PAST.test(verb) || /ly$/i.test(verb)) return false;
  return partsOfSpeech(text.slice(0, TAGGED)).find((token) => token.word === verb.toLowerCase())?.tag === 'VERB';
}

/** A rule for everyone or no one, in the present: "nobody uses X until …", "every new product goes on …", "nothing gets destroyed until …". */
const QUANTIFIED =
  /^(?:nobody|no one|no-one|nothing|everyone|everybody|everything|every\s+[\p{L}-]+|all\s+(?!(?:you|we|i|they|that|this|it)\b)(?:the\s+)?[\p{L}-]+|any\s+[\p{L}-]+)\s+(?:[\p{L}'-]+\s+){0,4}?(?:uses?|goes|go|gets?|comes?|moves?|stays?|takes?|keeps?|signs?|checks?)\b/iu;

/** A bare acknowledgement that opens a turn: "OK.", "Right.", "Fine.", "Fair." */
const ACKNOWLEDGES = /^(?:ok|okay|right|fine|good|alright|all right|fair|fair enough)[.!]$/i;
/** …or an agreement, before a sentence that ", then" closes: "Yep. Every room with a gas appliance gets a CO alarm, then." */
const AGREES_FIRST = /^(?:yes|yep|yeah)[.!]$/i;
/** What follows from an outcome, not the outcome: "Ollie'll have to work round the lists, then." */
const CONSEQUENCE = /\b(?:have to|has to|had to|need to|needs to|will need|'ll need|might|could|would)\b/i;
/** A description of how things are now, not what is settled: "… and our procedure still quotes …". */
const AS_IT_IS = /\b(?:still|currently|at the moment|already|usually|normally|at present)\b/i;
/** Calling the next item or speaker, not an outcome: "Right, Bernard's report, then.", "Action on Ciaran, then: …". */
const CALLS_NEXT =
  /^(?:action (?:on|for)\b|(?:[\p{Lu}][\p{L}'’]+(?:'s)?\s+)?(?:report|update|item|paper|papers|agenda|minutes|matters arising|next item|any other business)$)/iu;

/** What a speaker says before ", then" that closes it: at least this many telling words. */
const BEFORE_THEN_WORDS = 2;

/**
 * The outcome a sentence closes with ", then" ("Heat pump option in the bid, then.", "Fine, the
 * CT goes on the shedding list, then.", "Right, floor by floor, then, top two floors first"), or
 * null: not a question, a task, a view, a parting or speech-recognition fragments.
 */
function closedByThen(text: string): string | null {
  const said = withoutOpeners(text.trim());
  const at = said.search(/,\s*then\b(?:[.!]?$|,)/i);
  if (at < 0 || /\?\s*$/.test(said)) return null;
  const before = said.slice(0, at);
  if (specificWords(before).length < BEFORE_THEN_WORDS) return null;
  const outcome = outcomeClause(said.replace(/,\s*then\b(?=[.!]?$|,)/gi, ''));
  if (PERSONAL_START.test(outcome) || OPEN_QUESTION.test(before) || PARTING.test(outcome) || fragmented(outcome)) return null;
  if (ABOUT_THE_MEETING.test(outcome) || CALLS_NEXT.test(outcome) || /^(?:we|you)\b/i.test(outcome) || CONSEQUENCE.test(outcome))
    return null;
  return specificWords(outcome).length >= 2 ? outcome : null;
}

/** A short rule after an acknowledgement: "Fair. No monthly inspections." (a verbless phrase there is as often the next topic). */
function namedAlone(text: string): boolean {
  const said = text.trim();
  return /^no\s+[^,;:?]+[.!]$/i.test(said) && specificWords(said).length >= 2 && said.split(/\s+/).length <= 6 && !fragmented(said);
}
/** Leave-taking closed by "then", not an outcome: "See you Tuesday, then", "Thanks everyone, then". */
const PARTING = /\b(?:see you|thanks|thank you|bye|cheers|speak (?:to you|soon)|talk (?:to you|soon)|next time|fingers crossed)\b/i;

/** "It's done overnight", "It goes in the garage", "It stays": the matter just closed, said as settled. */
const SETTLED_IT = /^it(?:'s|\s+is|\s+will\s+be|\s+gets?|\s+goes|\s+stays|\s+moves)\s+[a-z]/i;
/** A rule said without a verb: "no bed rails without a documented assessment", "no lone working in the plant room". */
const RULE = /^no\s+(?:\S+\s+){1,4}?(?:without|unless|in|on|at|before|after|until|outside)\s+\S/i;

/** An outcome named without a verb of its own, closed by "then": "e-learning for the theory and a half-hour practical on the ward, then". */
const NAMED_OUTCOME =
  /^((?:(?!\b(?:is|are|was|were|be|been|will|would|can|could|should|shall|must|might|may|do|does|did|has|have|had|need|needs|want|wants|think|get|gets|go|goes)\b)[^.?!;])+?),?\s+then[.!]?$/i;

/**
 * An outcome up to where the speaker turns to a reason or an aside. Unlike a task's clause, a
 * condition after "but" stays: "The bath stays in use, but nobody uses it until the water is
 * checked" is one decision.
 */
function outcomeClause(text: string): string {
  const cut = text.search(/[?;]|\s[—–-]\s|,\s*(?:because|cos|as|since|which|so (?!that\b)|I think|I mean|to be honest)\b/i);
  return (cut >= 0 ? text.slice(0, cut) : text)
    .replace(/,?\s+then[.!]*$/i, '')
    .replace(/[.!,\s]+$/, '')
    .trim();
}

/** Whether a statement says how things will be ("X stays open", "X goes onto the programme"), as the group's outcome. */
function statesOutcome(text: string): boolean {
  // An open question is asked in the main clause: "… staff out there when a patient is" after "The garden stays open," is a condition.
  const main = text.split(/,\s/)[0] ?? text;
  if (PERSONAL_START.test(text) || OPEN_QUESTION.test(text) || OPEN_IN_MAIN.test(main) || /\?\s*$/.test(text)) return false;
  return SETTLED_VERB.test(text) || FROM_NOW.test(text);
}

/** "Let's …", "shall we …?", "why don't we …?", "I propose we …": what a proposal would settle. */
const PROPOSED =
  /^(?:(?:ok|okay|right|so|well|then)[,.]?\s+)*(?:let's|let us|shall we|why don't we|how about we|I (?:propose|suggest)(?: that)? we|can we agree(?: that)?(?: we)?)\s+(.+?)\??$/i;
/** Proposals about running the meeting, not its matters. */
const ABOUT_THE_MEETING =
  /^(?:move (?:on|to|onto|over)|hand over|start|begin|go (?:on|through|round|back)|take a (?:break|look)|have a (?:look|break)|look at|hear|talk|discuss|come back|get (?:going|started|on)|wrap up|see|try|not|leave it there|stop|keep going|park|pause|do (?:introductions|the introductions)|go to|turn to|recap|summarise)\b/i;
/** A reply that agrees with a proposal. */
const AGREES =
  /^(?:(?:yes|yeah|yep|ok|okay|right|sure|fine|good|great)[,.!]?\s*)*(?:agreed|agree|yes|yeah|yep|sure|fine|sounds good|good idea|happy with that|happy to|that works|works for me|makes sense|fair enough|let's do (?:it|that)|go for it|absolutely|definitely|ok(?:ay)?|that's (?:fine|good|great|sensible|right)|that (?:works|makes sense))\b/i;
/** The chair putting what was just said to the group: "Is everyone happy with that?", "Everyone OK with that?", "Agreed?" */
const PUT_TO_THE_GROUP =
  /^(?:(?:so|ok|okay|right)[,.]?\s+)*(?:(?:is|are)\s+)?(?:everyone|everybody|all|people|we all|the group)\b[^.?!]{0,20}\b(?:happy|ok|okay|agreed|agree|content|comfortable|fine)\b[^.?!]{0,20}\?$|^(?:all\s+)?agreed\?$/i;
/** A few words said after the outcome for emphasis ("Every single bath."): the outcome is still what was put. */
const EMPHASIS_WORDS = 3;
/** A reply that objects. */
const OBJECTS =
  /^(?:no\b(?![, ]+(?:problem|worries))|not sure|I don't (?:think|agree)|I'm not (?:sure|happy|convinced)|hang on|wait|but\b|actually,? no)/i;

/**
 * A proposal the group accepted: the next speakers agree ("Yes." "Sounds good.") and nobody
 * objects before the proposer goes on. At least one other person must agree; a question or a
 * counter-proposal in between leaves it a proposal.
 */
function acceptedProposal(sentence: Sentence, at: number, sentences: readonly Sentence[]): FoundDecision | null {
  const proposed = PROPOSED.exec(sentence.text.trim());
  const plain = withoutOpeners(sentence.text.trim());
  // A proposal, or an outcome stated for the others to agree ("Theatre two stays closed until it's verified." "Agreed.").
  const content = proposed?.[1] ? clause(proposed[1]) : statesOutcome(plain) ? outcomeClause(plain) : '';
  if (content === '' || ABOUT_THE_MEETING.test(content) || specificWords(content).length < 2) return null;
  // Only the last sentence of a turn is put to the others, with the chair's "is everyone happy with that?" or a
  // few words of emphasis after it.
  let last = at;
  for (let next = sentences[last + 1]; next?.turn === sentence.turn; next = sentences[last + 1]) {
    if (!PUT_TO_THE_GROUP.test(next.text.trim()) && next.text.split(/\s+/).length > EMPHASIS_WORDS) return null;
    last += 1;
    if (last - at > 2) return null;
  }
  let agreed = 0;
  const lines = [sentence.line];
  for (let index = last + 1; index < sentences.length && index <= last + REPLY_SENTENCES; index += 1) {
    const reply = sentences[index] as Sentence;
    if (reply.speaker === sentence.speaker) break;
    if (OBJECTS.test(reply.text) || PROPOSED.test(reply.text)) return null;
    if (reply.turn !== sentences[index - 1]?.turn && AGREES.test(reply.text)) {
      agreed += 1;
      lines.push(reply.line);
    }
  }
  return agreed > 0 ? { text: content.replace(/^(?:just\s+)?/i, ''), lines } : null;
}

/** How many sentences after a proposal are read for the others' answer. */
const REPLY_SENTENCES = 4;

/** "Agreed, we'll use X": the words after the marker, read again for "we're going with" and the like. */
function fromContent(content: string, sentence: Sentence, at: number, sentences: readonly Sentence[]): FoundDecision | null {
  const inner = decisionIn({ ...sentence, text: content }, at, sentences);
  if (inner !== null) return inner;
  const text = clause(content);
  return specificWords(text).length >= 2
    ? { text: text.replace(/^we(?:'ll| will)\s+/i, ''), lines: [sentence.line] }
    : contentAround(sentence, at, sentences);
}

/**
 * What a bare "agreed" settles: the same speaker's next sentence when it states it ("OK, so
 * that's agreed. The contractor is suspended …"), else the proposal put in the turns before.
 */
function contentAround(sentence: Sentence, at: number, sentences: readonly Sentence[]): FoundDecision | null {
  const next = sentences[at + 1];
  if (
    next &&
    next.turn === sentence.turn &&
    !/\?\s*$/.test(next.text) &&
    requestIn(next.text) === null &&
    specificWords(next.text).length >= 3
  ) {
    return { text: clause(withoutOpeners(next.text)), lines: [sentence.line, next.line] };
  }
  for (let index = at - 1; index >= 0 && index >= at - 12; index -= 1) {
    const earlier = sentences[index];
    if (earlier === undefined || earlier.turn < sentence.turn - 4) break;
    const proposal = PROPOSAL.exec(earlier.text);
    if (proposal?.[1] && specificWords(proposal[1]).length >= 2) return { text: clause(proposal[1]), lines: [earlier.line, sentence.line] };
  }
  return null;
}

/**
 * What a trailing "that's agreed" confirms: the same speaker's statement just before it in the
 * turn, past any "does anyone disagree? No?" put in between ("the sensible decision is that X" gives X).
 */
function contentBefore(sentence: Sentence, at: number, sentences: readonly Sentence[]): FoundDecision | null {
  for (let index = at - 1; index >= 0; index -= 1) {
    const earlier = sentences[index];
    if (earlier === undefined || earlier.turn !== sentence.turn) return null;
    if (/\?\s*$/.test(earlier.text) || specificWords(earlier.text).length < 3) continue;
    if (requestIn(earlier.text) !== null) return null;
    const proposal = PROPOSAL.exec(earlier.text)?.[1];
    const text = proposal && specificWords(proposal).length >= 2 ? proposal : withoutOpeners(earlier.text);
    return { text: clause(text), lines: [earlier.line, sentence.line] };
  }
  return null;
}

/** One sentence: openers dropped, "we" decisions made impersonal, a capital and a full stop. */
function sentenceText(text: string): string {
  const core = withoutOpeners(text)
    .replace(/^(?:we|we'll|we will)\s+/i, '')
    .replace(/[\s,;:.]+$/, '');
  return `${capitalise(core)}.`;
}

/** Words that say a matter was settled differently from before. */
const CHANGED = /\b(?:instead|after all|rather than|on second thoughts|scrap (?:that|the)|change of plan)\b/i;

/** A decision restated a few lines later ("agreed" by the chair after the group) is one decision. */
function dedupe(decisions: readonly FoundDecision[]): FoundDecision[] {
  const kept: FoundDecision[] = [];
  for (const decision of decisions) {
    const words = new Set(specificWords(decision.text));
    const same = kept.find((other) => {
      const near = Math.abs((other.lines.at(-1) ?? 0) - (decision.lines[0] ?? 0)) <= 6;
      const otherWords = specificWords(other.text);
      const shared = otherWords.filter((word) => words.has(word)).length;
      return near && shared >= 0.6 * Math.min(words.size, otherWords.length);
    });
    if (same === undefined) kept.push(decision);
    else {
      same.lines = [...new Set([...same.lines, ...decision.lines])].sort((a, b) => a - b);
      // The longer saying is kept; a later one that changes the matter ("… instead") is the last word.
      if (specificWords(decision.text).length > specificWords(same.text).length || CHANGED.test(decision.text)) same.text = decision.text;
    }
  }
  return kept;
}
