/**
 * The library as the reference detector reads it: every way its codes and titles can be said,
 * derived from the codes and titles themselves (never a list of particular documents), so an
 * organisation's own documents are found the same way as the seed library's.
 *
 * - Anchors: a series and its number ("HTM 04-01" → htm 4 1, "ACoP L8" → l 8, "CQC Reg 20A" →
 *   reg 20 a, "HSG274" → hsg 274); editions and parts of one code share an anchor.
 * - Acronyms: a capitalised code word that is not a series ("RIDDOR", "COSHH", "COMAH"), and the
 *   initials of a title's capitalised words when they make four letters or more ("PPEWR").
 * - Phrases: codes of words ("Waste Code"), titles of three words or more, what follows a
 *   title's colon, and for legislation the short names people use — the name up to "Act",
 *   "Regulations" or "Order", its bracketed words with that word ("the Fire Safety Order"), its
 *   first one or two distinctive words with it ("the manual handling regulations"), and a code word
 *   with it ("the Noise Regulations").
 *
 * A form shared by documents of different lineages (not editions or parts of one another) names
 * none of them, so it is dropped.
 */
import { codeGroups } from './document-codes.ts';
import type { LibraryCode } from './load.ts';
import { stem, wordsOf } from './references-words.ts';

export interface Entry {
  doc: LibraryCode;
  /** The code's letter and number groups without its part and edition year ("htm 4 1"). */
  family: string;
  /** "A" for "HTM 04-01 Part A"; null when the code names no part. */
  part: string | null;
  /** The edition's year: from the code ("HTM 07-01 (2013)", "COMAH 2015"), else its edition. */
  year: number | null;
  /** The edition's number when its title or edition says it ("(3rd edition, 2000)", "4th edition, 2014"). */
  ordinal: number | null;
  /** Documents of one lineage are editions or parts of one another, or one superseded the other. */
  lineage: number;
  /** An older title a current document replaces, which the library does not hold: named, never opened. */
  historical?: true;
}

/** A code's series and number, as speech names it. */
export interface Anchor {
  /** The letter group before the number ("htm", "l", "reg"). */
  series: string;
  /** The number groups and a letter suffix after the series, leading zeros dropped ("4 1", "20 a"). */
  rest: string;
  /** The letter groups said before the series ("acop" of "ACoP L8"), which a mention may include. */
  prefix: string[];
  family: string;
  entries: Entry[];
}

export interface Phrase {
  stems: string[];
  entries: Entry[];
  /** Every edition of the name's lineage: a year, an edition or "old" said with the name chooses among them. */
  editions: Entry[];
}

export interface LibraryIndex {
  entries: Entry[];
  anchors: Map<string, Anchor[]>;
  /** Acronyms as they must be written, upper-case or the code's own spelling ("EqA"). */
  acronyms: Map<string, Entry[]>;
  /** Phrases by their first stem, longest first. */
  phrases: Map<string, Phrase[]>;
  /** Content stems of each anchor's titles, for "the HTM on bedhead services". */
  titleStems: Map<Anchor, Set<string>>;
  byCode: Map<string, Entry[]>;
  /** Legislation names outside their brackets, content words only, by their first word (for a name said with words left out). */
  names: Map<string, Phrase[]>;
  /** The same names in one list (for a word of a name said with its kind). */
  nameList: Phrase[];
  /** Anchors by each word said before their series ("acop" → every "ACoP L…" code). */
  anchorsByPrefix: Map<string, Anchor[]>;
}

/** Words that carry no subject: ignored when titles are compared with what was said. */
export const STOP_WORDS = new Set(
  'a an the of and or for in on to at with by from as into its their our this that these those be is are etc who'.split(' '),
);
const YEAR = /^(19|20)\d{2}$/;

const cache = new WeakMap<readonly LibraryCode[], LibraryIndex>();

/** The index of a library, built once per library array. */
export function indexLibrary(library: readonly LibraryCode[]): LibraryIndex {
  const cached = cache.get(library);
  if (cached) return cached;
  const entries = library.map(parseEntry);
  joinLineages(entries);
  for (const entry of historicalEntries(entries)) entries.push(entry);
  const index: LibraryIndex = {
    entries,
    anchors: buildAnchors(entries),
    acronyms: buildAcronyms(entries),
    phrases: buildPhrases(entries),
    titleStems: new Map(),
    byCode: new Map(),
    names: buildNames(entries),
    nameList: [],
    anchorsByPrefix: new Map(),
  };
  index.nameList = [...index.names.values()].flat();
  for (const anchor of [...index.anchors.values()].flat()) {
    for (const word of anchor.prefix) index.anchorsByPrefix.set(word, [...(index.anchorsByPrefix.get(word) ?? []), anchor]);
  }
  for (const anchors of index.anchors.values()) {
    for (const anchor of anchors) {
      index.titleStems.set(anchor, new Set(anchor.entries.flatMap((entry) => contentStems(cleanTitle(entry.doc.title)))));
    }
  }
  for (const entry of entries) index.byCode.set(entry.doc.code, [...(index.byCode.get(entry.doc.code) ?? []), entry]);
  cache.set(library, index);
  return index;
}

