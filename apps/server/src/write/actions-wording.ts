import { specificWords } from './actions-phrases.ts';
import { capitalise, withArticle } from './sentences.ts';

/**
 * How an action or decision reads in the minutes: one short sentence in neutral words. Spoken
 * hedges go ("I think", "just", "probably"), first-person possessives become "the" ("my team" →
 * "the team"), a closing clause about what others will do goes, what was said before is cut at a
 * clause, the agenda item is woven in rather than glued on, and no text ends in an ellipsis.
 */

/** At most this many words in an action or decision text; a longer one is cut at a clause. */
const MAX_WORDS = 30;
/** At most this many words of what was said before, after the dash. */
const CONTEXT_WORDS = 20;
/** A cut is made at a clause only if at least this many words stay; otherwise at the word limit. */
const MIN_CLAUSE_WORDS = 6;
/** With this many telling words of its own an action needs no agenda item; with fewer it is woven in. */
const RICH_WORDS = 6;

/** Spoken hedges that add nothing to a written task. */
const HEDGES =
  /\b(?:I (?:think|guess|suppose|reckon|mean)|I'd say|to be honest|if I'm honest|just|probably|basically|obviously|literally|actually|really|kind of|sort of)\b,?\s*/gi;

/** Text in neutral words: hedges dropped, "my"/"our" made "the", an own "I'll" left as the verb. */
export function neutral(text: string): string {
  return text
    .replace(HEDGES, '')
    .replace(/\b(?:my|our) own\b/gi, 'the')
    .replace(/\b(?:my|our)\b/gi, 'the')
    .replace(/\bI(?:'ll| will)\s+/g, '')
    .replace(/\bwe've\s+(?=\w+ed\b)/gi, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A clause that turns to what someone else will do ("…, and then the team takes it back"): not the owner's task. */
const OTHERS_CLAUSE =
  /,?\s+and(?:\s+then)?\s+(?:the|his|her|their|[\p{Lu}][\p{L}'-]*'s)\s+(?:[\p{L}-]+\s+){0,2}(?:team|staff|department|service|group)\b.*$/u;

/** The task clause alone: a closing clause about other people dropped when the task keeps two telling words. */
export function ownClause(task: string): string {
  const cut = task.replace(OTHERS_CLAUSE, '');
  return cut !== task && specificWords(cut).length >= 2 ? cut : task;
}

/** Object pronouns a vague task leans on ("price it up", "pick that up"). */
const PRONOUN = /\b(?:it|that|this|them|those)\b(?!\s+(?:is|are|was|were|'s)\b)/i;
/** Verbs whose "them" is people: asking, telling, ringing, reminding. */
const PEOPLE_VERB =
  /^(?:ask|tell|ring|call|phone|email|e-mail|text|remind|chase|thank|invite|brief|contact|update|warn|meet|see|visit)\s+(?:them|those)\b/i;
/** A speaker's way into what they say: "Can I (just) say,", "I have to say,", "To be honest,", "While you're up there,". */
const SPEAKER_WAY_IN =
  /^(?:(?:can|could|may)\s+I\s+(?:just\s+)?(?:say|add|mention|point\s+out|ask)|I\s+(?:have\s+to|must|would|'d)\s+say|to\s+be\s+honest|in\s+fairness|I\s+mean|while\s+(?:you|we)(?:'re|\s+are)\s+(?:up|down|over|in|out)?\s*there)[,:]?\s+/i;
/** What was said before, in neutral words, cut at a clause to at most twenty words, with no ellipsis. */
export function briefContext(context: string): string {
  const plain = neutral(context)
    .replace(/^(?:what (?:I|we)(?:'d| would) like(?: for next time)? is|(?:I|we)(?:'d| would) like)\s+/i, '')
    // "Can I just say, it says …": the speaker's way in, not what was said.
    .replace(SPEAKER_WAY_IN, '')
    .replace(/[.?!]+$/, '');
  return withinWords(plain, CONTEXT_WORDS);
}

/**
 * The owner named as the task's subject, which the minutes' owner column already says: "Action on
 * Bernard, he needs to review the specification" → "Review the specification".
 */
const OWNER_SUBJECT =
  /^(?:he|she|they)(?:\s+(?:needs?|has|have)\s+to|(?:'ll|\s+will)(?:\s+(?:need|have)\s+to)?|(?:'s|\s+is|'re|\s+are)\s+(?:going\s+)?to)\s+/i;

/** An action's text from its task and, after a dash, the start of what was said before it. */
export function actionText(task: string, context: string | null): string {
  const own = ownClause(neutral(task).replace(OWNER_SUBJECT, '')).replace(/\.$/, '');
  if (context === null) return finish(own);
  return finish(`${own || 'Take it on'} — ${briefContext(context)}`);
}

/**
 * The agenda item woven into an action that says little telling of its own: the "it" it leans on
 * becomes the item ("Complete it." under "Fire risk assessments" → "Complete the fire risk
 * assessments.") unless what was said before follows a dash (that says what "it" is), else "for
 * the …" is added; a task that names a little gets "On …," with "the"
 * when the item was said so (`said`: what was said under it).
 */
export function withTopic(text: string, topic: string, names: ReadonlySet<string>, said: readonly string[] = []): string {
  const [task = text, ...rest] = text.replace(/\.$/, '').split(' — ');
  const telling = specificWords(task).filter((word) => !names.has(word));
  if (telling.length >= RICH_WORDS) return text;
  if (telling.length >= 2) return finish(`On ${withArticle(asPhrase(topic), said)}, ${text.charAt(0).toLowerCase()}${text.slice(1)}`);
  const item = asPhrase(topic);
  // "Ask them", "ring them": people, not the agenda item. "Send it to Kwame — One list, each
  // system, …": what was said before, after the dash, says what "it" is.
  const pronoun = PEOPLE_VERB.test(task) || rest.length > 0 ? null : PRONOUN.exec(task);
  const woven = pronoun ? task.replace(PRONOUN, `the ${item}`) : `${task} for the ${item}`;
  return finish([woven, ...rest].join(' — '));
}

/** An agenda item in running text: lower case unless it opens with a name or an abbreviation. */
function asPhrase(topic: string): string {
  const title = topic.trim().replace(/[.:]+$/, '');
  if (/^[\p{Lu}\d]{2,}\b/u.test(title) || /^[\p{Lu}][\p{Ll}]+\s+[\p{Lu}]/u.test(title)) return title;
  return `${title.charAt(0).toLowerCase()}${title.slice(1)}`;
}

/** Function words a cut text must not end on. */
const DANGLING =
  /\s+(?:and|or|but|so|the|a|an|of|for|to|with|on|in|at|by|from|that|which|who|if|when|as|than|then|is|are|was|were|be|it|its|this|their)$/i;

/** A text cut to `limit` words: at the last clause boundary that keeps enough words, else at the limit; never with an ellipsis. */
export function withinWords(text: string, limit: number): string {
  const words = text.replace(/\s*…\s*$/, '').split(/\s+/);
  if (words.length <= limit) return words.join(' ');
  const head = words.slice(0, limit).join(' ');
  const boundary = Math.max(head.lastIndexOf(', '), head.lastIndexOf(' — '), head.lastIndexOf('; '));
  const cut = boundary > 0 && head.slice(0, boundary).split(/\s+/).length >= MIN_CLAUSE_WORDS ? head.slice(0, boundary) : head;
  let trimmed = cut.replace(/[\s,;:—]+$/, '');
  while (DANGLING.test(trimmed)) trimmed = trimmed.replace(DANGLING, '');
  return trimmed;
}

/** One written sentence: at most the word limit, a capital, a full stop. */
export function finish(text: string): string {
  const core = withinWords(text.replace(/\s+/g, ' ').trim(), MAX_WORDS).replace(/[\s,.;:—…]+$/, '');
  return core === '' ? '' : `${capitalise(core)}.`;
}
