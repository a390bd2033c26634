import type { Person } from './types.ts';
import { escapeRegExp, plain, type Turn } from './sentences.ts';

/**
 * Who was at the meeting, who sent apologies, and how the meeting referred to them.
 * - Attendees are the speakers, plus anyone said to be present without speaking (a note-taker).
 *   People only mentioned are not attendees.
 * - A first-name label gets its surname from an introduction ("I'm Ruth Amadi, …", "Sol
 *   Brennan, estates officer") or from anyone saying the full name. Titles (Dr, Mrs) are dropped.
 * - Apologies are the names in a sentence giving them ("apologies from X, …, and from Y",
 *   "X sends her apologies", "X can't make it"), less anyone who then speaks.
 * - Roles come from introductions and descriptions ("I'm the Designated Person", "Dev, our
 *   Authorising Engineer", "Nkechi Obi, who's our HV Authorised Person").
 * - `resolve` maps a label, full or first name, nickname ("Barty" for Bartholomew) or role ("the
 *   HV AE") to one of them.
 */

export interface People {
  attendees: Person[];
  apologies: Person[];
  resolve(mention: string): Person | null;
}

const TITLES = /^(?:dr|mr|mrs|ms|miss|mx|prof|professor|sir|dame|cllr)\.?\s+/i;
/** Capitalised words that start sentences or name things, never a person. */
const NOT_NAMES = new Set(
  [
    'i',
    'the',
    'our',
    'a',
    'an',
    'and',
    'apologies',
    'sorry',
    'ok',
    'okay',
    'yes',
    'no',
    'so',
    'right',
    'hi',
    'hello',
    'thanks',
    'thank',
    'also',
    'anyone',
    'everyone',
    'nobody',
    'somebody',
    'someone',
    'he',
    'she',
    'they',
    'we',
    'it',
    'this',
    'that',
    'who',
    'what',
    'just',
    'morning',
    'afternoon',
    'welcome',
    'minutes',
    'action',
    'chair',
    'nhs',
    'trust',
    'ward',
    'block',
    'team',
  ].concat(
    // A pronoun with its verb ("Keziah Dunmore, I'm doing the notes") is never a name.
    "i'm i've i'll i'd we're we've we'll you you're you've he's she's they're it's that's there's here's".split(' '),
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'.split(
      ' ',
    ),
  ),
);
/** Words of a role, which may be capitalised but never make a name. */
const ROLE_WORDS =
  /^(?:authoris(?:ed|ing)|authoriz(?:ed|ing)|designated|responsible|competent|person|engineer|manager|director|officer|lead|head|controller|adviser|advisor|chair|executive|deputy|nurse|matron|consultant|microbiologist|trainer|coordinator|representative|rep|secretary|clerk|governance|estates|facilities|quality|infection|prevention|control|medical|clinical|nursing|health|safety|fire|water|theatres?|procurement|risk|hv|lv|ae|ap|cp|rp|dp|dipc|ipc|qc|mgps|rcn|unison)$/i;

/** Every lower-case word of the meeting's people's names and aliases: words that are never a place or a task. */
export function nameWordsOf(meeting: { attendees: readonly Person[]; apologies: readonly Person[] }): Set<string> {
  return new Set(
    [...meeting.attendees, ...meeting.apologies]
      .flatMap((person) => [person.name, ...person.aliases])
      .flatMap((name) => name.toLowerCase().split(/\s+/)),
  );
}

/** Whether a word belongs to a role ("Engineer", "Manager", "AP"), never to a name or a place. */
export function isRoleWord(word: string): boolean {
  return ROLE_WORDS.test(word);
}

const NAME_WORD = String.raw`[\p{Lu}][\p{L}'-]*`;
/** A person's name in running text: an anonymised placeholder, or one to three capitalised words after an optional title. */
const NAME = String.raw`\[?(?:PERSON|SPEAKER)[ _]?\d+\]?|(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+)?${NAME_WORD}(?:\s+(?:(?:van|de|der|da|di|du|le|la|bin|al|el|ap)\s+)?${NAME_WORD}){0,2}`;

/** "X can't make it", "X is unable to attend". */
const CANNOT_COME = new RegExp(
  String.raw`(${NAME})\s+(?:can't|cannot|couldn't|can not|won't be able to|isn't able to|is unable to)\s+(?:make it|attend|be here|join us)`,
  'gu',
);
/**
 * A known absence announced for the meeting: "X is on annual leave", "X's off sick today", "X, who
 * is not going to be at the meeting today". Someone said to be away who then speaks was there.
 */
