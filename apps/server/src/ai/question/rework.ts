/**
 * A message that asks for the previous answer again in another form — summarised, shortened,
 * expanded, put another way, as a checklist, or as a piece of writing (an e-mail, a procedure) —
 * rather than asking something new. Read by its instruction (the verb and what it makes) and by
 * whether it points back at the answer ("that", "this", "the above") or names no subject of its
 * own; a new question that merely mentions a summary or a checklist ("what should the summary of a
 * fire risk assessment include?") names its subject and is not one.
 */

import { contentWords } from './follow-up.ts';

export type ReworkKind = 'summarise' | 'shorten' | 'expand' | 'rephrase' | 'checklist' | 'draft';

/** What the message asks the previous answer to become. */
export interface Rework {
  kind: ReworkKind;
  /** Bullets or lines asked for ("in two bullet points", "a couple of lines"); null when not said. */
  count: number | null;
  /** For rephrase: the plain-English register, or a board's. */
  register: 'plain' | 'board' | null;
  /** For draft: the written piece asked for. */
  piece: 'email' | 'procedure' | 'notice' | 'note' | null;
  /** Who it is for, as the message names them ("ward managers"), or null. */
  audience: string | null;
  /** The message's own subject words beyond the instruction ("the weekly test", "controlling exposure"): what an expansion dwells on. */
  focus: string[];
}

/** Messages are read within this many characters: an instruction is short. */
const MAX_CHARACTERS = 400;

const NUMBER_WORDS: Record<string, number> = { one: 1, a: 1, single: 1, two: 2, couple: 2, three: 3, four: 4, five: 5, six: 6 };

/** The message points back at the answer: an instruction's object is "that", "this", "it", "the above"… */
const POINTS_BACK =
  /\b(?:summari[sz]e|sum|shorten|make|turn|put|say|explain|rewrite|re-write|reword|rephrase|write|cut|expand(?:\s+on)?|condense|simplify|tell(?:ing)?\s+(?:them|people|staff|everyone)|convert|change|detail\s+on|more\s+on|send|give\s+me)\s+(?:all\s+(?:of\s+)?)?(?:that|this|it|these|those|the\s+above|your\s+(?:last\s+|previous\s+)?answer|what\s+you\s+(?:just\s+)?said)\b|\b(?:the\s+above|your\s+(?:last\s+|previous\s+)?answer|what\s+you\s+(?:just\s+)?said)\b/i;

/** Each kind's instruction, most specific first (a draft of an e-mail before a plain "write that"). */
const INSTRUCTIONS: readonly [ReworkKind, RegExp][] = [
  [
    'checklist',
    /\b(?:check\s?-?lists?|tick\s?-?lists?|tick\s?box(?:es)?|list\s+of\s+(?:things|items|points|checks)\s+(?:to|we|i)\b|things\s+to\s+check)\b/i,
  ],
  [
    'draft',
    /\b(?:draft|write|turn|make|put|compose|prepare|send)\b[^.?!]{0,60}?\b(?:e-?mails?|memos?|letters?|procedures?|notices?|briefings?|messages?|notes?|SOPs?|posters?|handouts?|bulletins?)\b/i,
  ],
  [
    'summarise',
    /\b(?:summari[sz]e|summari[sz]ing|sum\s+(?:that|this|it)\s+up|sum\s+up|summary\s+of\s+(?:that|this|it|the\s+above|your)|tl;?dr|in\s+(?:\d{1,2}|one|two|three|four|five|six|a\s+few)\s+(?:bullet|bullets|bullet\s+points|points))\b/i,
  ],
  [
    'expand',
    /\b(?:more\s+detail|expand|elaborate|explain\s+(?:that|this|it)\s+(?:more|further|in\s+(?:more\s+)?detail)|explain\s+more|tell\s+me\s+more|go\s+(?:into|in)\s+(?:more\s+)?detail|longer\s+version|more\s+depth|in\s+more\s+depth|fuller)\b/i,
  ],
  [
    'shorten',
    /\b(?:shorter|shorten|cut\s+(?:that|this|it)\s+down|cut\s+down|briefer|more\s+brief|condense|key\s+points?|main\s+points?|the\s+essentials|just\s+the\s+(?:key|main|headline)|headline|in\s+(?:a|one)\s+(?:line|sentence)|couple\s+of\s+(?:lines|sentences)|(?:one|two|three|few)\s+(?:lines|sentences)|bottom\s+line)\b/i,
  ],
  [
    'rephrase',
    /\b(?:plain\s+english|plain\s+language|simple\s+(?:terms|words|language|english)|simpler|simplify|rephrase|reword|re-?write|layman|laymen|put\s+(?:that|this|it)\s+(?:in|into)|say\s+(?:that|this|it)\s+(?:for|to|in|as)|for\s+(?:a|the)\s+board|board\s+(?:paper|report)|in\s+a\s+way\s+(?:i|we|they|you)\s+can|explain\s+(?:that|this|it)\s+(?:to|for|in\s+a\s+way))\b/i,
  ],
];

