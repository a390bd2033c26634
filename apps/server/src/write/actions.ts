import type { WriteTopic } from '@verity/shared';
import {
  accepts,
  asksWhen,
  assignmentIn,
  commitmentIn,
  conditionOf,
  imperative,
  isSocialOrLogistics,
  isTask,
  roleTaskIn,
  isThin,
  isVague,
  openRequestIn,
  refuses,
  reportedTask,
  requestIn,
  saidCleanly,
  specificWords,
  toDoIn,
  withoutOpeners,
} from './actions-phrases.ts';
import { type Candidate, type FoundAction, mergeCandidates, type Source, stemOf } from './actions-merge.ts';
import { withSubjects } from './actions-subject.ts';
import { actionText } from './actions-wording.ts';
import { statesDecision } from './decisions.ts';
import { type DueDate, resolveDue } from './due-dates.ts';
import { cleanName, nameWordsOf, roleTitle } from './people.ts';
import type { Sentence, Turn } from './sentences.ts';
import type { Meeting } from './types.ts';

/**
 * Actions: future tasks a named person or a role took on or was given in the meeting.
 * - Taken on: the speaker commits ("I'll …", "I'm going to …", "I can have it done by …",
 *   "leave it with me", "you'll have the report within two weeks"); "we'll …" counts when it
 *   answers a request to the speaker; an intention ("I'd like to …", "what I want to do is …")
 *   counts only with a date, a go-ahead or a firm commitment soon after it.
 * - Given: "action on Sam" (absent people too), "Jo to send …", or a request ("Sam, can you …?",
 *   "can you …?" to whoever answers) that the person asked accepts ("yes", "will do", "I'll …").
 * - Not actions: questions, hypotheticals ("if … we'd …": no commitment is made), work already done
 *   (no future is said), "someone should …" that nobody takes on, proposals the group turns down
 *   (nobody commits), talk about the meeting itself, jokes and social plans.
 * - The text is the task as an imperative, with its condition ("If approved, get the order in").
 *   A commitment that does not name its task ("I'll do it") takes it from the request, assignment
 *   or plan it answers; failing those, the most telling thing said just before follows a dash.
 * - An action says what it concerns (actions-subject.ts), and one task said in several steps is one
 *   action (actions-merge.ts).
 */

/** What a vague task refers to. */
interface Referent {
  text: string;
  lines: number[];
  source: Source;
  anchor: number | null;
}

