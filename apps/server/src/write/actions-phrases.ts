import { capitalise, escapeRegExp, wordsOf } from './sentences.ts';
import { withoutAbandonedStarts } from './spoken.ts';

/**
 * The phrasing action detection reads: how people take a task on ("I'll …", "leave it with me"),
 * give one ("action on Sam", "Jo to send …", "can you …?"), accept one ("yes", "will do"), and
 * what only sounds like one (speech about the meeting itself, social plans, logistics). Also how
 * a spoken commitment becomes an imperative action text.
 */

/** Words that open a sentence without carrying its meaning: "So, yeah, OK, I'll …". */
const OPENERS =
  '(?:you know|I mean|so|ok|okay|right|yes|yeah|yep|sure|well|and|then|but|fine|great|good|lovely|thanks|thank you|no problem|of course|absolutely|course|perfect|brilliant|cool|honestly|actually|also|oh|ah|alright|all right|definitely|now|just|anyway|in that case|in which case)';
/** Openers that are also verbs ("Look, …" against "look into the bug") count only with a pause after them. */
const VERB_OPENERS = '(?:look|listen|see)';
const OPENER_RUN = new RegExp(String.raw`^(?:(?:${OPENERS}\b[,.!;:]?|${VERB_OPENERS}[,.!;:])\s*)+`, 'i');

/** A sentence without its opening fillers. */
export function withoutOpeners(text: string): string {
  return text.replace(OPENER_RUN, '').trim();
}

/** How the speaker takes a task on, strongest first; `plan` is an intention that needs a date or a go-ahead. */
type CommitmentKind = 'firm' | 'team' | 'plan';

export interface Commitment {
  kind: CommitmentKind;
  /** What they will do, from the verb on ("raise a job on the helpdesk …"); '' for "leave it with me". */
  verbPhrase: string;
  /** Whether the commitment is "leave it with me" or "put it as an action on me". */
  handover: boolean;
  /** "I can …": an offer, a task once it is accepted, dated or answers a request. */
  offer?: boolean;
}

/**
 * After "I'll": wishes and expectations, not tasks; nor what the speaker will say in the talk or
 * paper being planned ("then I'm going to talk about the data", "I'll say a word on scaling").
 */
const NOT_A_TASK_VERB = String.raw`(?!not\b|never\b|need\b(?!\s+to\b)|want\b|like\b|hope\b|expect\b|wait\b|guess\b|admit\b|bet\b|wager\b|(?:(?:also|then|just)\s+)?(?:talk|speak) about\b|(?:(?:also|then|just)\s+)?say\b)`;
const FIRM = [
  new RegExp(String.raw`\bI(?:'ll| will| shall)\s+${NOT_A_TASK_VERB}(?:also\s+|just\s+|then\s+|definitely\s+|personally\s+)*`, 'gi'),
  new RegExp(String.raw`\bI(?:'m| am) going to\s+${NOT_A_TASK_VERB}(?:also\s+|just\s+)*`, 'gi'),
  /\bI can\s+(?!not\b|only\b|see\b|hear\b|imagine\b|understand\b|tell\b|say\b|remember\b|think\b|confirm that\b|assure\b|guarantee\b|promise\b|model\b|compare\b)(?:also\s+|just\s+|then\s+)*/gi,
  // "[PERSON6] and I are going to work on that", "Sam and I will …": a joint task, the speaker's own.
  new RegExp(
    String.raw`(?<![\p{L}\]])(?!(?:You|We|They|He|She|It)\b)\[?\p{Lu}[\p{L}\d]*\]? and I (?:are going to|will|shall)\s+${NOT_A_TASK_VERB}(?:also\s+|just\s+|then\s+)*`,
    'gu',
  ),
];
/** "I'll have to find that out", "I'll need to get together with you": an obligation the speaker takes on is the task itself. */
const OBLIGED = /^(?:have|need) to\s+/i;
/** Which of FIRM is "I can …", an offer. */
const OFFER_PATTERN = 2;
/**
 * "If I can just clarify", "whether I will", "what I'm going to write about": a supposition or a
 * clause, not a commitment; nor is agreeing to what was put, its object said first ("That I can deliver.").
 */