const AWAY = new RegExp(
  String.raw`(${NAME})(?:,?\s+who)?(?:'s|\s+is|\s+has been)\s+(?:on (?:annual |study |sick |maternity |paternity |parental )?leave|off sick|off today|away (?:today|this week)|not (?:going to|gonna) be (?:at the meeting|here|with us|joining us|able to (?:make it|come|attend)))`,
  'gu',
);

/** Abbreviations of governance roles, as people say them. */
const ROLE_ABBREVIATIONS: Record<string, string> = {
  ae: 'authorising engineer',
  ap: 'authorised person',
  aps: 'authorised person',
  cp: 'competent person',
  cps: 'competent person',
  rp: 'responsible person',
  dp: 'designated person',
  dipc: 'director of infection prevention and control',
  ipc: 'infection prevention and control',
  qc: 'quality controller',
  dgsa: 'dangerous goods safety adviser',
  hv: 'high voltage',
  lv: 'low voltage',
};
/** Acronyms that qualify a role rather than name one, written in brackets after it: "Authorising Engineer (HV)". */
const ROLE_QUALIFIERS = new Set(['hv', 'lv', 'mgps', 'hsdu', 'sterile', 'ssd']);
const ROLE_HEADS =
  /\b(?:engineer|person|manager|director|officer|lead|controller|adviser|advisor|chair|nurse|microbiologist|trainer|coordinator|representative|rep|surveyor|supervisor|secretary|expert|designer|analyst|specialist)\b/i;
const ROLE_FILLERS = /^(?:the|our|your|new|only|one|of|then|and|a|an)$/i;

/** Lower-case role words with abbreviations expanded and plurals singular ("APs for LV" → authorised person for low voltage). */
function roleWords(text: string): string[] {
  return plain(text)
    .toLowerCase()
    .replace(/[()[\],.]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !ROLE_FILLERS.test(word) && !['for', 'as', 'is', 'who', "who's", 'i', "i'm"].includes(word))
    .flatMap((word) => (ROLE_ABBREVIATIONS[word] ?? word.replace(/s$/, '')).split(' '));
}

const titleCase = (words: readonly string[]) =>
  words.map((word) => (/^[\p{Lu}\d]{2,}$/u.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1))).join(' ');

/**
 * A role as the minutes name it: abbreviations spelt out, and qualifiers (HV, LV, MGPS, or what
 * follows "for") in brackets: "the HV AE" → "Authorising Engineer (HV)", "maintenance lead for
 * the eastern sites" → "Maintenance Lead (Eastern Sites)". Null when the words are not a role.
 */