/** How far back (sentences, turns) a vague commitment looks for what it refers to. */
const LOOK_BACK_SENTENCES = 12;
const LOOK_BACK_TURNS = 3;
/** Sentences after a task in which its owner may still give its date. */
const FOLLOW_ON_SENTENCES = 2;
/** Words that point back to the task just named. */
const REFERS_BACK = /\b(?:it|that|them|this one)\b/i;
/** A further commitment about the same task: "aim to have it booked", "get that done", not "also email the team about that". */
const ABOUT_IT = /^(?:[\w']+\s+){0,3}(?:it|that|them|this one)\b/i;
/** How many sentences before a vague task are weighed as what it refers to, and how. */
const CONTEXT_CANDIDATES = 5;
/** The most words a reply that answers a request with a date alone ("Yes, by the end of the month.") has. */
const SHORT_REPLY_WORDS = 10;
/** Words that say when, not what. */
const DUE_WORDS = new Set(
  'afternoon morning evening tonight tomorrow week weeks month months day days friday monday tuesday wednesday thursday end next'.split(
    ' ',
  ),
);
const NEED_BONUS = 1.5;
const SHARED_WORD_BONUS = 2;
const QUESTION_FACTOR = 0.8;
const DISTANCE_PENALTY = 0.25;
/** A sentence that states a need ("what's missing is a proper escalation plan"), the usual subject of a volunteered task. */
const NEED = /\b(?:need|needs|needed|missing|want|would like|'d like|should|has to|have to|must|ought to)\b/i;
/** A go-ahead for someone's intention ("Great. Please do."). */
const GO_AHEAD =
  /\b(?:please do|go ahead|yes,? please|go for it|do it|sounds good|(?:that|it) would (?:help|be (?:great|good|helpful|useful|ideal|brilliant|lovely))|(?:that|it)'d (?:help|be (?:great|good|helpful|useful|ideal|brilliant|lovely))|that helps)\b/i;

/** A task taken back: "forget this", "scratch that", "one less action item". */
const WITHDRAWN =
  /\b(?:forget (?:it|this|that)|scratch that|never ?mind (?:that|this)|one less action(?: item)?|cancel that|strike that)\b/i;
/** How many turns back a withdrawal reaches. */
const WITHDRAW_TURNS = 12;

/** Work reported as done ("I signed the new one last week"), which no new task refers to. */
const DONE =
  /\b(?:already|last week|yesterday|last month|ago)\b|^(?:I|we)(?:'ve| have)?\s+(?:\w+ed|did|done|sent|put|made|took|signed|spoke|told|went)\b/i;

export type { FoundAction } from './actions-merge.ts';

export function findActions(turns: readonly Turn[], meeting: Meeting, topics: readonly WriteTopic[] = []): FoundAction[] {
  const found = new ActionReader(turns, meeting).read();
  return withSubjects(found, { sentences: turns.flatMap((turn) => turn.sentences), topics, meeting });
}

/**
 * A sentence cut off in mid-phrase, as transcripts write it: a dash after a word that cannot end
 * what was being said ("… with the hire firm this —", "get the vans booked for —", "give them —").
 * A next step begun and cut off ("send it to you and Sam, and then —") leaves the task before it whole.
 */
const CUT_OFF =
  /\b(?:the|a|an|this|that|these|those|my|our|your|their|his|its|some|any|each|every|for|to|of|on|in|at|with|from|by|about|into|onto|over|under|them|him|it|is|are|was|were|be|will|would|can|could|should|get|got|give|make|let|put|know)\s*(?:[—–]|--?)\s*$/i;

class ActionReader {
  private readonly sentences: Sentence[];
  private readonly turns: readonly Turn[];
  private readonly meeting: Meeting;
  private readonly candidates: Candidate[] = [];
  /** In how many sentences each telling word is said, for how informative a sentence is. */
  private readonly frequency = new Map<string, number>();
  /** Name words of the meeting's people, which are never places. */
  private readonly nameWords: Set<string>;
  /** Speech transcribed verbatim (false starts, cut words): a task is written only from words said cleanly. */
  private readonly verbatim: boolean;

  constructor(turns: readonly Turn[], meeting: Meeting) {
    this.turns = turns;
    this.meeting = meeting;
    this.sentences = turns.flatMap((turn) => turn.sentences);
    for (const sentence of this.sentences) {
      for (const word of new Set(specificWords(sentence.text))) this.frequency.set(word, (this.frequency.get(word) ?? 0) + 1);
    }
    this.nameWords = nameWordsOf(meeting);
    this.verbatim = isVerbatim(this.sentences);
  }

  read(): FoundAction[] {
    for (const [at, sentence] of this.sentences.entries()) {
      if (WITHDRAWN.test(sentence.text)) this.withdraw(sentence);
      if (this.cutOff(sentence)) continue;
      if (this.assignment(at, sentence)) continue;
      this.request(at, sentence);
      this.commitment(at, sentence);
      this.answeredWhen(at, sentence);
      this.roleTask(at, sentence);
    }
    // A task that is only a false start ("I'll — I have to do is eh …") leaves nothing to do.
    return mergeCandidates(this.candidates).filter((action) => !/^\s*[—–-]/.test(action.action));
  }

  /** "The Marketing Expert will do the first project evaluation": a task given to whoever holds a role, by its title. */
  private roleTask(at: number, sentence: Sentence): void {
    const found = roleTaskIn(sentence.text);
    if (found === null || !isTask(found.verbPhrase) || isVague(found.verbPhrase)) return;
    const owner = this.ownerOf(found.role);
    if (owner === null) return;
    this.push({
      owner,
      task: found.verbPhrase,
      context: null,
      names: {},
      source: 'task',
      lines: [...sentence.lines],
      due: this.dueAround(at, [sentence.text]),
      tentative: false,
      at,
      anchor: at,
    });
  }

  /**
   * A sentence another speaker cut off in mid-phrase ("I'll book the twenty units with the hire firm
   * this —"): what it would have committed to was never said, and the talk that cut in often
   * overturns it. A task taken on is said again when it stands.
   */
  private cutOff(sentence: Sentence): boolean {
    return CUT_OFF.test(sentence.text) && this.turns[sentence.turn]?.sentences.at(-1) === sentence;
  }

  /** "Oh, forget this! … One less action item.": the speaker's last task, taken on just before, is dropped. */
  private withdraw(sentence: Sentence): void {
    const owner = this.speakerName(sentence.speaker);
    for (let index = this.candidates.length - 1; index >= 0; index -= 1) {
      const candidate = this.candidates[index] as Candidate;
      if (candidate.turn < sentence.turn - WITHDRAW_TURNS) return;
      if (candidate.owner !== owner) continue;
      const own = candidate.at;
      // Every candidate made from that sentence goes: the task said once, withdrawn once.
      for (let k = this.candidates.length - 1; k >= 0; k -= 1) if (this.candidates[k]?.at === own) this.candidates.splice(k, 1);
      return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Who

  /** The minutes' name for a speaker label. */
  private speakerName(label: string | null): string | null {
    if (label === null) return null;
    return this.meeting.resolve(label)?.name ?? cleanName(label);
  }

  /** The owner a mention names: a person of the meeting, else a role, else the name as said. */
  private ownerOf(mention: string): string | null {
    const person = this.meeting.resolve(mention);
    if (person) return person.name;
    const role = roleTitle(mention);
    if (role) return role;
    const name = cleanName(mention);
    return /^[\p{Lu}]/u.test(name) && !/^(?:The|Our|It|That|This|Everyone|Anyone|Someone|Somebody)\b/.test(name) ? name : null;
  }

  private firstName(name: string | null): string | null {
    return name === null ? null : (name.split(' ')[0] ?? name);
  }

  /** Whom a sentence speaks to: a name it opens or ends with, else the previous turn's speaker. */
  private listener(sentence: Sentence): string | null {
    const vocative =
      /^(?:\w+,\s+)?([\p{Lu}][\p{L}'-]+|\[?PERSON\d+\]?),\s/u.exec(withoutOpeners(sentence.text)) ??
      /,\s*([\p{Lu}][\p{L}'-]+|\[?PERSON\d+\]?)[?.!]*$/u.exec(sentence.text);
    const named = vocative?.[1] ? this.meeting.resolve(vocative[1]) : null;
    if (named) return named.name;
    const previous = this.turns[sentence.turn - 1];
    return previous ? this.speakerName(previous.speaker) : null;
  }

  // -------------------------------------------------------------------------------------------
  // Kinds of action

  /** "Action on Sam, …", "put it as an action on me". Returns whether the sentence was one. */
  private assignment(at: number, sentence: Sentence): boolean {
    const found = assignmentIn(sentence.text);
    if (found === null) return false;
    const me = found.assignee.toLowerCase() === 'me';
    const owner = me ? this.speakerName(sentence.speaker) : this.ownerOf(found.assignee);
    if (owner === null) return false;
    const lines = [...sentence.lines];
    let task = found.rest;
    let context: string | null = null;
    if (isVague(task)) {
      const reported = reportedTask(found.before);
      const next = this.sentences[at + 1];
      const following =
        next !== undefined &&
        next.turn === sentence.turn &&
        !next.text.endsWith('?') &&
        commitmentIn(next.text) === null &&
        assignmentIn(next.text) === null
          ? next
          : null;
      const before = this.ownSentencesBefore(at, 3).find(
        (earlier) => !isVague(earlier.text) && !earlier.text.endsWith('?') && assignmentIn(earlier.text) === null,
      );
      if (reported !== null && !isVague(reported)) task = reported;
      else if (following !== null && !isVague(following.text)) {
        task = toDoIn(following.text)?.verbPhrase ?? withoutOpeners(following.text).replace(/^to\s+/i, '');
        lines.push(...following.lines);
      } else if (before) {
        task = withoutOpeners(before.text);
        lines.push(...before.lines);
      } else if (me) {
        // "Put it as an action on me": the speaker's own commitment says what.
        return false;
      } else {
        const found = this.contextBefore(at, sentence.turn, task);
        if (found === null) return true;
        context = found.text;
        lines.push(...found.lines);
      }
    }
    const due = this.dueAround(at, [sentence.text, task]);
    this.push({
      owner,
      task,
      context,
      names: { you: this.firstName(owner) },
      source: context ? 'context' : 'task',
      lines,
      due,
      tentative: false,
      at,
      anchor: at,
    });
    return true;
  }

  /** "Sam, can you …?" accepted by Sam; "can you …?" accepted by whoever answers; "Jo to send …". */
  private request(at: number, sentence: Sentence): void {
    const found = requestIn(sentence.text);
    const asked = this.toDo(sentence) ?? (found === null ? null : { ...found, direct: found.direct ?? false });
    if (asked === null || isSocialOrLogistics(asked.verbPhrase)) return;
    const requester = this.speakerName(sentence.speaker);
    const named = asked.addressee === null ? null : this.meeting.resolve(asked.addressee);
    if (asked.addressee !== null && named === null) return;
    const reply = named !== null && !named.present ? null : this.replyTo(sentence, named?.name ?? null);
    // A task for someone who does not answer (or is absent) is an action only when given as one ("Jo to send …").
    if (reply === null && !(asked.direct && named !== null)) return;
    const owner = reply === null ? (named?.name ?? null) : this.speakerName(reply.speaker);
    if (owner === null || owner === requester) return;
    const lines = [...sentence.lines, ...(reply?.sentences[0]?.lines ?? [])];
    // The date asked for is shown beside the action, like the date promised.
    let task = withoutDue(asked.verbPhrase, this.dueOf([asked.verbPhrase], at));
    let context: string | null = null;
    const replyTexts = reply?.sentences.map((item) => item.text) ?? [];
    // The reply often names the thing asked for ("Can you send it to me?" "I'll send you the certificate.").
    const replyNames = replyTexts.join(' ');
    if (isVague(task)) {
      const detail = this.requestDetail(at, sentence, task, replyNames);
      if (detail !== null) {
        if (detail.source === 'task') task = detail.text;
        else context = detail.text;
        lines.push(...detail.lines);
      }
    }
    if (context === null && isThin(task, this.nameWords))
      context = this.contextBefore(at, sentence.turn, task, false, replyNames)?.text ?? null;
    const due = this.dueOf([...replyTexts, sentence.text], at);
    const further = context === null && reply !== null ? furtherStep(task, reply, due) : null;
    if (further !== null) task = `${task} and ${further}`;
    const names = { me: this.firstName(requester), you: this.firstName(owner) };
    this.push({
      owner,
      task,
      context,
      names,
      source: context ? 'context' : 'task',
      lines,
      due,
      tentative: false,
      at,
      anchor: at,
    });
  }

  /** A "Name to do …" line read as a request that needs no answer. */
  private toDo(sentence: Sentence): { addressee: string; verbPhrase: string; direct: true } | null {
    const found = toDoIn(sentence.text);
    if (found === null || this.meeting.resolve(found.assignee) === null) return null;
    return { addressee: found.assignee, verbPhrase: found.verbPhrase, direct: true };
  }

  /** What a vague request asks for: the asker's next sentence ("Find out what happened and write it up."), else what was said before. */
  private requestDetail(at: number, sentence: Sentence, task: string, answer = ''): Referent | null {
    const next = this.sentences[at + 1];
    const opening = next ? withoutOpeners(next.text) : '';
    if (
      next !== undefined &&
      next.turn === sentence.turn &&
      // An instruction starts with its verb: "The family are asking …" is a statement, not what to do.
      !/^(?:I|we|you|it|that|this|they|he|she|what|when|where|why|who|how|is|are|was|do|does|did|can|could|would|should|will|has|have|the|a|an|our|my|his|her|their|your|these|those|there)\b/i.test(
        opening,
      ) &&
      specificWords(next.text).length >= 2
    ) {
      return { text: opening.replace(/^to\s+/i, '').replace(/\?$/, ''), lines: next.lines, source: 'task', anchor: null };
    }
    const context = this.contextBefore(at, sentence.turn, task, false, answer);
    return context === null ? null : { ...context, source: 'context', anchor: null };
  }

  /** The speaker's own "I'll …", "leave it with me", "I'd like to …". */
  private commitment(at: number, sentence: Sentence): void {
    const text = beforeQuestion(sentence.text);
    if (sentence.speaker === null || /\?\s*$/.test(text)) return;
    const said = commitmentIn(text);
    if (said === null || !isTask(said.verbPhrase)) return;
    if (said.kind === 'team' && this.answered(at, sentence) === null) return;
    if (this.answersSpeakNow(sentence)) return;
    const owner = this.speakerName(sentence.speaker);
    if (owner === null) return;
    let due = this.dueAround(at, [text]);
    const lines = [...sentence.lines];
    let task = withoutDue(said.verbPhrase, due);
    let context: string | null = null;
    let source: Source = 'task';
    let anchor: number | null = null;
    if (task === '' || isVague(task)) {
      const found = (said.handover ? this.ownTaskAfter(at) : null) ?? this.referent(at, sentence, owner, task);
      // A task that says nothing but its verb ("I'll do that", "I'll market it"), and refers to nothing said
      // cleanly before it, is not written down.
      // In verbatim speech, what was said just before is too often another thought cut short to say what "it" is.
      const unnamed = found === null || (this.verbatim && found.source === 'context');
      if (unnamed && (said.kind === 'plan' || saysOnlyItsVerb(task))) return;
      if (found) {
        // A task that names something ("find the prices and bring them") keeps its words; what it answers adds to them.
        const named = specificWords(task).length >= 2;
        source = named ? 'task' : found.source;
        // In verbatim speech the sentence before is too often another thought: a task that names something stands alone.
        const standsAlone = named && this.verbatim && found.source === 'context';
        if (named) {
          if (found.source !== 'answer' && !standsAlone) context = found.text;
        } else if (found.source === 'task') task = found.text;
        else if (found.source === 'context') context = found.text;
        if (!standsAlone) lines.push(...found.lines);
        anchor = found.anchor;
        // "Can anyone cover the desk next Tuesday?" "I'll do it.": the date asked for is the one taken on.
        if (due.said === null && found.source === 'task' && task === found.text) {
          due = this.dueOf([found.text], at);
          task = withoutDue(task, due);
        }
      }
    } else {
      anchor = this.answered(at, sentence);
    }
    const condition = conditionOf(text);
    if (condition !== null) task = `${condition}, ${task}`;
    if (context === null && source === 'task' && isThin(task, this.nameWords) && !this.verbatim) {
      const found = this.contextBefore(at, sentence.turn, task, true);
      if (found) {
        context = found.text;
        lines.push(...found.lines);
      }
    }
    // An intention, or an offer ("I can …") nobody asked for, is a task once dated or taken up.
    const unasked = said.kind === 'plan' || (said.offer === true && this.answered(at, sentence) === null);
    const tentative = unasked && due.said === null && !this.goAhead(sentence);
    const names = { you: this.firstName(this.listener(sentence)) };
    this.push({ owner, task, context, names, source, lines, due, tentative, plan: said.kind === 'plan', at, anchor });
  }

  /** "Leave it with me. I need the track company to come and refix it …": the task the speaker goes on to describe. */
  private ownTaskAfter(at: number): Referent | null {
    const sentence = this.sentences[at];
    for (let index = at + 1; index < this.sentences.length && index <= at + 2; index += 1) {
      const next = this.sentences[index];
      if (next === undefined || next.turn !== sentence?.turn) break;
      const need = /^(?:I|we)(?:'ll| will)? need\s+(.+)$/i.exec(withoutOpeners(next.text));
      if (need?.[1] && specificWords(need[1]).length >= 2) {
        const phrase = need[1].replace(/^to\s+/i, '');
        return {
          text: /^(?:the|a|an|our|my|someone|somebody)\b/i.test(phrase) ? `get ${phrase}` : phrase,
          lines: next.lines,
          source: 'task',
          anchor: null,
        };
      }
    }
    return null;
  }

  /** "When can you get it done?" answered with only a date ("By the end of next week."): a commitment to what was asked. */
  private answeredWhen(at: number, sentence: Sentence): void {
    if (!asksWhen(sentence.text)) return;
    const reply = this.replyTo(sentence, this.listener(sentence));
    const first = reply?.sentences[0];
    if (reply === null || first === undefined || reply.sentences.some((item) => commitmentIn(item.text) !== null)) return;
    if (/\b(?:we|they|he|she)\b/i.test(first.text) || /\b(?:was|were|had|did)\b/i.test(first.text)) return;
    const due = this.dueOf([first.text], at);
    if (due.said === null) return;
    const owner = this.speakerName(reply.speaker);
    if (owner === null || owner === this.speakerName(sentence.speaker)) return;
    const task =
      /\b(?:can|could|will|would)\s+(?:you|we)\s+(.+?)(?:,\s*[\p{Lu}][\p{L}'-]*)?\??$/iu.exec(sentence.text)?.[1] ?? 'get it done';
    const context = isVague(task) ? this.contextBefore(at, sentence.turn, task) : null;
    const lines = [...sentence.lines, ...first.lines, ...(context?.lines ?? [])];
    this.push({
      owner,
      task,
      context: context?.text ?? null,
      names: {},
      source: context ? 'context' : 'task',
      lines,
      due,
      tentative: false,
      at,
      anchor: at,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Context

  /** The turn that answers a sentence: the named person's next turn, else the next speaker's. */
  private replyTo(sentence: Sentence, addressee: string | null): Turn | null {
    for (let index = sentence.turn + 1; index <= sentence.turn + 3 && index < this.turns.length; index += 1) {
      const turn = this.turns[index];
      if (turn === undefined || turn.speaker === null || turn.speaker === sentence.speaker) continue;
      if (addressee !== null && this.speakerName(turn.speaker) !== addressee) continue;
      const first = turn.sentences[0]?.text ?? '';
      if (refuses(first)) return null;
      if (
        accepts(first) ||
        turn.sentences.some((item) => commitmentIn(item.text)?.kind === 'firm') ||
        // A reply that only gives a date ("End of the month.") takes it on; a story with a date in it does not.
        (addressee !== null && first.split(/\s+/).length <= SHORT_REPLY_WORDS && this.dueOf([first], -1).said !== null)
      )
        return turn;
      if (addressee === null) return null;
    }
    return null;
  }

  /** The request or assignment to a sentence's speaker, in the turns just before, that it answers. */
  private answered(at: number, sentence: Sentence): number | null {
    const speaker = this.speakerName(sentence.speaker);
    for (let index = at - 1; index >= 0 && index >= at - LOOK_BACK_SENTENCES; index -= 1) {
      const earlier = this.sentences[index];
      if (earlier === undefined || earlier.turn < sentence.turn - 2) break;
      if (earlier.speaker === sentence.speaker) continue;
      const assigned = assignmentIn(earlier.text);
      if (assigned !== null && this.ownerOf(assigned.assignee) === speaker) return index;
      const asked = requestIn(earlier.text);
      if (asked === null) continue;
      const named = asked.addressee === null ? null : (this.meeting.resolve(asked.addressee)?.name ?? null);
      if (named === speaker || (named === null && this.firstResponder(earlier) === sentence.speaker)) return index;
    }
    return null;
  }

  /** Who speaks first after a sentence, other than its speaker. */
  private firstResponder(sentence: Sentence): string | null {
    for (let index = sentence.turn + 1; index < this.turns.length; index += 1) {
      const turn = this.turns[index];
      if (turn && turn.speaker !== sentence.speaker) return turn.speaker;
    }
    return null;
  }

  /** Whether the sentence answers "do you want to start?" — the speaker is about to talk, not taking a task. */
  private answersSpeakNow(sentence: Sentence): boolean {
    const asked = this.turns[sentence.turn - 1]?.sentences.at(-1)?.text ?? '';
    return (
      sentence === this.turns[sentence.turn]?.sentences[0] &&
      /\b(?:do you want to|can you|could you|would you like to)\s+(?:start|lead|go first|kick off|begin|take us through|summarise|explain)\b/i.test(
        asked,
      )
    );
  }

  /** A go-ahead in the next turn ("Great. Please do."). */
  private goAhead(sentence: Sentence): boolean {
    const opening = this.turns[sentence.turn + 1]?.sentences.slice(0, 2) ?? [];
    return opening.some((item) => GO_AHEAD.test(item.text));
  }

  /** The speaker's earlier sentences in the same turn, nearest first. */
  private ownSentencesBefore(at: number, count: number): Sentence[] {
    const turn = this.sentences[at]?.turn;
    const found: Sentence[] = [];
    for (let index = at - 1; index >= 0 && found.length < count; index -= 1) {
      const earlier = this.sentences[index];
      if (earlier === undefined || earlier.turn !== turn) break;
      found.push(earlier);
    }
    return found;
  }

  /**
   * What a vague commitment refers to: a request or assignment to its owner, an open request
   * ("we need someone to …", or "can anyone …?" that the owner answers first), or the owner's own
   * plan, in the sentences just before; else what was said just before (context).
   */
  private referent(at: number, sentence: Sentence, owner: string, task: string): Referent | null {
    const answered = this.answered(at, sentence);
    if (answered !== null) {
      const earlier = this.sentences[answered];
      const assigned = earlier ? assignmentIn(earlier.text) : null;
      const asked = earlier ? requestIn(earlier.text) : null;
      const phrase = assigned?.rest ?? asked?.verbPhrase ?? '';
      if (!isVague(phrase) || earlier === undefined)
        return { text: phrase, lines: earlier?.lines ?? [], source: isVague(phrase) ? 'answer' : 'task', anchor: answered };
      // The answer often names the thing asked for ("Can you send it to me?" "I'll send you the certificate.").
      const detail = this.requestDetail(answered, earlier, phrase, task);
      return detail === null
        ? { text: phrase, lines: earlier.lines, source: 'answer', anchor: answered }
        : { ...detail, lines: [...earlier.lines, ...detail.lines], anchor: answered };
    }
    for (let index = at - 1; index >= 0 && index >= at - LOOK_BACK_SENTENCES; index -= 1) {
      const earlier = this.sentences[index];
      if (earlier === undefined || earlier.turn < sentence.turn - LOOK_BACK_TURNS) break;
      const mine = this.speakerName(earlier.speaker) === owner;
      const open = openRequestIn(earlier.text);
      // "We need someone to …" stands open a while; "can anyone …?" is taken by whoever answers it first.
      const putToOwner = !mine && /\?\s*$/.test(earlier.text) && this.firstResponder(earlier) === sentence.speaker;
      if (open !== null && !isVague(open) && (/\bneed (?:someone|somebody)\b/i.test(earlier.text) || putToOwner))
        return { text: open, lines: earlier.lines, source: 'task', anchor: index };
      const plan = mine ? commitmentIn(earlier.text) : null;
      if (plan !== null && plan.kind === 'plan' && !isVague(plan.verbPhrase) && isTask(plan.verbPhrase))
        return { text: plan.verbPhrase, lines: earlier.lines, source: 'task', anchor: null };
    }
    const context = this.contextBefore(at, sentence.turn, task, true);
    return context ? { ...context, source: 'context', anchor: null } : null;
  }

  /**
   * What was being talked about before `at`: the words before "I'll" in the same sentence, else
   * the most telling of the few sentences before (rarer words, a stated need, the task's own
   * words and nearness count), over this turn and the two before.
   */
  private contextBefore(
    at: number,
    turn: number,
    task: string,
    sameSentence = false,
    answer = '',
  ): { text: string; lines: number[] } | null {
    const current = this.sentences[at];
    if (sameSentence && current) {
      const before = current.text.split(/,\s*(?:and\s+)?(?=I(?:'ll| will)\b)/)[0] ?? '';
      if (
        before !== current.text &&
        specificWords(before).length >= 2 &&
        saidCleanly(before) &&
        commitmentIn(before) === null &&
        !/^if\b/i.test(withoutOpeners(before))
      ) {
        return { text: snippet(before), lines: current.lines };
      }
    }
    const taskWords = new Set(specificWords(task));
    // The thing the task or its answer names, without when it is due.
    const thingWords = new Set([...taskWords, ...specificWords(answer)].filter((word) => !DUE_WORDS.has(word)));
    let best: { sentence: Sentence; score: number } | null = null;
    let considered = 0;
    // "The air test came back clear on the Friday. I've got the certificate." → "send you the
    // certificate": a thin sentence naming the task's thing points to what its speaker said just before.
    let pointedTo = -1;
    for (let index = at - 1; index >= 0 && considered < CONTEXT_CANDIDATES; index -= 1) {
      const earlier = this.sentences[index];
      if (earlier === undefined || earlier.turn < turn - LOOK_BACK_TURNS) break;
      const previous = this.sentences[index - 1];
      if (
        specificWords(earlier.text).length < 2 &&
        specificWords(earlier.text).some((word) => thingWords.has(word)) &&
        previous?.turn === earlier.turn
      )
        pointedTo = index - 1;
      if (
        commitmentIn(earlier.text) !== null ||
        assignmentIn(earlier.text) !== null ||
        DONE.test(earlier.text) ||
        statesDecision(earlier.text) ||
        !saidCleanly(earlier.text)
      )
        continue;
      const words = specificWords(earlier.text).filter((word) => !NEED.test(word));
      if (words.length < 2) continue;
      const question = /\?\s*$/.test(earlier.text);
      // What a thin sentence naming the task's thing points to is the context.
      if (index === pointedTo) return { text: snippet(earlier.text), lines: earlier.lines };
      const shared = words.filter((word) => taskWords.has(word)).length;
      const weight =
        ((NEED.test(earlier.text) && !question ? NEED_BONUS : 1) * (question ? QUESTION_FACTOR : 1) * SHARED_WORD_BONUS ** shared) /
        (1 + DISTANCE_PENALTY * considered);
      const score = this.informative(earlier.text) * weight;
      if (best === null || score > best.score) best = { sentence: earlier, score };
      considered += 1;
    }
    return best ? { text: snippet(best.sentence.text), lines: best.sentence.lines } : null;
  }

  /** How much a text says: its telling words, rarer ones counting more. */
  private informative(text: string): number {
    const total = this.sentences.length + 1;
    return specificWords(text).reduce((sum, word) => sum + Math.log(total / (this.frequency.get(word) ?? 1)), 0);
  }

  // -------------------------------------------------------------------------------------------
  // When

  /** The first date said in these texts (said at sentence `at`, whose earlier sentences can give a bare day its month). */
  private dueOf(texts: readonly string[], at: number): DueDate {
    const earlier =
      at < 0
        ? ''
        : this.sentences
            .slice(Math.max(0, at - LOOK_BACK_SENTENCES), at)
            .map((item) => item.text)
            .join(' ');
    for (const text of texts) {
      const due = resolveDue(text, this.meeting.date, this.meeting.nextMeetingDate, earlier);
      if (due.said !== null) return due;
    }
    return { due: null, said: null };
  }

  /**
   * The due date of a task found at `at`: said with it, else a date-only sentence in the same
   * turn ("End of March, realistically."), else the owner's answer to "by when?" in their next
   * turn, else the listener's immediate reply ("yes please, by Tuesday if you can").
   */
  private dueAround(at: number, texts: readonly string[]): DueDate {
    const own = this.dueOf(texts, at);
    const sentence = this.sentences[at];
    if (own.said !== null || sentence === undefined) return own;
    const dateOnly = (item: Sentence) => {
      const due = this.dueOf([item.text], at);
      return due.said !== null && specificWords(withoutDue(item.text, due)).length <= 2 && commitmentIn(item.text)?.kind !== 'firm'
        ? due
        : null;
    };
    for (const item of this.turns[sentence.turn]?.sentences ?? []) {
      const due = item !== sentence ? dateOnly(item) : null;
      if (due) return due;
    }
    const followOn = this.dueFollowingOn(at);
    if (followOn) return followOn;
    const next = this.turns[sentence.turn + 1];
    const after = this.turns[sentence.turn + 2];
    if (next !== undefined && after?.speaker === sentence.speaker && asksWhen(next.sentences.at(-1)?.text ?? '')) {
      const due = after.sentences
        .slice(0, 2)
        .map(dateOnly)
        .find((item) => item !== null);
      if (due) return due;
    }
    const reply = next?.sentences[0];
    if (
      reply !== undefined &&
      /^(?:(?:yes|yeah|great|lovely|thanks|ok|okay|perfect)[,.!]?\s*)*(?:please|if you can|ideally)\b/i.test(reply.text)
    ) {
      const due = dateOnly(reply);
      if (due) return due;
    }
    return own;
  }

  /**
   * A date the speaker gives in their next sentences about the same task ("I'll order the new
   * hoist. I'd like it in before the inspection, so I'll aim to have it delivered by the 3rd."):
   * the sentence must point back to it ("it", "that", "them") and no other task may come first.
   */
  private dueFollowingOn(at: number): DueDate | null {
    const sentence = this.sentences[at];
    for (const item of this.sentences.slice(at + 1, at + 1 + FOLLOW_ON_SENTENCES)) {
      if (item.turn !== sentence?.turn || /\?\s*$/.test(item.text) || !REFERS_BACK.test(item.text)) return null;
      const said = commitmentIn(item.text);
      if (said !== null && said.verbPhrase !== '' && !ABOUT_IT.test(said.verbPhrase) && !isVague(said.verbPhrase)) return null;
      const due = this.dueOf([item.text], at);
      if (due.said !== null) return due;
    }
    return null;
  }

  private push(found: {
    owner: string;
    task: string;
    context: string | null;
    names: { you?: string | null; me?: string | null };
    source: Source;
    lines: number[];
    due: DueDate;
    tentative: boolean;
    plan?: boolean;
    at: number;
    anchor: number | null;
  }): void {
    // In verbatim speech a task is written only when it names what is to be done ("mail that out" does not).
    if (this.verbatim && pronounObject(found.task)) return;
    const task = imperative(shapeTask(withoutDue(found.task, found.due)), found.names);
    const text = actionText(task, found.context);
    if (specificWords(text).length === 0) return;
    const { task: _task, context: _context, names: _names, ...rest } = found;
    const source: Source = found.context && found.source === 'task' ? 'context' : found.source;
    const sentence = this.sentences[found.at];
    const own = sentence?.lines ?? found.lines;
    const stems = new Set(specificWords(task).map(stemOf));
    this.candidates.push({ ...rest, source, own, turn: sentence?.turn ?? -1, stems, plan: found.plan ?? false, text, weight: stems.size });
  }
}

/** A task phrase in the minutes' words: asides dropped, a second "I'll" folded in ("find the costs, and I'll bring it" → "… and bring it"). */
function shapeTask(task: string): string {
  return task
    .replace(/\b(?:properly|obviously|basically|literally|actually|honestly)\s+/gi, '')
    .replace(/,?\s+and\s+I(?:'ll| will|'m going to| am going to)\s+/gi, ' and ')
    .replace(/\s+(?:while I'm at it|as well)\b/gi, '')
    .replace(/,\s*I(?:'ll| will)\s+/gi, ', then ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What the person asked adds when accepting ("Yes, I'll take it. I'll have a fix in review by
 * Friday."): their own firm step that names something the request did not, said as one task with it.
 */
function furtherStep(task: string, reply: Turn, due: DueDate): string | null {
  const asked = new Set(specificWords(task).map(stemOf));
  for (const item of reply.sentences) {
    const said = commitmentIn(item.text);
    if (said?.kind !== 'firm' || !isTask(said.verbPhrase)) continue;
    const step = withoutDue(said.verbPhrase, due);
    const words = specificWords(step).map(stemOf);
    if (!isVague(step) && words.every((word) => !asked.has(word))) return step;
  }
  return null;
}

/**
 * A sentence without a question put after a dash ("I'll look into that — Ana, is the engineer
 * still coming Monday?"): the question is another matter, for someone else to answer, and its
 * words and date are not the commitment's.
 */
function beforeQuestion(text: string): string {
  const dash = /\s+[—–-]\s+(?=[^—–]*\?\s*$)/.exec(text);
  return dash === null ? text : text.slice(0, dash.index);
}

/** At least this share of sentences with a false start or a cut word, and this many, mark speech transcribed verbatim. */
const VERBATIM_SHARE = 0.1;
const VERBATIM_MIN_SENTENCES = 4;

/** Whether a meeting was transcribed verbatim, disfluencies and all, rather than as edited, clean speech. */
export function isVerbatim(sentences: readonly Sentence[]): boolean {
  const unclean = sentences.filter((sentence) => !saidCleanly(sentence.text)).length;
  return unclean >= VERBATIM_MIN_SENTENCES && unclean >= VERBATIM_SHARE * sentences.length;
}

/** A verb whose object is a bare pronoun: "mail that out to the list", "try to get to it", "put it in the report". */
function pronounObject(task: string): boolean {
  const verbFirst = withoutOpeners(task).replace(/^(?:(?:try|aim|want|need|have|going|got|be able)\s+(?:to|and)\s+)+/i, '');
  return /^[\p{L}'-]+(?:\s+(?:up|out|on|off|over|back|round|in|to|at|through|together|about|with))?\s+(?:it|that|this|them|those)\b(?!\s+(?:one|ones)\b)/iu.test(
    verbFirst,
  );
}

/** "Do that", "market it", "get to that": a task of a verb and a pronoun, which says nothing of what is to be done. */
function saysOnlyItsVerb(task: string): boolean {
  const telling = specificWords(task).length;
  return (
    telling === 0 ||
    (telling === 1 && withoutOpeners(task).split(/\s+/).length <= 2) ||
    (telling === 1 &&
      /^\s*[\p{L}'-]+(?:\s+(?:up|out|on|in|off|over|back|round|to|with|at|about|for|through|into))*\s+(?:it|that|this|them|those|these)\b/iu.test(
        task,
      ))
  );
}

/** A sentence as an action's context: no opening fillers, no question mark (actionText shortens it). */
function snippet(text: string): string {
  return withoutOpeners(text)
    .replace(/^(?:only that|just that|I mean|no|not really)[,.\s]+/i, '')
    .replace(/[?!.,;:]+$/, '');
}

/** A text without the words of its due date ("by Friday"), which the action shows beside it; "Friday's bulletin" stays. */
function withoutDue(text: string, due: DueDate): string {
  if (due.said === null || /'s$/.test(due.said)) return text;
  const index = text.toLowerCase().indexOf(due.said.toLowerCase());
  if (index < 0) return text;
  return `${text.slice(0, index)}${text.slice(index + due.said.length)}`
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .replace(/[\s,;:]+\.$/, '.')
    .replace(/[\s,;:]+$/, '')
    .replace(/\s+(?:at|by|before|for|on|in|to|until|from)(?:\s+(?:the|our|my|your|their|this|that|a))?$/i, '')
    .trim();
}