const SUPPOSED = /\b(?:if|whether|unless|what|how|where|why|which)\s*$|^\s*(?:\S+[,.]?\s+)?(?:that|this)\s*$/i;
/** "You'll have the report within two weeks": the speaker will send it. */
const YOU_WILL_HAVE = /^you(?:'ll| will) (?:have|get|receive)\s+(?!to\b)(.+)$/i;
/** "… so I can model it": a purpose, not a commitment (a sentence opening "So I'll …" is one). */
const PURPOSE = /\S\s+so(?: that)?\s*$/i;
const TEAM =
  /\bwe(?:'ll| will| can)\s+(?!not\b|see\b|need\b|have to\b|look at the\b|leave\b|keep\b|stay\b|go with\b|defer\b|park\b|do something\b|manage\b)/i;
const PLAN =
  /\b(?:what I(?:'d like| want| need)(?: to do)? is(?: to)?|the plan is to|my plan is to|I need to|I want to|I'd like to|I would like to|I'm planning to|I plan to|I intend to)\s+(?!know\b|understand\b|see\b|hear\b|say\b|think\b|check whether\b|be\b|start by saying\b|draw out\b|raise\b|ask\b|talk\b)/i;
const HANDOVER =
  /\b(?:leave (?:it|that|this|those|them) with me|(?:put|have) (?:it|that|this) (?:down )?as an action on me|that's (?:one )?for me|I'll take (?:it|that|this) (?:on|away))\b/i;

/**
 * A commitment made on someone else doing something again ("If anyone sends me another policy in
 * Comic Sans, I'll retire early", "if the phone rings out one more time, I'll move the desk in
 * there"): exasperation or a joke, not a task.
 */
const THREAT = /^(?:if|when|the next time|next time)\s+(?:(?:any|some)(?:one|body)\b|[^,]{0,80}\b(?:one more time|ever again)\b)/i;

/** Ways of refusing or of talking about not doing something. */
const NEGATED = /\bI(?:'ll| will) not\b|\bI won't\b|\bI can't\b|\bI cannot\b|\bI(?:'m| am) not going to\b|\bnot sure I can\b/i;

/** The speaker's commitment in a sentence, if it makes one. */
export function commitmentIn(sentence: string): Commitment | null {
  const text = sentence.trim();
  if (NEGATED.test(text) && !HANDOVER.test(text)) return null;
  const handover = HANDOVER.exec(text);
  // The first commitment that is a task; a sentence may say another first ("I'll be here. — I'll give you my phone number").
  let firm: Commitment | null = null;
  for (const [k, pattern] of FIRM.entries()) {
    for (const match of text.matchAll(pattern)) {
      const before = text.slice(0, match.index);
      const clauseOnly = SUPPOSED.test(before) && !/^do(?:,)? is\b/i.test(text.slice(match.index + match[0].length));
      // "OK, so I'll …" opens with fillers, not a purpose ("… so I can model it").
      if (THREAT.test(withoutOpeners(before))) return null;
      if ((PURPOSE.test(before) && withoutOpeners(before) !== '') || clauseOnly) continue;
      const found: Commitment = {
        kind: 'firm',
        verbPhrase: clause(text.slice(match.index + match[0].length)).replace(OBLIGED, ''),
        handover: handover !== null,
        ...(k === OFFER_PATTERN ? { offer: true } : {}),
      };
      if (isTask(found.verbPhrase)) return found;
      firm ??= found;
    }
    if (firm) return firm;
  }
  const youWillHave = YOU_WILL_HAVE.exec(withoutOpeners(text));
  if (youWillHave) return { kind: 'firm', verbPhrase: `send ${clause(youWillHave[1] ?? '')}`, handover: false };
  if (handover) return { kind: 'firm', verbPhrase: '', handover: true };
  const team = TEAM.exec(text);
  if (team) return { kind: 'team', verbPhrase: clause(text.slice(team.index + team[0].length)), handover: false };
  const plan = PLAN.exec(text);
  if (plan) return { kind: 'plan', verbPhrase: clause(text.slice(plan.index + plan[0].length)), handover: false };
  return null;
}

/** The task clause: up to where the speaker turns to a reason, an aside or another subject. */
export function clause(text: string): string {
  const cut = text.search(
    /,\s*(?:because|cos|as|since|which|it's|that's|there's|they're|I've|I'm|I have|don't worry|no worries|I think|I mean|honestly|to be honest|if that works|if you can|if that's ok|if that's all right|if (?:that|it) helps|if you like|if you want|otherwise|or else|realistically|hopefully|obviously|ideally|preferably|maybe|perhaps|at the latest|that (?:gives|means|way|should|will)\b|so (?!that\b)|but\b)|,?\s+and\s+I(?:'ll| will)\s+(?=(?:take|raise|pick|mention)\b)|,\s*and\s+(?:you|they|he|she|it)(?:'ll| will)\s|\s+(?:because|but)\s|\s+at the latest\b|[?;]|\s+-\s|\s+—\s|—$/i,
  );
  return (cut >= 0 ? text.slice(0, cut) : text)
    .replace(/[.!,\s]+$/, '')
    .replace(DANGLING, '')
    .replace(/[.!,\s]+$/, '')
    .trim();
}

/** A tail a cut-off sentence leaves: "…, and then you", "… and". */
const DANGLING = /,?\s+(?:and|or|but)(?:\s+then)?(?:\s+(?:I|you|we|he|she|they|it|the|a|an))?$/i;

/** The condition a commitment is made on ("If it's approved, leave it with me, I'll …" → "If it's approved"); none when it was not said cleanly. */
export function conditionOf(sentence: string): string | null {
  const match = /^((?:if|once|when|assuming|provided)\s+[^,]{3,60}),\s*(?=.*\bI(?:'ll| will| can)\b|.*\bleave it with me\b)/i.exec(
    withoutOpeners(sentence),
  );
  return match?.[1] && saidCleanly(match[1]) && !/\b(?:to|the|a|of)$/i.test(match[1]) ? capitalise(match[1]) : null;
}

/**
 * Whether speech was said in clean words, fit to be written down as said: no false start or
 * cut-off marked by a dash ("we — we have", "it's the —"), no stray letter of a word cut short
 * ("to c and"), no word said twice in a row.
 */
export function saidCleanly(text: string): boolean {
  return !/\s[—–-]\s|[—–]|\s-$/.test(text) && !/(?:^|\s)(?![aI]\b)\p{Ll}(?=[\s,.;:!?]|$)/u.test(text) && !/\b(\p{L}+)\s+\1\b/iu.test(text);
}

/** Talk about the meeting itself ("I'll take that as a yes", "I'll come to each of those"), not a task. */
const DISCOURSE =
  /^(?:be\b|have (?:been|done|had|got)\b|take (?:that|those|it|this|them) as\b|come (?:back )?(?:to|on to|onto)\b|leave (?:it|that|this) (?:there|with you)\b|leave (?:that|this|it) one with you\b|drop off\b|read\b|start\b|hand (?:it |you )?(?:over|back)\b|say\b|tell you\b|just say\b|note (?:that|it|this)\b|go through\b|talk (?:you |us )?through\b|walk (?:you |us )?through\b|summarise\b|explain\b|keep (?:it|this) (?:short|brief)\b|stop there\b|pass (?:you |it )?(?:over|back|on to you)\b|see\b|try and be\b|do the (?:results|introductions|intro)\b|chair\b|share\b|turn\b|mute\b|answer\b|ask (?:a|the|my|one) (?:quick )?question\b|repeat\b|move on\b|let you (?:go|get on)\b|take (?:it|that|those|them) (?:as read|to go)\b|manage\b|survive\b|live\b|look forward\b|get (?:back )?to (?:you|that) in a (?:sec|second|minute|moment)\b|get going\b|shut up\b|hang on\b|bear (?:that|it) in mind\b|remember\b|think about it\b|bite my tongue\b|come in\b|jump in\b|be (?:quick|brief)\b|take (?:those|that|it) (?:as|on board)\b|do that now\b|go(?:\s+(?:first|next|now|ahead|last|on))?\s*$|agree\b|disagree\b|speak\b|clarify\b|get (?:on )?to (?:that|it|this|those)\b|(?:just )?check (?:that |if |whether )?(?:we(?:'ve| have)|there(?:'s| is)) (?:nothing|anything) else\b|give (?:you |us |them )?(?:an?|another|one more) (?:quick )?example\b|wrap (?:it |this |things )?up\b|(?:mostly |just )?listen\b|let (?:\S+ )?(?:start|go first|begin|kick off|take over|speak|come in|explain|update us)\b|change (?:my|our) minds?\b|note (?:my|our|the) (?:concern|discomfort|objection|reservation|dissent)s?\b|believe it\b|leave (?:you|him|her|them|everyone|you all) to it\b|write (?:that |it |this |those )?down\b|take (?:the )?(?:notes|minutes)\b|leave (?:that|it|this|those|them) (?:to|for) (?!(?:the|a|an|next|later|now)\b)[\p{L}[]|hold \S+ to (?:that|it|this)\b|give (?:you|him|her|them) (?:that|this)\s*$|sleep\b|eat\b|cope\b)/iu;
/** Social plans and jokes: refreshments, parties, being there. */
const SOCIAL =
  /\b(?:biscuits?|cakes?|brownies|doughnuts?|donuts?|(?:mince )?pies|cookies|snacks|treats|crisps|sandwiches|coffee|tea|drinks?|pub|party|leaving do|the do|lunch|pizza|a round|sweets|chocolates?|flowers|the card|bake)\b|^(?:send|give|pass on)\s+(?:\S+\s+)?(?:my|our|the|all the|everyone's)\s+(?:best|love|regards|(?:best )?wishes|thanks|congratulations)\b/i;
/**
 * Meeting logistics done on the spot: a short phrase that ends on the room's or the call's things
 * ("turn the heating up", "get the door", "put the slides back on"). The same things with more said
 * about them are estates work ("get the door access system fixed", "replace the window restrictors
 * on ward 3"), and sending something on is a task ("send you the slides").
 */
const LOGISTICS =
  /^(?!(?:send|email|e-mail|forward|circulate|order|buy|replace|repair|fix|install|service|book)\b)(?:\S+\s+){0,3}?(?:(?:the|my|your|this|that|our)\s+)?(?:mic|microphone|camera|headset|volume|screen|sound|recording|slides?|slide ?show|blinds|heating|window|door|chat|link|mouse|projector|laptop|whiteboard|flip ?chart|pen|marker pen|clicker)(?:\s+(?:up|down|on|off|open|shut|closed|back|again|louder|quieter|a bit|please|for (?:a )?(?:sec|second|minute|moment|mo)|for (?:you|us|everyone)|then))*$|\bhang on\b|\bright now\b|\b(?:up )?on(?: the)? screen\b|\bin the chat\b|^stop (?:sharing|presenting|the share)\b/i;

/** Done there and then ("I'll have to think on the spot now"), not a task for after the meeting. */
const DONE_NOW = /\b(?:(?:right|just) now|on the spot|now|in a (?:sec|second|minute|moment|mo|tick))$/i;

/** Whether a phrase is a social plan or the meeting's own logistics ("send her our best", "turn the heating up"). */
export function isSocialOrLogistics(verbPhrase: string): boolean {
  const phrase = verbPhrase.trim();
  return SOCIAL.test(phrase) || LOGISTICS.test(phrase);
}

/** Whether a commitment's verb phrase is a task rather than talk about the meeting, a social plan or logistics. */
export function isTask(verbPhrase: string): boolean {
  const phrase = verbPhrase.trim();
  if (phrase === '') return true;
  return !DISCOURSE.test(phrase) && !SOCIAL.test(phrase) && !LOGISTICS.test(phrase) && !DONE_NOW.test(phrase);
}

/** Requests for something said now, in the meeting ("can you take us through those?"). */
const SPEAK_NOW =
  /^(?:hear|see|remind (?:us|everyone|me)|explain|tell (?:us|me|everyone|the group)\b(?! by)|take us|talk us|walk us|go through|give us (?:a|an|the) (?:update|summary|overview)|say\b|start\b|lead\b|introduce|update us|repeat|speak|clarify|summarise|do the|come in|mute|unmute|share|turn|read|kick off|go first|begin|describe|talk about|remind|give (?:us |me |everyone )?(?:an? |some |another )?(?:quick )?(?:example|examples|idea|sense|flavour)\b|(?:hand|pass) (?:me|us)\b)/i;

export interface Request {
  /** The person asked, as named; null when not named (the next speaker is asked). */
  addressee: string | null;
  verbPhrase: string;
  /** Given as a task to the person named ("Sam, I'd like you to …"): theirs without an answer, like "Sam to …". */
  direct?: boolean;
}

const NAME_WORD = String.raw`\[?[\p{Lu}][\p{L}\d'-]*\]?`;
/** A person addressed at the end of a sentence: a name ("Sam", "Sam Okoro") or a speaker label ("Speaker 3"). */
const ADDRESSED = String.raw`${NAME_WORD}(?:\s+(?:${NAME_WORD}|\d{1,2}))?`;
/** A name the request opens with: "Sam, can you …", "[PERSON2], could you …". */
const VOCATIVE = new RegExp(
  String.raw`^(?!(?:Can|Could|Would|Will|Please|Do|Are|You|If|I)\b)(${NAME_WORD}(?:\s+${NAME_WORD})?),?\s+(?=(?:can|could|would|will|you|please|do you|are you|if you|I(?:'d| would)? (?:like|need|want|suggest|recommend) you)\b)`,
  'u',
);
const REQUEST = new RegExp(
  String.raw`^(?:would you be (?:willing|able|happy) to|are you (?:able|happy|ok) to|do you want to|(?:can|could|would|will)\s+you(?:\s+(?:please|possibly|also|just|perhaps|maybe|quickly))*|you'll|you will|please)\s+(.+?)(?:,\s*(${ADDRESSED}))?\??$`,
  'iu',
);
const NEED_SOMEONE = new RegExp(String.raw`\bI(?:'d| would)? (?:need|want|like)\s+(${NAME_WORD}(?:\s+${NAME_WORD})?)\s+to\s+(.+)$`, 'u');
/**
 * A task asked of the listener without "can you": "I'd like you to work on …", "I need you guys to
 * …", "I'd suggest you …", or a polite "if you can check …" that is the whole sentence (no main
 * clause follows it). Whoever answers is asked, as for "can you …?".
 */
const ASK_LISTENER =
  /^(?:I(?:'d| would)? (?:need|want|like) you(?: guys| all| two| both| two of you)? to|I(?:'d| would)? (?:suggest|recommend) (?:that )?you|if you (?:can|could)(?: (?:just|also|please))*)\s+(?!(?:see|hear|imagine|think|remember|bear with)\b)(.+)$/i;

/** A task asked of someone ("Sam, can you pick that up?", "Would you be willing to draft something?", "I need Jo to …"). */
export function requestIn(sentence: string): Request | null {
  const text = withoutOpeners(withoutAbandonedStarts(withoutOpeners(sentence))).replace(/[?.!]+$/, '');
  const vocative = VOCATIVE.exec(text);
  const match = REQUEST.exec(vocative ? text.slice(vocative[0].length) : text);
  if (match) {
    const verbPhrase = clause(match[1] ?? '');
    const addressee = vocative?.[1] ?? match[2] ?? null;
    if (verbPhrase === '' || SPEAK_NOW.test(verbPhrase) || /^(?:hear|see|be|have to|need to)\b/i.test(verbPhrase)) return null;
    // "Please do" is a go-ahead, not a request.
    if (/^please\b/i.test(text) && specificWords(verbPhrase).length === 0) return null;
    if (addressee !== null && !/^[\p{Lu}[]/u.test(addressee)) return null;
    return { addressee, verbPhrase };
  }
  const asked = vocative ? text.slice(vocative[0].length) : text;
  const listener = ASK_LISTENER.exec(asked);
  // "If you can …, we'll …", "If you can whitelist them, fine": a condition of a main clause, not a request.
  if (listener && !(/^if\b/i.test(asked) && /[,;:]/.test(listener[1] ?? ''))) {
    const verbPhrase = clause(listener[1] ?? '');
    if (verbPhrase !== '' && !SPEAK_NOW.test(verbPhrase))
      return vocative ? { addressee: vocative[1] ?? null, verbPhrase, direct: true } : { addressee: null, verbPhrase };
  }
  const need = NEED_SOMEONE.exec(text);
  if (need && !/^(?:the|a|an|to|it|this|that|you)$/i.test(need[1] ?? ''))
    return { addressee: need[1] ?? null, verbPhrase: clause(need[2] ?? '') };
  return null;
}

/**
 * A task asked of nobody in particular ("we need someone to …", "somebody should …", "can anyone
 * cover the desk?"): only a volunteer makes it an action.
 */
export function openRequestIn(sentence: string): string | null {
  const match =
    /\b(?:we need|we'll need|I need|can|could) (?:someone|somebody|a volunteer) to\s+(.+)$|\b(?:someone|somebody) (?:should|ought to|needs to|could|has to|must)\s+(?:really\s+|probably\s+)?(.+)$|\b(?:can|could|would|will) (?:someone|somebody|anyone|anybody)\s+(?!else\b|remember\b|see\b|hear\b|think\b)(?:please\s+)?(.+?)\??$/i.exec(
      sentence,
    );
  return match ? clause(match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** "When can you get it done?", "By when, Sam?", "How long would it take?": a deadline asked of someone. */
export function asksWhen(sentence: string): boolean {
  return /\b(?:when (?:can|could|will|would|do|might)\b|by when\b|when's that\b|when is that\b|how long (?:would|will|to|do)\b|what(?:'s| is) (?:the|a) (?:sensible |realistic )?timescale|what timescale|(?:and )?(?:the \w+,? )?when\?$)/i.test(
    sentence,
  );
}

/** A first reply that takes on what was asked. */
export function accepts(sentence: string): boolean {
  return /^(?:(?:so|ok|okay|right|well|oh),?\s+)*(?:yes|yeah|yep|yup|sure|of course|course|will do|no problem|fine|absolutely|definitely|happy to|can do|consider it done|on it|certainly|ok(?:ay)?\b(?!,? (?:so|but))|i can\b(?!'t)|i will\b|i'll\b(?! be honest)|leave it with me|that's fine|no worries|i'd be happy|i'd be glad|mm-?hm)/i.test(
    sentence.trim(),
  );
}

/** A first reply that turns a request down. */
export function refuses(sentence: string): boolean {
  return /^(?:no\b(?![, ]+(?:problem|worries))|not really|i can't|i cannot|i don't think (?:i|so)|i'd rather not|honestly,? i'd rather not|i'm not sure (?:i|we) can)/i.test(
    withoutOpeners(sentence) || sentence,
  );
}

/** "Action on Sam", "so that's an action on the HV AE, then, to …": the assignee as named and what follows. */
export function assignmentIn(sentence: string): { assignee: string; rest: string; before: string } | null {
  const match =
    /\b(?:[Aa]n |[Tt]he )?[Aa]ctions? (?:on|for)\s+(me|(?:the\s+)?[\p{Lu}[][\p{L}\d'\]-]*(?:\s+(?:[\p{Lu}][\p{L}\d'-]*|\([\p{L}\s]+\)))*)(.*)$/u.exec(
      sentence,
    );
  if (
    !match ||
    /\b(?:was|were|had been)\s+(?:an |the )?actions? (?:on|for)\b/i.test(sentence) ||
    /\b(?:done|closed|completed?)\s+now\b/i.test(sentence)
  )
    return null;
  const rest = (match[2] ?? '')
    .replace(
      /^[\s,.:;-]*(?:then,?\s*|please,?\s*|so,?\s*)*(?:even though (?:he|she|they)(?:'s| is|'re| are) [^,.:;]{1,40}[\s,:;]*)?(?:(?:he|she|they)(?:'s| has)? offered[\s,]*)?/i,
      '',
    )
    .replace(/^to\s+/i, '');
  return { assignee: match[1] ?? '', rest: clause(rest), before: sentence.slice(0, match.index) };
}

/** "Ravi has said he'll send Ana the list": a task someone absent offered, as reported. */
export function reportedTask(text: string): string | null {
  const match =
    /\b(?:he|she|they|[\p{Lu}][\p{L}'-]+)(?:'ll| will| is going to| has offered to| offered to| said (?:he|she|they)(?:'d| would))\s+(.+)$/u.exec(
      text,
    );
  return match ? clause(match[1] ?? '') : null;
}

const TO_DO = new RegExp(String.raw`^(${NAME_WORD}(?:\s+${NAME_WORD})?)\s+to\s+(?!be\b|the\b|a\b)([\p{Ll}].+)$`, 'u');
/** "Nathaniel's got to get it in writing …", "Jo needs to sign it off": a duty put on a named person. */
const DUTY_OF =
  /(?:^|[,;]\s*(?:and|but|so)\s+)([\p{Lu}][\p{L}-]*(?:\s+[\p{Lu}][\p{L}-]*)?)(?:'s got to|’s got to| has got to| has to| needs to| will need to| must)\s+(?!be\b|have\b|leave\b|go\b|come\b|say\b|think\b|know\b|agree\b|decide\b)([\p{Ll}].+)$/u;

/**
 * "Jo to send the group …", "Ola to book …": a named person given a task in the minutes' own style;
 * also a duty put on a named person ("Hilary's got to get the money signed off").
 */
export function toDoIn(sentence: string): { assignee: string; verbPhrase: string } | null {
  const text = withoutOpeners(sentence);
  const match = TO_DO.exec(text) ?? DUTY_OF.exec(text);
  if (match) return { assignee: match[1] ?? '', verbPhrase: clause(match[2] ?? '') };
  // Said of someone else, it must name what: "[PERSON8]'s going to generate the chunked file", not "Jo will sort it".
  const future = NAMED_FUTURE.exec(text);
  const verbPhrase = clause(future?.[2] ?? '');
  return future && !isVague(verbPhrase) ? { assignee: future[1] ?? '', verbPhrase } : null;
}

/**
 * "[PERSON8]'s going to generate the chunked file", "Sam will send round the figures": another
 * person's task, said as what they will do; not what will happen to them or what they will know,
 * think or say ("Jo will be back", "Sam will love it").
 */
const NAMED_FUTURE = new RegExp(
  String.raw`(?:^|[,;]\s*(?:and|but|so|then)\s+|^(?:and|but|so|then)\s+)(?!(?:I|You|We|They|He|She|It|That|This|There|What|Which|Who|Everyone|Everybody|Someone|Somebody|Nobody|Anyone)\b)(${NAME_WORD}(?:\s+${NAME_WORD})?)(?:'s going to|’s going to| is going to| will| is gonna)\s+(?!(?:not|never|be|have|know|see|say|think|like|love|hate|want|need|agree|understand|remember|hear|feel|find out when|probably|tell you|come|go|get back|talk|speak)\b)([\p{Ll}].+)$`,
  'u',
);

/** A role's title as said: up to three capitalised words ending on a role's head word ("Industrial Designer", "Marketing Expert"). */
const ROLE_TASK =
  /(?:^|[,;]\s*(?:and\s+)?|^and\s+)(?:so\s+)?the\s+(?:the\s+)?((?:[\p{Lu}][\p{L}-]*\s+){0,3}(?:Manager|Expert|Designer|Engineer|Officer|Director|Lead|Coordinator|Adviser|Advisor|Analyst|Specialist))\s+(?:will|'ll|is going to|is gonna)\s+(?:will\s+)?(\p{Ll}.+)$/u;

/** "The Marketing Expert will do the first project evaluation": the role's title and what it will do. */
export function roleTaskIn(sentence: string): { role: string; verbPhrase: string } | null {
  const match = ROLE_TASK.exec(withoutOpeners(sentence));
  return match ? { role: match[1] ?? '', verbPhrase: clause(match[2] ?? '') } : null;
}

/** Pronouns and verbs that say nothing about which task it is ("do it", "get that done"). */
const GENERIC = new Set(
  (
    'i me my you your we us our it its that this these those them they one ones something everything anything thing things stuff ' +
    'do does doing done did get gets getting got have has had make made take put send bring pick picking sort sorted look looking chase check deal handle follow ' +
    'up round back out over on in off into at to for with from by of and or the a an as then also just all both some any properly sure really will can ' +
    'be is are was were there here what which who when how whether if so not no yes ok well now again else let lot bit ' +
    'week weeks month today tomorrow next end friday monday tuesday wednesday thursday meeting time first ' +
    'yeah yep okay fine right good great fair thanks thank please course sorry oh ah well though even ' +
    'but since because although unless until like about yet still already only very quite think know mean guess suppose before after'
  ).split(' '),
);

/** The words of a phrase that say what the task is about. */
export function specificWords(phrase: string): string[] {
  return wordsOf(phrase)
    .map((word) => word.replace(/'s$/, ''))
    .filter((word) => !/(?:'(?:ll|m|re|ve|d)|n't)$/.test(word))
    .filter((word) => !GENERIC.has(word) && !/^\d{1,2}(?:st|nd|rd|th)$/.test(word) && word.length > 1);
}

/**
 * Whether a task phrase fails to name what it is about: "do it" does not; "put it in the
 * newsletter" leans on "it" and says little else; "raise a job for the east stair lighting" does.
 */
export function isVague(phrase: string): boolean {
  const specific = specificWords(phrase).length;
  return (
    specific < 2 ||
    (specific <= 3 && /\b(?:it|that|this|them|those|these|him|her)\b/i.test(phrase)) ||
    /^\s*\w+\s+(?:it|that|this|them|those)\b(?!\s+(?:is|are|was|were)\b)/i.test(phrase)
  );
}

/** At most this many telling words (names aside), a task is thin. */
const THIN_WORDS = 1;
/** Whether a task phrase says too little to stand alone ("get a quote to Ana"): what was said before is added to it. */
export function isThin(phrase: string, names: ReadonlySet<string>): boolean {
  return specificWords(phrase).filter((word) => !names.has(word)).length <= THIN_WORDS;
}

/** Words that follow a subject without being its verb, and verbs that do not change with it. */
const UNCHANGED_AFTER_SUBJECT = new Set(
  'can could will would shall should may might must just also still then really only ever already actually always never both all'.split(
    ' ',
  ),
);

/** A verb as said of someone named in place of "you" ("if you send me" → "if Lesley sends me"). */
function thirdPerson(verb: string): string {
  if (UNCHANGED_AFTER_SUBJECT.has(verb) || /ly$|ed$/.test(verb)) return verb;
  const irregular: Record<string, string> = { have: 'has', are: 'is', were: 'was', do: 'does', go: 'goes' };
  if (irregular[verb]) return irregular[verb];
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** The verb a task's outcome is said with ("have the policy built and tested" → "build and test the policy"). */
const PARTICIPLES: Record<string, string> = Object.fromEntries(
  (
    'built:build tested:test written:write rewritten:rewrite drafted:draft redrafted:redraft updated:update reviewed:review ' +
    'checked:check fixed:fix installed:install replaced:replace repaired:repair serviced:service printed:print signed:sign ' +
    'approved:approve agreed:agree circulated:circulate uploaded:upload ordered:order delivered:deliver cleared:clear ' +
    'cleaned:clean painted:paint fitted:fit moved:move removed:remove scanned:scan costed:cost trained:train assessed:assess ' +
    'audited:audit validated:validate configured:configure published:publish translated:translate inspected:inspect'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);
const HAVE_IT_DONE = new RegExp(
  String.raw`^have\s+(.+?)\s+(${Object.keys(PARTICIPLES).join('|')})(?:\s+and\s+(${Object.keys(PARTICIPLES).join('|')}))?(?=\s+off\b|$)`,
  'i',
);

/**
 * An imperative action text from a task phrase: "I'll have the rota set up" → "Get the
 * rota set up."; "you" becomes the person the speaker was talking to, "me" the one asking.
 */
export function imperative(phrase: string, names: { you?: string | null; me?: string | null }): string {
  let text = withoutOpeners(phrase)
    .replace(/^(?:(?:then|also|just|definitely|probably|actually)\s+)+/i, '')
    .replace(HAVE_IT_DONE, (_all, object: string, first: string, second?: string) =>
      [PARTICIPLES[first.toLowerCase()], ...(second ? ['and', PARTICIPLES[second.toLowerCase()]] : []), object].join(' '),
    )
    // "I'll have time to revise it": what there is time for is the task.
    .replace(/^have\s+(?:the\s+|some\s+)?time\s+to\s+/i, '')
    // "I'll have the figures to you", "… to Sam" (a capital: no "i" flag, under which \p{Lu} matches any letter).
    .replace(/^[Hh]ave\s+(.+?)\s+to\s+(?=[Yy]ou\b|\p{Lu})/u, 'send $1 to ')
    .replace(/^have\s+(?=.+\b(?:done|ready|together|set up|out|over|sorted|in|finished|written up|booked|replaced|through)\b)/i, 'get ')
    .replace(/^(?:need to|have to|want to|like to|try to|try and|go and|be able to)\s+/i, '')
    .replace(/^[\p{Lu}][\p{L}\d'-]*,\s+(?=I\b)/u, '')
    .replace(/^I(?:'d| would)? (?:need|want|like)\s+(?!to\b)/i, 'get ')
    // A task said as a noun phrase ("Full check of every room by the next meeting") gets a verb.
    .replace(
      /^(?:a|an|the|full|all|every|new|annual|monthly|weekly|quarterly|final|whole)\s/i,
      (article) => `complete ${article.toLowerCase()}`,
    )
    .replace(/^send (.+?) round\b/i, 'circulate $1')
    .replace(/^get (.+?) done\b/i, 'complete $1')
    .replace(/^get (.+?) (?:to|over to) (you|[\p{Lu}][\p{L}'-]*)$/u, 'send $1 to $2')
    .replace(/\s*,?\s*(?:even though (?:he|she|they)(?:'s| is|'re| are) not (?:here|with us))/gi, '');
  // The person addressed is the owner, not part of the task ("…, Sam" → "…").
  for (const name of [names.you, names.me]) {
    if (name) text = text.replace(new RegExp(String.raw`,\s*${escapeRegExp(name)}(?:\s+(?:${NAME_WORD}|\d{1,2}))?[.?!]*$`, 'u'), '');
  }
  if (names.you)
    text = text
      .replace(
        /\b(if|when|once|unless|until|so|as soon as) you (\p{Ll}+)\b/giu,
        (_all, conjunction: string, verb: string) => `${conjunction} you ${thirdPerson(verb)}`,
      )
      .replace(/\byou\b(?!')/gi, names.you)
      .replace(/\byour\b/gi, `${names.you}'s`);
  if (names.me) text = text.replace(/\bme\b/g, names.me).replace(/\bmy\b/g, `${names.me}'s`);
  text = text.replace(/\s+/g, ' ').replace(/[\s,.;:]+$/, '');
  return text === '' ? '' : `${capitalise(text)}.`;
}