function parseEntry(doc: LibraryCode): Entry {
  let base = doc.code.trim();
  let year: number | null = null;
  const edition = /^(.*?)\s*\(((?:19|20)\d{2})\)$/.exec(base);
  if (edition) {
    base = edition[1] as string;
    year = Number(edition[2]);
  }
  let part: string | null = null;
  const parted = /^(.*?)\s+Part\s+([A-Z0-9]+)$/i.exec(base);
  if (parted) {
    base = parted[1] as string;
    part = (parted[2] as string).toUpperCase();
  }
  const dated = /^(.*[A-Za-z)]\S*)\s+((?:19|20)\d{2})$/.exec(base);
  if (dated && !/\d/.test((dated[1] as string).split(/\s+/).at(-1) as string)) {
    base = dated[1] as string;
    year ??= Number(dated[2]);
  }
  year ??= Number(/(?:19|20)\d{2}/.exec(doc.edition)?.[0]) || null;
  const ordinal = /\b(\d{1,2})(?:st|nd|rd|th) edition\b/i.exec(`${doc.title} ${doc.edition}`);
  return { doc, family: codeGroups(base).join(' '), part, year, ordinal: ordinal ? Number(ordinal[1]) : null, lineage: 0 };
}

/** Content words an older title needs to be read as one (legislation, named with its kind, needs fewer). */
const HISTORICAL_TITLE_WORDS = 4;
const HISTORICAL_LEGISLATION_WORDS = 3;

/**
 * Older titles the library's current documents replace (front matter `supersedes`) that are not
 * themselves in the library ("Disability Discrimination Act 1995" for the Equality Act): each
 * becomes an entry of the replacing document's lineage, superseded by it, found by its title as
 * any other. Codes and short names ("HTM 2027", "Fire Practice Notes") are left out: said in a
 * meeting they are too often something else.
 */
function historicalEntries(entries: readonly Entry[]): Entry[] {
  const codes = new Set(entries.map((entry) => entry.doc.code.toLowerCase()));
  const found: Entry[] = [];
  for (const entry of entries) {
    if (entry.doc.status !== 'current') continue;
    for (const name of entry.doc.supersedes ?? []) {
      if (codes.has(name.toLowerCase())) continue;
      const words = contentStems(cleanTitle(name)).filter((word) => /^\p{L}{3,}$/u.test(word));
      const legislation = legislationNames(name).length > 0;
      if (words.length < (legislation ? HISTORICAL_LEGISLATION_WORDS : HISTORICAL_TITLE_WORDS)) continue;
      const year = Number(/\b(?:19|20)\d{2}\b/.exec(name)?.[0]) || null;
      const doc: LibraryCode = {
        id: `${entry.doc.id}#${name}`,
        code: name,
        title: name,
        status: 'superseded',
        edition: year === null ? '' : String(year),
        supersededBy: entry.doc.code,
      };
      found.push({ doc, family: '', part: null, year, ordinal: null, lineage: entry.lineage, historical: true });
    }
  }
  return found;
}

/** Lineages: one code's editions and parts' editions, and each document with the one that superseded it. */
function joinLineages(entries: Entry[]): void {
  const parent = entries.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] as number] as number;
    return i;
  };
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const byKey = new Map<string, number>();
  entries.forEach((entry, i) => {
    const key = `${entry.family}|${entry.part ?? ''}`;
    const first = byKey.get(key);
    if (first === undefined) byKey.set(key, i);
    else union(i, first);
  });
  entries.forEach((entry, i) => {
    if (!entry.doc.supersededBy) return;
    entries.forEach((other, j) => {
      if (other.doc.code === entry.doc.supersededBy) union(i, j);
    });
  });
  entries.forEach((entry, i) => {
    entry.lineage = find(i);
  });
}

/**
 * The series and number of each code family. The series is the letter group before the first
 * number that is not a year; a one-letter series counts only when the code writes it as a
 * capital glued to its number ("L8"), so "s.34" of a section is not one.
 */
