/**
 * Outdated references: a citation of a superseded edition (a library document marked superseded,
 * or a current document cited with a year its own front matter lists as an older edition), and a
 * historical name a current document says it replaces. Supersession comes only from the library's
 * front matter (`status`, `superseded_by`, `supersedes`).
 */
import { editionNoteAfter, yearsIn } from './references-cite.ts';
import { codeKey, type HistoricalForm, currentOf, findForms, historicalForms } from './references-forms.ts';
import { quoteAt } from './locate.ts';
import type { Citation, FindingEvidence, LibraryDocument, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

const MAX_EVIDENCE = 3;
/** Words that say a reference is named as replaced, not cited as current ("no longer than" is a limit, not history). */
const HISTORY_WORDS = /\b(?:supersed\w*|replac\w*|formerly|previously|predecessor|withdrawn|revoked|repealed|no longer(?!\s+than\b))\b/i;
/** Words that say the policy still applies the old reference, whatever it says of its replacement. */
const STILL_APPLIED = /\b(?:continu\w* to (?:apply|follow|use|rely on|work to)|still (?:appl\w*|follow\w*|use\w*|work\w* to))\b/i;
/**
 * Words that tell what a reference was at a past event: a building designed or a home registered
 * under it, what was followed until a past year or held before one ("Before October 2006 the home
 * held a fire certificate under …"), what "was current at the time".
 */
const PAST_EVENT =
  /\b(?:(?:was|were)\s+(?:first\s+|originally\s+|then\s+)?(?:designed|built|constructed|installed|commissioned|registered|licensed|fitted)\b|until\s+(?:19|20)\d\d\b[^.!?]{0,160}?\b(?:followed|used|applied|worked to|relied on)\b|(?:before|until|prior\s+to)\s+(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?(?:19|20)\d\d\b[^.!?]{0,160}?\b(?:held|had|was|were|followed|used|applied|worked to|relied on)\b|(?:was|were)\s+current\s+at\s+the\s+time\b|then\s+current\b)/i;
/** Words that say the reference still governs what is done now ("and is maintained to it"). */
const APPLIED_NOW = /\b(?:is|are)\s+(?:still\s+|now\s+)?(?:maintained|managed|operated|tested|inspected|followed|applied|carried out)\b/i;
const HISTORY_HEADING = /\b(?:version|document|revision|change)\s+(?:history|control|log)\b|\bamendments?\b/i;

interface Outdated {
  element: number;
  start: number;
  end: number;
  /** The old document or name, as the library writes it. */
  old: string;
  superseded: LibraryDocument | null;
  replacements: LibraryDocument[];
  /** Which reading wins where several cover the same words: the most specific. */
  rank: number;
}

export function outdatedFindings(policy: Policy, citations: readonly Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const candidates: Outdated[] = [];
  for (const citation of citations) {
    const found = supersededCitation(citation, library) ?? olderEditionCited(policy, citation);
    if (found) candidates.push(found);
  }
  const forms = historicalForms(library);
  for (const element of policy.elements) {
    for (const match of findForms(element.text, forms)) {
      const said = element.text.slice(match.start, match.end);
      if (inPassing(said, match.form) || namesReplacement(said, match.form)) continue;
      candidates.push({
        element: element.index,
        start: match.start,
        end: match.end,
        old: match.form.name,
        superseded: null,
        replacements: match.form.replacements,
        rank: 3 + (match.form.part ? 2 : 0) + (match.form.year ? 1 : 0),
      });
    }
  }
  const kept: Outdated[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.rank - a.rank || b.end - b.start - (a.end - a.start))) {
    const clash = kept.some((other) => other.element === candidate.element && other.start < candidate.end && candidate.start < other.end);
    if (!clash && candidate.replacements.length > 0) kept.push(candidate);
  }
  const cited = kept.filter((candidate) => !titleOfCitation(policy, candidate, kept) && !titleOfCurrent(policy, candidate, citations));
  return cited.filter((outdated) => !toldAsHistory(policy, outdated)).map((outdated) => toFinding(policy, outdated));
}

/** A text's words, lower case, one space apart: titles compared whatever their punctuation. */
const wordsOf = (text: string) => ` ${(text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ')} `;

/**
 * Whether an old title read loosely is the title of the document that replaced it: "Safe and
 * sustainable management of healthcare waste" holds every word of the old "Safe management of
 * healthcare waste", and is the current edition's own title.
 */
function namesReplacement(said: string, form: HistoricalForm): boolean {
  const written = wordsOf(said);
  return form.replacements.some((document) => written.includes(wordsOf(document.title)));
}

/** Words of an old title long enough that, written all in lower case, it is prose rather than a name. */
const PROSE_TITLE_WORDS = 5;

/**
 * An old document's long title written in lower case describes the subject in passing ("Regulation
 * 4 deals with the management of asbestos in non-domestic premises"); a short name ("key lines of
 * enquiry") is cited as a name in any case.
 */
function inPassing(said: string, form: HistoricalForm): boolean {
  return !/[A-Z0-9]/.test(said) && /^[A-Z]/.test(form.name) && form.core.length >= PROSE_TITLE_WORDS;
}

/**
 * A historical title written straight after a code ("HTM 01-02 (2010), Decontamination of …")
 * belongs to that citation: the code's finding covers it. So does a title written straight
 * before the code of the same old document ("Memorandum of guidance on …, HSR25 (2007)"): the
 * code carries the edition, so the one finding sits on it.
 */
function titleOfCitation(policy: Policy, candidate: Outdated, kept: readonly Outdated[]): boolean {
  const text = policy.elements[candidate.element]?.text ?? '';
  if (/^[A-Z]{2,}/.test(text.slice(candidate.start))) return false;
  return kept.some((other) => {
    if (other === candidate || other.element !== candidate.element) return false;
    if (other.end <= candidate.start) return /^\s*(?:[,:–—-]\s*)?$/.test(text.slice(other.end, candidate.start));
    return (
      candidate.end <= other.start &&
      /^\s*[,:–—-]\s*$/.test(text.slice(candidate.end, other.start)) &&
      /^[A-Z]{2,}/.test(text.slice(other.start)) &&
      other.replacements.some((doc) => candidate.replacements.includes(doc))
    );
  });
}

/**
 * An old title written straight beside a citation of the document that replaced it ("HSR25
 * Memorandum of guidance on …") is that citation's title: the code names the current document.
 */
function titleOfCurrent(policy: Policy, candidate: Outdated, citations: readonly Citation[]): boolean {
  if (candidate.superseded !== null) return false;
  const text = policy.elements[candidate.element]?.text ?? '';
  return citations.some((citation) => {
    const at = citation.location;
    if (at.element !== candidate.element || !candidate.replacements.includes(citation.document)) return false;
    if (at.end <= candidate.start) return /^\s*(?:[,:–—-]\s*)?$/.test(text.slice(at.end, candidate.start));
    return candidate.end <= at.start && /^\s*[,:–—-]?\s*$/.test(text.slice(candidate.end, at.start));
  });
}

/**
 * An old reference the policy itself presents as replaced ("HTM 06-02 (2023), which superseded
 * the 2006 edition"), tells as what applied at a past event ("first registered in 2004 under the
 * … Regulations 2001") or records in its version history is not cited as current.
 */
function toldAsHistory(policy: Policy, outdated: Outdated): boolean {
  const element = policy.elements[outdated.element];
  if (!element) return false;
  if (element.headingPath.some((heading) => HISTORY_HEADING.test(heading))) return true;
  const text = element.text;
  const bounds = /[.!?]\s|\n|\s\|\s/g;
  // The sentence is looked for within SENTENCE_REACH of the reference, never from the element's
  // start for each reference: a text citing thousands of old codes is read in time linear in it.
  const windowStart = Math.max(0, outdated.start - SENTENCE_REACH);
  const windowEnd = Math.min(text.length, outdated.end + SENTENCE_REACH);
  let from = windowStart;
  let to = windowEnd;
  for (const match of text.slice(windowStart, windowEnd).matchAll(bounds)) {
    const at = windowStart + match.index;
    if (at + match[0].length <= outdated.start) from = at + match[0].length;
    else if (at >= outdated.end) {
      to = at;
      break;
    }
  }
  const sentence = text.slice(from, to);
  if (HISTORY_WORDS.test(sentence) && !STILL_APPLIED.test(sentence)) return true;
  if (
    PAST_EVENT.test(sentence) &&
    !STILL_APPLIED.test(sentence) &&
    !APPLIED_NOW.test(sentence) &&
    !afterReplacement(text.slice(from, outdated.start), outdated)
  ) {
    return true;
  }
  // "… was introduced into the Regulations 1992. These requirements are now contained in the 1999
  // Regulations": the next sentence says where they are now.
  return NOW_ELSEWHERE.test(text.slice(to, to + NEXT_SENTENCE_REACH).replace(/^[.!?]?\s+/, ''));
}

/**
 * Whether the words before the reference date its event after the reference was replaced ("The
 * 2024 entrance works were designed to … the Building Regulations 2000"): following the old edition
 * then was already out of date, so the reference is not history. A year after the reference belongs
 * to another event ("…, and its drawings were redrawn in 2019"); one inside the citation is its own.
 */
function afterReplacement(before: string, outdated: Outdated): boolean {
  const replaced = Math.min(...outdated.replacements.map((document) => yearOf(document.edition) ?? Number.POSITIVE_INFINITY));
  if (!Number.isFinite(replaced)) return false;
  const cited = new Set((outdated.old.match(/\b(?:19|20)\d\d\b/g) ?? []).map(Number));
  // A year the event came before ("Before October 2006 the home held …") bounds it from above.
  const dated = before.replace(/\b(?:before|until|prior\s+to)\s+(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?(?:19|20)\d\d\b/gi, ' ');
  return (dated.match(/\b(?:19|20)\d\d\b/g) ?? []).map(Number).some((year) => !cited.has(year) && year > replaced);
}

function yearOf(edition: string): number | null {
  const year = /\b(?:19|20)\d\d\b/.exec(edition)?.[0];
  return year ? Number(year) : null;
}

/** How far either side of a reference its sentence is looked for, in characters. */
const SENTENCE_REACH = 600;

/** A sentence that says where what the one before named now is: "These requirements are now contained in …". */
const NOW_ELSEWHERE =
  /^(?:these|this|they|it|such|the same)\b[^.!?]{0,60}?\b(?:are|is)\s+now\s+(?:contained|set out|found|included|covered|consolidated|re-?enacted)\b/i;
/** How far into the next sentence that is read. */
const NEXT_SENTENCE_REACH = 120;

function supersededCitation(citation: Citation, library: ReviewLibrary): Outdated | null {
  const doc = citation.document;
  if (doc.status !== 'superseded') return null;
  // Words all in lower case, without a code or year, describe the subject in passing ("manages the
  // decontamination of flexible endoscopes"); they do not cite an edition.
  if (!/[A-Z0-9]/.test(citation.said)) return null;
  const replacements = currentOf(doc, library);
  if (replacements.some((current) => titleNames(citation.said, current))) return null;
  return { ...citation.location, old: doc.code, superseded: doc, replacements, rank: 4 };
}

/**
 * Whether the words cited hold the whole title of a current document and no year of their own:
 * a title the editions share ("… code of practice on the prevention and control of infections
 * [and related guidance]") names the current edition unless a year says otherwise.
 */
function titleNames(said: string, current: LibraryDocument): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const title = plain(current.title);
  return (
    title.split(' ').length >= 4 && plain(said).includes(title) && yearsIn(said).every((year) => yearsIn(current.title).includes(year))
  );
}

/**
 * A current document cited with a year that is not one of its own but that its front matter
 * lists as an older edition of the same code ("… Regulations 2010" where the current document's
 * code is "EPR 2016" and it supersedes "EPR 2010").
 */
function olderEditionCited(policy: Policy, citation: Citation): Outdated | null {
  const doc = citation.document;
  if (doc.status !== 'current') return null;
  const text = policy.elements[citation.location.element]?.text ?? '';
  let end = citation.location.end;
  const trailing = /\(?((?:19|20)\d{2})\)?\s*$/.exec(citation.said);
  let year = trailing ? Number(trailing[1]) : null;
  const bracketed = /^\s*\(((?:19|20)\d{2})\)/.exec(text.slice(end));
  const note = editionNoteAfter(text, end);
  if (bracketed) {
    year = Number(bracketed[1]);
    end += bracketed[0].length;
  } else if (note.years.length > 0) {
    year = note.years[0] as number;
    end += note.length;
  }
  if (year === null || yearsIn(`${doc.code} ${doc.edition} ${doc.title}`).includes(year)) return null;
  const base = withoutYear(doc.code);
  const old = doc.supersedes.find((name) => yearsIn(name).at(-1) === year && withoutYear(name) === base);
  return old ? { ...citation.location, end, old, superseded: null, replacements: [doc], rank: 2 } : null;
}

/** A code's key without its final year ("CDG 2009" → "cdg", "HTM 01-05 (2009)" → "htm 1 5"). */
export function withoutYear(code: string): string {
  return codeKey(code.replace(/\s*\(?(?:19|20)\d{2}\)?\s*$/, ''));
}

function toFinding(policy: Policy, outdated: Outdated): ReviewFindingDraft {
  const element = policy.elements[outdated.element];
  const { location, quote } = element ? quoteAt(element, outdated.start, outdated.end) : { location: null, quote: null };
  const replacement = joinList(outdated.replacements.map(described));
  const single = outdated.replacements.length === 1 ? (outdated.replacements[0] as LibraryDocument) : null;
  const old = quote ?? (outdated.superseded ? label(outdated.superseded) : outdated.old);
  const explanation = `The policy cites ${named(old)}, which ${pluralName(old) ? 'were' : 'was'} replaced by ${replacement}.`;
  const evidence: FindingEvidence[] = outdated.replacements.map((doc) => ({
    documentId: doc.id,
    code: doc.code,
    elementIds: passagesNaming(doc, [outdated.old, outdated.superseded?.code ?? '']),
  }));
  if (outdated.superseded) {
    const first = outdated.superseded.elements[0];
    evidence.push({ documentId: outdated.superseded.id, code: outdated.superseded.code, elementIds: first ? [first.id] : [] });
  }
  return {
    category: 'outdated_reference',
    severity: 'medium',
    location,
    quote,
    expected: single ? `${label(single)} ${single.title}` : replacement,
    explanation,
    suggestion: `Cite ${replacement} instead, and check that what the policy takes from the old reference still matches the current one.`,
    evidence,
  };
}

/** A law by its title and code ("the Control of … Regulations 2012 (CAR 2012)"), other documents by their code. */
function described(doc: LibraryDocument): string {
  const title = doc.title.split(/ \(with | \(SI | — /)[0]?.trim() ?? doc.title;
  // A law's own title names it before any colon; a code of practice's names its law after one
  // ("Managing and working with asbestos: Control of Asbestos Regulations 2012, …").
  if (!/\b(?:Act|Regulations?|Order)\b.*\b(?:1[89]|20)\d\d\b/.test(title.split(': ')[0] ?? '')) return label(doc);
  return title === doc.code ? named(title) : `${named(title)} (${doc.code})`;
}

/** A name as it reads in a sentence: a title takes "the" ("the Fire Precautions Act 1971"), a code does not. */
/** A name as a sentence gives it: a code as it is ("HTM 04-01", "BS 7671"), a name with "the" ("the Hygiene Code"). */
export function named(name: string): string {
  const code = /^(?:[A-Z]{2,}|[A-Z][a-z]*\s?\d|(?:Part|Section|Regulation|Schedule|Outcome|Article)\s)/.test(name);
  return code || /^the\s/i.test(name) ? name : `the ${name}`;
}

/**
 * Whether a name takes a plural verb: Regulations anywhere in it, or a plural head noun, the last
 * word before its first "of", "for", "on" … ("the key lines of enquiry", "National Minimum
 * Standards 2001"), not a word that only ends in s ("Process", "Status", "Analysis", "Gas").
 */
export function pluralName(name: string): boolean {
  if (/\b(?:Regulations|Regs)\b/.test(name)) return true;
  const head = name.split(/\s(?:of|for|on|at|in|under|to|from|by|with)\s/i)[0] ?? '';
  const word = /([A-Za-z]+)[^A-Za-z]*$/.exec(head.replace(/\([^)]*\)|\b(?:19|20)\d\d\b/g, ' '))?.[1] ?? '';
  return word.length > 3 && /[a-z]s$/.test(word) && !/(?:ss|us|is)$/.test(word);
}

/** A document's code with its edition year when the code has none ("HTM 06-02 (2023)"). */
export function label(doc: LibraryDocument): string {
  if (yearsIn(doc.code).length > 0) return doc.code;
  // An edition the library writes as a coded standard ("BS 7671:2018+A4:2026") names itself.
  const at = doc.edition.indexOf(`${doc.code}:`);
  if (at >= 0) return doc.edition.slice(at).split(/[\s,;()]+(?!\d)/)[0] as string;
  const year = yearsIn(doc.edition)[0];
  return year ? `${doc.code} (${year})` : doc.code;
}

export function joinList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The passages of a document that name any of the given names, else its first passage. */
function passagesNaming(doc: LibraryDocument, names: readonly string[]): string[] {
  const wanted = names.filter((name) => name !== '').map((name) => name.toLowerCase());
  const naming = doc.elements.filter((element) => wanted.some((name) => element.text.toLowerCase().includes(name)));
  const chosen = naming.length > 0 ? naming : doc.elements.slice(0, 1);
  return chosen.slice(0, MAX_EVIDENCE).map((element) => element.id);
}