export function roleTitle(mention: string): string | null {
  const [main = '', ...qualifierParts] = plain(mention)
    .replace(/[()]/g, ' ')
    .split(/\s+for\s+/i);
  const words = main.split(/\s+/).filter((word) => word !== '' && !ROLE_FILLERS.test(word));
  const qualifiers = words.filter((word) => ROLE_QUALIFIERS.has(word.toLowerCase())).map((word) => word.toUpperCase());
  const spelt = words
    .filter((word) => !ROLE_QUALIFIERS.has(word.toLowerCase()))
    .flatMap((word) => (ROLE_ABBREVIATIONS[word.toLowerCase().replace(/s$/, '')] ?? word).split(' '));
  if (!ROLE_HEADS.test(spelt.join(' '))) return null;
  const after = qualifierParts
    .join(' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !ROLE_FILLERS.test(word));
  const bracket = [
    ...qualifiers,
    ...(after.length > 0 ? [titleCase(after.map((word) => (ROLE_QUALIFIERS.has(word.toLowerCase()) ? word.toUpperCase() : word)))] : []),
  ];
  return bracket.length > 0 ? `${titleCase(spelt)} (${bracket.join(' ')})` : titleCase(spelt);
}

/** A name without title, brackets or possessive; a placeholder keeps its letters ("[PERSON5]" → "PERSON5"). */
export function cleanName(name: string): string {
  return plain(name)
    .replace(/[[\]]/g, '')
    .replace(TITLES, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/'s$/, '')
    .trim();
}

const key = (name: string) => cleanName(name).toLowerCase();
const isPlaceholder = (name: string) => /^(?:person|speaker)[ _]?\d+$/i.test(cleanName(name));

/** Names said in a text, as they were said (placeholders and capitalised words). */
function namesIn(text: string, after: RegExp): string[] {
  const found: string[] = [];
  const pattern = new RegExp(String.raw`(?:${after.source})\s+(${NAME})`, 'gu');
  for (const match of text.matchAll(pattern)) {
    const name = trimName(match[1] ?? '');
    if (name !== null) found.push(name);
  }
  return found;
}

/** A candidate name without role words at its end; null when nothing name-like is left. */
function trimName(candidate: string): string | null {
  const words = cleanName(candidate).split(/\s+/);
  // "And Hilary Pembroke, our ops director, has sent her apologies": the sentence's opening word is not her name.
  while (words.length > 1 && /^(?:and|but|so|also|plus|then|oh|well|now)$/i.test(words[0] ?? '')) words.shift();
  while (words.length > 0 && ROLE_WORDS.test(words.at(-1) ?? '')) words.pop();
  if (words.length === 0 || NOT_NAMES.has((words[0] ?? '').toLowerCase().replace(/’/g, "'")) || ROLE_WORDS.test(words[0] ?? ''))
    return null;
  return words.join(' ');
}

interface Draft {
  person: Person;
  /** Every role phrase heard for them. */
  roles: string[];
}

/** Reads the people of a meeting from its turns. */
export function readPeople(turns: readonly Turn[]): People {
  const drafts: Draft[] = [];
  const speakers = new Map<string, Draft>();
  for (const turn of turns) {
    if (turn.speaker === null || speakers.has(turn.speaker)) continue;
    const name = cleanName(turn.speaker);
    const draft: Draft = { person: { name, aliases: turn.speaker === name ? [] : [turn.speaker], role: null, present: true }, roles: [] };
    speakers.set(turn.speaker, draft);
    drafts.push(draft);
  }
  const sentences = turns.flatMap((turn) => turn.sentences);

  learnSurnames(turns, speakers);

  const find = (mention: string): Draft | null => findDraft(drafts, mention);

  // Present without speaking: the note-taker, or someone said to be with us.
  for (const sentence of sentences) {
    const pattern = new RegExp(
      String.raw`(${NAME})(?:'s|\s+is|\s+has)?\s+(?:kindly\s+|very kindly\s+)?(?:taking\s+(?:the\s+)?(?:notes|minutes)|doing\s+(?:the\s+)?(?:notes|minutes)|minuting|(?:here|joining us|with us)\s+(?:to take (?:the\s+)?(?:notes|minutes)|as (?:an\s+)?observer|to observe))`,
      'gu',
    );
    for (const match of sentence.text.matchAll(pattern)) {
      const name = trimName(match[1] ?? '');
      if (name === null || find(name) !== null) continue;
      drafts.push({ person: { name, aliases: [], role: null, present: true }, roles: [] });
    }
  }

  const apologies: Draft[] = [];
  const addApology = (name: string) => {
    if (find(name)?.person.present) return;
    const known = apologies.find((draft) => sameName(draft.person, name));
    if (known) {
      if (cleanName(name).split(' ').length > known.person.name.split(' ').length) {
        known.person.aliases.push(known.person.name);
        known.person.name = cleanName(name);
      }
      return;
    }
    const draft: Draft = { person: { name: cleanName(name), aliases: [], role: null, present: false }, roles: [] };
    apologies.push(draft);
  };
  for (const sentence of sentences) {
    const text = sentence.text;
    if (/\bapolog/i.test(text)) {
      const from = text.slice(text.search(/\bapolog/i));
      for (const name of namesIn(from, /\b(?:from|got|and|have|had)\b|[,:;]|apologies/)) {
        if (!/^I\b/.test(name)) addApology(name);
      }
      for (const match of text.matchAll(
        new RegExp(
          String.raw`(${NAME})(?:,\s+[^,.;!?]{1,60},|\s+(?:from|in|of)\s+(?:the\s+)?[\p{L}&-]+(?:\s+[\p{L}&-]+){0,2}?)?(?:'s\s+sent|\s+(?:sends|has sent|sent|gives|has given|passes on))\s+(?:(?:his|her|their)\s+)?apologies`,
          'gu',
        ),
      )) {
        const name = trimName(match[1] ?? '');
        if (name !== null) addApology(name);
      }
    }
    for (const pattern of [CANNOT_COME, AWAY]) {
      for (const match of text.matchAll(pattern)) {
        const name = trimName(match[1] ?? '');
        if (name !== null) addApology(name);
      }
    }
  }
  // Someone who gave apologies and then spoke was there after all.
  const absent = apologies.filter((draft) => find(draft.person.name) === null);
  const everyone = [...drafts, ...absent];

  learnRoles(turns, everyone);
  learnNicknames(sentences, everyone);
  for (const draft of everyone) draft.person.role = bestRole(draft.roles);

  // A de-identified name ("[PERSON8]") is a person though they never speak: someone mentioned, not present.
  const mentioned = new Map<string, Person>();
  const placeholder = (mention: string): Person | null => {
    const label = /^\[?(PERSON\d{1,3})\]?$/.exec(mention.trim())?.[1];
    if (label === undefined) return null;
    const person = mentioned.get(label) ?? { name: label, aliases: [], role: null, present: false };
    mentioned.set(label, person);
    return person;
  };
  const resolve = (mention: string): Person | null =>
    findDraft(everyone, mention)?.person ?? findByRole(everyone, mention)?.person ?? placeholder(mention);
  return { attendees: drafts.map((draft) => draft.person), apologies: absent.map((draft) => draft.person), resolve };
}

/** A single-word label gains the surname its owner introduced themselves with, or that others used. */
function learnSurnames(turns: readonly Turn[], speakers: Map<string, Draft>): void {
  const labels = [...speakers.entries()].filter(([, draft]) => !draft.person.name.includes(' ') && !isPlaceholder(draft.person.name));
  for (const [label, draft] of labels) {
    const first = draft.person.name;
    const fullName = new RegExp(
      String.raw`(?:^|\b(?:I'm|I am|my name's|my name is|it's|this is|and)\s+|[.!?]\s+)${escapeRegExp(first)}\s+(${NAME_WORD}(?:-${NAME_WORD})?)(?=[\s,.;!?]|$)`,
      'u',
    );
    const anywhere = new RegExp(String.raw`\b${escapeRegExp(first)}\s+(${NAME_WORD})(?=[\s,.;!?]|$)`, 'gu');
    let surname: string | null = null;
    for (const turn of turns) {
      if (turn.speaker !== label) continue;
      for (const sentence of turn.sentences) {
        const match = fullName.exec(sentence.text);
        if (match?.[1] && isSurname(match[1])) {
          surname = match[1];
          break;
        }
      }
      if (surname !== null) break;
    }
    if (surname === null) {
      const counts = new Map<string, number>();
      for (const sentence of turns.flatMap((turn) => turn.sentences)) {
        for (const match of sentence.text.matchAll(anywhere)) {
          // "Fern Idowu's coming in later": the 's is "is", not part of the surname.
          const word = match[1]?.replace(/['’]s$/, '');
          if (word && isSurname(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
        }
      }
      surname = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    }
    if (surname !== null) {
      draft.person.aliases = [...new Set([...draft.person.aliases, first])];
      draft.person.name = `${first} ${surname}`;
    }
  }
}

function isSurname(word: string): boolean {
  return !NOT_NAMES.has(word.toLowerCase()) && !ROLE_WORDS.test(word) && !/^(?:PERSON|SPEAKER)/.test(word);
}

const ROLE_PHRASE = String.raw`((?:[\p{L}()-]+\s+){0,5}?[\p{L}()-]+)(?=\s*(?:[,.;?!]|$|\s(?:who|which|he|she|they|is|was|has|and|to|at|in|on|from|joining|coming|says|said|here|today|has)\b))`;

/** Role phrases: "I'm the X", "I'm one of the Xs", "Name, (who's) our X", "Name joining as our X", "as our X, Name". */
function learnRoles(turns: readonly Turn[], drafts: Draft[]): void {
  const add = (draft: Draft | null, phrase: string | undefined) => {
    if (draft === null || phrase === undefined) return;
    const role = phrase.replace(/\s+for\s*$/, '').trim();
    if (ROLE_HEADS.test(role) || /\b(?:ae|ap|cp|rp|dp|dipc|qc|dgsa)s?\b/i.test(role) || /\b(?:microbiologist|chair)\b/i.test(role))
      draft.roles.push(role);
  };
  const selfRole = new RegExp(
    String.raw`\bI(?:'m| am)\s+(?:the\s+|our\s+|your\s+|one of (?:the|our)\s+|an?\s+)(?:new\s+)?${ROLE_PHRASE}`,
    'iu',
  );
  const introRole = new RegExp(String.raw`^(?:${NAME}),\s+(?!I\b)${ROLE_PHRASE}`, 'u');
  const described = new RegExp(
    String.raw`(${NAME}),?\s+(?:who's|who is|as|joining (?:us )?as|is)?\s*(?:our|the|your)\s+(?:new\s+)?${ROLE_PHRASE}`,
    'gu',
  );
  for (const turn of turns) {
    const speaker = turn.speaker === null ? null : findDraft(drafts, turn.speaker);
    for (const sentence of turn.sentences) {
      add(speaker, selfRole.exec(sentence.text)?.[1]);
      if (speaker !== null && sentence.text.startsWith(speaker.person.name.split(' ')[0] ?? ''))
        add(speaker, introRole.exec(sentence.text)?.[1]);
      for (const match of sentence.text.matchAll(described)) {
        const name = trimName(match[1] ?? '');
        if (name !== null) add(findDraft(drafts, name), match[2]);
      }
    }
  }
}

/** The most telling role: a governance role (with its qualifier) over a job description. */
function bestRole(roles: readonly string[]): string | null {
  const titled = roles.map((role) => roleTitle(role) ?? role);
  return titled.find((role) => /\b(?:authoris|designated|responsible|competent|quality controller)/i.test(role)) ?? titled[0] ?? null;
}

/** A mention that shortens exactly one person's first name ("Bart", "Barty") becomes their alias. */
function learnNicknames(sentences: readonly { text: string }[], drafts: Draft[]): void {
  const seen = new Set<string>();
  for (const sentence of sentences) {
    for (const match of sentence.text.matchAll(new RegExp(NAME_WORD, 'gu'))) {
      const word = match[0].replace(/'s$/, '');
      if (word.length < 3 || seen.has(word) || NOT_NAMES.has(word.toLowerCase())) continue;
      seen.add(word);
      if (findDraft(drafts, word) !== null) continue;
      // "Bart" or "Barty" for Bartholomew: the nickname, less a pet ending, starts the name.
      const stem = word.toLowerCase().replace(/(?:ie|y)$/, '');
      const matches = drafts.filter((draft) => {
        const first = (draft.person.name.split(' ')[0] ?? '').toLowerCase();
        return first.length > word.length && stem.length >= 3 && first.startsWith(stem);
      });
      if (matches.length === 1 && matches[0]) matches[0].person.aliases.push(word);
    }
  }
}

function sameName(person: Person, mention: string): boolean {
  const wanted = key(mention);
  if (wanted === '') return false;
  return [person.name, ...person.aliases].some((name) => key(name) === wanted);
}

/** The draft a name or label refers to: exact name or alias, then a unique first name, then a unique nickname. */
function findDraft(drafts: readonly Draft[], mention: string): Draft | null {
  const wanted = key(mention).replace(/^(?:the|our|your)\s+/, '');
  if (wanted === '') return null;
  const exact = drafts.find((draft) => sameName(draft.person, wanted));
  if (exact) return exact;
  if (wanted.includes(' ')) {
    // "Sol Brennan" for the label "Sol": the first word names them when the rest is their surname or unknown.
    const [first = ''] = wanted.split(' ');
    const byFirst = drafts.filter((draft) => key(draft.person.name.split(' ')[0] ?? '') === first && !draft.person.name.includes(' '));
    return byFirst.length === 1 ? (byFirst[0] ?? null) : null;
  }
  const byFirst = drafts.filter((draft) => key(draft.person.name.split(' ')[0] ?? '') === wanted);
  if (byFirst.length === 1) return byFirst[0] ?? null;
  if (wanted.length >= 3) {
    const byPrefix = drafts.filter((draft) => {
      const first = key(draft.person.name.split(' ')[0] ?? '');
      return first.startsWith(wanted) || (wanted.startsWith(first) && first.length >= 3);
    });
    if (byPrefix.length === 1) return byPrefix[0] ?? null;
  }
  return null;
}

/** The one person whose roles include every word of a role mention ("the AE", "HV AP"). */
function findByRole(drafts: readonly Draft[], mention: string): Draft | null {
  if (roleTitle(mention) === null) return null;
  const wanted = roleWords(mention);
  if (wanted.length === 0) return null;
  const holders = drafts.filter((draft) =>
    draft.roles.some((role) => {
      const words = new Set(roleWords(role));
      return wanted.every((word) => words.has(word));
    }),
  );
  return holders.length === 1 ? (holders[0] ?? null) : null;
}