function buildAnchors(entries: readonly Entry[]): Map<string, Anchor[]> {
  const byFamily = new Map<string, Entry[]>();
  for (const entry of entries) byFamily.set(entry.family, [...(byFamily.get(entry.family) ?? []), entry]);
  const anchors = new Map<string, Anchor[]>();
  for (const [family, members] of byFamily) {
    const groups = family.split(' ');
    // A year is the number when another number follows it ("DB 2006(05)": bulletin 5 of 2006).
    const at = groups.findIndex(
      (group, i) =>
        i > 0 &&
        /^\d+$/.test(group) &&
        (!YEAR.test(group) || /^\d+$/.test(groups[i + 1] ?? '')) &&
        /^[a-z]+$/.test(groups[i - 1] as string),
    );
    if (at < 0) continue;
    const series = groups[at - 1] as string;
    const code = (members[0] as Entry).doc.code;
    if (series.length === 1 && !new RegExp(`(^|[^A-Za-z])${series.toUpperCase()}\\d`).test(code)) continue;
    const anchor: Anchor = { series, rest: groups.slice(at).join(' '), prefix: groups.slice(0, at - 1), family, entries: members };
    anchors.set(series, [...(anchors.get(series) ?? []), anchor]);
  }
  return anchors;
}

function buildAcronyms(entries: readonly Entry[]): Map<string, Entry[]> {
  const forms = new Map<string, Entry[]>();
  const add = (form: string, entry: Entry) => forms.set(form, [...(forms.get(form) ?? []), entry]);
  for (const entry of entries) {
    if (entry.historical) continue;
    const tokens = entry.doc.code.split(/\s+/);
    tokens.forEach((token, i) => {
      const next = tokens[i + 1];
      const standsAlone = next === undefined || YEAR.test(next) || next === '/' || next === '+';
      if (/^[A-Za-z]{3,}$/.test(token) && (token.match(/[A-Z]/g)?.length ?? 0) >= 2 && standsAlone) add(token, entry);
    });
    for (const name of [cleanTitle(entry.doc.title), ...legislationNames(entry.doc.title)]) {
      const initials = name
        .split(/[\s(),:-]+/)
        .filter((word) => /^[A-Z]/.test(word))
        .map((word) => word[0])
        .join('');
      if (initials.length >= 4) add(initials, entry);
    }
  }
  // A title's words, less an acronym that names the instrument it is made under ("… : COSHH Regulations 2002, Approved
  // Code of Practice"): that title cites the acronym's document, it does not share its name.
  const titleWords = entries.map((entry) => {
    const words = wordsOf(entry.doc.title);
    return new Set(words.filter((_word, k) => !/^(?:regulations?|act|order)$/i.test(words[k + 1]?.text ?? '')).map((word) => word.lower));
  });
  const acronyms = new Map<string, Entry[]>();
  for (const [form, owners] of forms) {
    const unique = [...new Set(owners)];
    const elsewhere = entries.some((entry, i) => !unique.includes(entry) && titleWords[i]?.has(form.toLowerCase()));
    if (oneLineage(unique) && !elsewhere) acronyms.set(form, unique);
  }
  return acronyms;
}

/** A code numbering one regulation of a set ("CQC Reg 9A"), whose title names what it is about. */
const NUMBERED_REGULATION = /\bReg\s+\d+[A-Z]?$/;
/** The shortest title word that names such a regulation with "reg" after it ("premises", not "and"). */
const MIN_REGULATION_WORD = 5;

function buildPhrases(entries: readonly Entry[]): Map<string, Phrase[]> {
  const forms = new Map<string, { stems: string[]; entries: Entry[] }>();
  const add = (stems: string[], entry: Entry) => {
    const key = stems.join(' ');
    const form = forms.get(key) ?? { stems, entries: [] };
    if (!form.entries.includes(entry)) form.entries.push(entry);
    forms.set(key, form);
  };
  const names = entries.map((entry) => legislationNames(entry.doc.title));
  for (const [i, entry] of entries.entries()) {
    for (const stems of titleForms(entry)) add(stems, entry);
    // A numbered regulation by a word of its title and "reg": "the visiting reg", "the safeguarding
    // regulation" (kept only where one regulation's title has the word).
    if (NUMBERED_REGULATION.test(entry.doc.code) && !entry.historical) {
      for (const word of stemsOf(cleanTitle(entry.doc.title))) {
        if (word.length >= MIN_REGULATION_WORD && !STOP_WORDS.has(word)) add([word, 'regulation'], entry);
      }
    }
    const others = names.flatMap((list, j) =>
      (entries[j] as Entry).lineage === entry.lineage
        ? []
        : list.map((other) => ({
            name: ` ${stemsOf(other).join(' ')} `,
            bracket: ` ${stemsOf(/\(([^()]*)\)/.exec(other)?.[1] ?? '').join(' ')} `,
          })),
    );
    for (const name of names[i] ?? []) {
      add(stemsOf(name), entry);
      for (const stems of shortNames(name, entry, others)) add(stems, entry);
    }
  }
  const phrases = new Map<string, Phrase[]>();
  for (const form of forms.values()) {
    if (!oneLineage(form.entries)) continue;
    const lineage = (form.entries[0] as Entry).lineage;
    const editions = entries.filter((entry) => entry.lineage === lineage);
    const first = form.stems[0] as string;
    phrases.set(
      first,
      [...(phrases.get(first) ?? []), { ...form, editions }].sort((a, b) => b.stems.length - a.stems.length),
    );
  }
  return phrases;
}