/** Words that belong to an instruction, not to a subject. */
const INSTRUCTION_WORDS = new Set(
  `a an the that this it these those them above your you me us i we our my please can could would will just some more bit
  summarise summarize summary sum up in into into to for as of on about and or with what so then also now
  bullet bullets point points line lines sentence sentences short shorter shorten briefer brief version key main essentials essential headline
  cut down couple few one two three four five six number detail details expand elaborate explain further fuller longer depth go tell
  plain english simple simpler terms words language rephrase reword rewrite write make turn put say give draft compose prepare send
  checklist checklists check checks list tick box boxes things items way can say do need to it's its that's
  email e mail emails memo letter procedure procedures notice message note sop poster handout bulletin briefing up version part bit section`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/** An audience the message names: "for the board", "to the ward managers", "for a new porter". */
const AUDIENCE =
  /\b(?:for|to)\s+((?:a|an|the|our|my|all|new)\s+)?((?:[a-z-]+\s+){0,3}?(?:managers?|staff|team|teams|leads?|board|porters?|owner|contractors?|daughter|son|family|relatives?|residents?|patients?|carers?|nurses?|governors?|committee|group|minutes|handbook|practice manager|everyone|colleagues|directors?|trustees?|domestics?|housekeepers?|workers?))\b/i;

function countOf(text: string): number | null {
  const match =
    /\b(\d{1,2}|one|two|three|four|five|six|a|single|couple)\s+(?:of\s+)?(?:bullet|bullets|bullet\s+points|points|lines|line|sentences|sentence|key\s+points)\b/i.exec(
      text,
    );
  if (!match?.[1]) return null;
  const raw = match[1].toLowerCase();
  const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
  return n !== undefined && n > 0 && n <= 20 ? n : null;
}

function pieceOf(text: string): Rework['piece'] {
  if (/\be-?mails?\b|\bmessages?\b|\bmemos?\b|\bletters?\b/i.test(text)) return 'email';
  if (/\bprocedures?\b|\bSOPs?\b|\bsteps\b/i.test(text)) return 'procedure';
  if (/\bnotices?\b|\bposters?\b|\bhandouts?\b|\bbulletins?\b/i.test(text)) return 'notice';
  if (/\bnotes?\b|\bbriefings?\b/i.test(text)) return 'note';
  return null;
}

/**
 * The rework a message asks of the previous answer, or null when it asks something new. Only a
 * message in a conversation with an answer before it can be one (the caller decides that).
 */
export function readRework(message: string): Rework | null {
  const text = message.slice(0, MAX_CHARACTERS).replace(/\s+/g, ' ').trim();
  const found = INSTRUCTIONS.find(([, pattern]) => pattern.test(text));
  if (!found) return null;
  const [kind] = found;
  const audience = AUDIENCE.exec(text);
  const withoutAudience = audience ? text.replace(audience[0], ' ') : text;
  const own = contentWords(withoutAudience).filter((word) => !INSTRUCTION_WORDS.has(word) && word.length > 2 && !/^\d/.test(word));
  // A message naming a subject of its own is a new request unless it points back at the answer.
  const pointsBack = POINTS_BACK.test(text);
  if (!pointsBack && own.length > 2) return null;
  const lower = text.toLowerCase();
  return {
    kind,
    count: countOf(text),
    register: kind === 'rephrase' ? (/\bboard\b|\bcommittee\b|\bdirectors?\b|\btrustees?\b/.test(lower) ? 'board' : 'plain') : null,
    piece: kind === 'draft' ? pieceOf(text) : null,
    audience: audience?.[2]?.trim() ?? null,
    focus: own,
  };
}