/**
 * Each legislation name as its content words outside brackets, ending in its kind ("Waste
 * Management Licensing Regulations" → waste management licensing regulation): a name said with a
 * word of it left out ("the waste licensing regs") is found among these (references.ts).
 */
function buildNames(entries: readonly Entry[]): Map<string, Phrase[]> {
  const names = new Map<string, Phrase[]>();
  for (const entry of entries) {
    for (const name of legislationNames(entry.doc.title)) {
      const stems = contentStems(name.replace(/\([^()]*\)/g, ' '));
      const first = stems[0];
      if (first === undefined || stems.length < 3) continue;
      const editions = entries.filter((other) => other.lineage === entry.lineage);
      const same = (names.get(first) ?? []).find((phrase) => phrase.stems.join(' ') === stems.join(' '));
      if (same) {
        if (!same.entries.includes(entry)) same.entries.push(entry);
      } else names.set(first, [...(names.get(first) ?? []), { stems, entries: [entry], editions }]);
    }
  }
  return names;
}

/**
 * A code of two words or more without a number ("Waste Code"), a title of three
 * words or more, and what follows a title's colon. What precedes a colon is not used: it is
 * usually a subject or a place ("Adult mental health units: planning and design") that a meeting
 * names without meaning the document.
 */
function titleForms(entry: Entry): string[][] {
  const forms: string[][] = [];
  const codeWords = entry.doc.code.split(/\s+/);
  if (codeWords.length >= 2 && !/\d/.test(entry.doc.code)) forms.push(stemsOf(entry.doc.code));
  const title = cleanTitle(entry.doc.title);
  const full = stemsOf(title);
  if (full.length >= 3) forms.push(full);
  // A title without the parts it lists or the Act it is made under ("Records Management: NHS Code of
  // Practice, Parts 1 and 2", "National Minimum Standards for care homes under the Care Standards
  // Act"): what a policy writes when it cites the document.
  const core = title.replace(/,\s*(?:Parts?|Volumes?|Vols?\.?)\s.*$|\s+(?:made\s+)?under\s+the\s+.*$/i, '').trim();
  if (core !== title && stemsOf(core).length >= 3) forms.push(stemsOf(core));
  // A title that starts with a word of its code (code "XYZ Toolkit", title "XYZ toolkit for estates") is also said without it.
  const codeStems = new Set(stemsOf(entry.doc.code));
  if (full.length >= 4 && codeStems.has(full[0] as string)) forms.push(full.slice(1));
  // What follows a colon names the document on its own ("code of practice on the prevention and control of
  // infections"), unless it is a list of stages ("concept, design, specification"), which any project says.
  const tail = title.includes(':') ? title.slice(title.indexOf(':') + 1) : '';
  if (stemsOf(tail).length >= 4 && !tail.includes(',')) forms.push(stemsOf(tail));
  // What precedes a colon is a name when it ends in a designating letter or number ("Approved
  // Document B: Fire safety"): a subject or a place does not.
  const head = title.includes(':') ? title.slice(0, title.indexOf(':')).trim() : '';
  if (stemsOf(head).length >= 3 && /\s(?:[A-Z]|\d+(?:[-.]\d+)*)$/.test(head)) forms.push(stemsOf(head));
  return forms;
}

/**
 * Short names of a piece of legislation: its bracketed words with its type ("Regulatory Reform
 * (Fire Safety) Order" → fire safety order), its first one or two words with its type when no
 * other legislation's name has them ("manual regulations", "manual handling regulations"),
 * and the word of a code that is a word and a year with its type ("Noise 2005" → noise
 * regulations). `others` are the
 * names of the other lineages' legislation, as ` stem stem `.
 */
function shortNames(name: string, entry: Entry, others: readonly { name: string; bracket: string }[]): string[][] {
  const words = stemsOf(name);
  const type = words.at(-1) as string;
  const forms: string[][] = [];
  const bracketed = /\(([A-Z][^()]*)\)\s*\S+$/.exec(name);
  if (bracketed) {
    const inner = stemsOf(bracketed[1] as string);
    const sameType = others.filter((other) => other.name.endsWith(` ${type} `)).map((other) => other.name);
    // "The workplace regulations" would name the Fire Precautions (Workplace) Regulations and the
    // Workplace (Health, Safety and Welfare) Regulations alike: a bracket said alone names its
    // legislation only when no other legislation of that type has those words in its name.
    if (inner.length >= 2 || !sameType.some((other) => other.includes(` ${inner.join(' ')} `))) forms.push([...inner, type]);
    // "The fire order" for the Regulatory Reform (Fire Safety) Order: the bracket's first word with the type,
    // when no other legislation of that type has that word in its name.
    const lead = inner[0] as string;
    if (inner.length >= 2 && lead.length >= 4 && !STOP_WORDS.has(lead) && !sameType.some((other) => other.includes(` ${lead} `)))
      forms.push([lead, type]);
  }
  // A name of three words is said in full ("Fire Safety Act"; "the Fire Act" would be another Act).
  for (const size of [1, 2]) {
    const lead = words.slice(0, size);
    if (words.length < 4 || lead.some((word) => STOP_WORDS.has(word) || word.length < 4)) continue;
    // Another name starting with the same words would be said the same way; one holding them in its
    // bracket ("Fire Precautions (Workplace) Regulations") is said by its own first words.
    const said = ` ${lead.join(' ')} `;
    if (others.some((other) => other.name.startsWith(said) || (other.name.includes(said) && !other.bracket.includes(said)))) continue;
    forms.push([...lead, type]);
  }
  const named = /^([A-Z][a-z]+) (?:19|20)\d{2}$/.exec(entry.doc.code);
  if (named) forms.push([stem(named[1] as string), type]);
  return forms;
}

/**
 * A legislation title's names: each stretch from its start to "Act", "Regulations" or "Order"
 * followed by a year, the end or punctuation ("Environmental Protection Act 1990,
 * section 34" → "Environmental Protection Act").
 */
function legislationNames(title: string): string[] {
  // A title with a colon names something made under an instrument ("The Health Act 2006: Code of
  // Practice …", "The Electricity at Work Regulations 1989: guidance on Regulations"): the
  // instrument is its subject, not its name, and saying the instrument does not cite it.
  if (cleanTitle(title).includes(':')) return [];
  const head = cleanTitle(title);
  const names: string[] = [];
  for (const match of head.matchAll(/\b(?:Act|Regulations?|Order)\b(?=\s*$|\s+(?:19|20)\d{2}|\s*[,;(]|\s+and\b)/g)) {
    const end = match.index + match[0].length;
    // "X Act 2008 (Regulated Activities) Regulations": the Act is the one the Regulations are made
    // under, not a name of these Regulations.
    if (/^\s*(?:(?:19|20)\d{2})?\s*\([^()]*\)\s*(?:Regulations?|Order)\b/.test(head.slice(end))) continue;
    names.push(head.slice(0, end));
  }
  return names;
}

/**
 * A title as said: the part before a spaced dash, without a leading article, bracketed notes that hold a number or
 * start in lower case ("(3rd edition, 2000)", "(with ADR)"), years and "etc.". Bracketed names
 * stay ("Regulatory Reform (Fire Safety) Order").
 */
export function cleanTitle(title: string): string {
  return (title.split(/\s[—–]\s/)[0] as string)
    .replace(/^(?:the|a|an)\s+/i, '')
    .replace(/\s*\((?:[^()]*\d[^()]*|[a-z][^()]*)\)/g, '')
    .replace(/\b(?:19|20)\d{2}\b/g, '')
    .replace(/\betc\.?/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function stemsOf(text: string): string[] {
  return wordsOf(text).map((word) => stem(word.lower));
}

export function contentStems(text: string): string[] {
  return stemsOf(text).filter((word) => !STOP_WORDS.has(word) && !/^\d+$/.test(word));
}

export function oneLineage(entries: readonly Entry[]): boolean {
  return entries.length > 0 && entries.every((entry) => entry.lineage === (entries[0] as Entry).lineage);
}
