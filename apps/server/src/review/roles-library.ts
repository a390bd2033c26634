import { literal } from './roles-sources.ts';
import type { LibraryDocument, LibraryElement, ReviewLibrary } from './types.ts';

/** A role or group that a library document requires, as the document writes it. */
export interface RequiredRole {
  /** The title as the library writes it, e.g. "Authorising Engineer (HV)" or "Water Safety Group". */
  title: string;
  /** The title without its bracketed qualifier. */
  head: string;
  /** The service qualifier in brackets ("HV", "Water"), or null. */
  qualifier: string | null;
  /** What the library says the role does. */
  duty: string;
  /** Whether the library gives a guidance document (an HTM, HBN or HSG) as the role's source. */
  viaGuidance: boolean;
  /** Whether the library gives the role for healthcare premises only ("Water Safety Group (healthcare)"). */
  healthcareOnly: boolean;
  /** Whether the document that requires the role is guidance written for healthcare estates (an HTM or HBN). */
  estatesGuidance: boolean;
  /** Whether the library gives the role for NHS bodies only ("Medical Device Safety Officer (NHS trusts)", "In NHS bodies, …"). */
  nhsOnly: boolean;
  /**
   * Whether the document's duties make the role mandatory for public authorities ("mandatory for
   * public authorities, including NHS bodies, and for organisations whose core activities …"): of
   * another organisation it is required only on conditions the policy's own subject may meet.
   */
  publicBodies: boolean;
  /**
   * Why the role is required: "core" for an independent adviser, a role peculiar to the service or
   * the service's own group; "duty" for a role the document's list of duties itself calls for.
   */
  basis: 'core' | 'duty';
  document: LibraryDocument;
  element: LibraryElement;
}

/** A role as a roles table row or roles list item gives it: its title and what it does. */
export interface RoleEntry {
  title: string;
  duty: string;
  /** The row's other cells, or the list item's text after the title. */
  rest: string;
  element: LibraryElement;
  /** The title as written, with notes such as "(healthcare)". */
  written?: string;
}

/**
 * Phrases with which the library says a title is not fixed by the document itself. A title that a
 * reported new edition is said to change stays the current one until that edition is confirmed.
 */
const UNSETTLED = /does not itself define|vary locally|does not hold the exact|has not confirmed/i;

/**
 * A list item that names a role, with a dash ("Authorising Engineer (HV), AE(HV) — independent
 * adviser ...") or as a short lead sentence ("Fire Safety Adviser (FSA). Appointed in writing ...").
 */
const LIST_ROLE = /^(.+?) — (.+)$|^([A-Z][^.;:]{2,80}?)\.\s+([A-Z].+)$/;

/** A note on a role's title that limits it to healthcare premises: "(healthcare)". */
const HEALTHCARE_NOTE = /\((?:[^()]*\b)?health ?care\b[^()]*\)/i;
/** A note on a role's title, or the start of its duty, that limits it to NHS bodies: "(NHS trusts)", "In NHS bodies, …". */
const NHS_NOTE = /\((?:[^()]*\b)?NHS\b[^()]*\)|^In (?:the )?NHS\b/i;

/**
 * The library's domains of guidance written for healthcare estates (Health Technical Memoranda and
 * Health Building Notes). A care home that follows one for its engineering takes on its technical
 * standard, not the governance posts and groups it sets up for hospitals.
 */
const HEALTHCARE_ESTATES_DOMAINS = new Set(['htm', 'hbn']);
/** A title that says the guidance is for social care too ("Decontamination of linen for health and social care"). */
const SOCIAL_CARE = /\bsocial care\b/i;

/** Whether a document is guidance written for healthcare estates, not for social care as well. */
function forHealthcareEstates(document: LibraryDocument): boolean {
  return HEALTHCARE_ESTATES_DOMAINS.has(document.domain.toLowerCase()) && !SOCIAL_CARE.test(document.title);
}

/** A duty that the law lays on public authorities as such. */
const PUBLIC_BODIES = /\b(?:mandatory for|required of|compulsory for)\s+public\s+(?:authorities|bodies)\b/i;

/** Section headings under which a document lists what it requires of the organisation. */
const DUTIES_HEADING = /\b(?:duties|requirements|criteria)\b/i;

/**
 * The core roles and groups that the given documents require: independent advisers and auditors
 * (Authorising Engineers, a Data Protection Officer), roles peculiar to the document's service
 * (titles no other document's roles table uses, carrying the service's qualifier), and the
 * document's own safety group. Generic titles, and titles the library says vary locally, are left out.
 */
export function requiredRoles(documents: LibraryDocument[], library: ReviewLibrary): RequiredRole[] {
  const sharedHeads = headsUsedWidely(library);
  const unsettledAnywhere = library.documents.flatMap(unsettledSentences);
  const required: RequiredRole[] = [];
  for (const document of documents) {
    const unsettledHere = unsettledSentences(document);
    const entries = roleEntries(document);
    const serviceQualifier = commonQualifier(entries.map((entry) => entry.title));
    const duties = dutyPassages(document);
    for (const entry of entries) {
      const { head, qualifier } = splitTitle(entry.title);
      const independent = /^independent/i.test(entry.duty) && isTitle(head);
      const peculiar = qualifier !== null && qualifier === serviceQualifier && isTitle(head) && !sharedHeads.has(head.toLowerCase());
      const ownGroup = isGroup(head) && !citesDocument(entry.duty);
      const called = isNamedTitle(head) && !sharedHeads.has(head.toLowerCase()) && duties.some((text) => callsFor(text, head));
      // A post the document's duties say to appoint ("Appoint a competent responsible person") is
      // required however generic its title: the duty is to have one. A service's own post
      // ("Designated Person (Water)") is the service's to require, by the rules above.
      const appointed = qualifier === null && duties.some((text) => appoints(text, head));
      if (!(independent || peculiar || ownGroup || called || appointed)) continue;
      // A role the document assigns under other guidance ("audit under HTM 01-23") belongs to that guidance.
      if (citedGuidance(entry.rest).some((code) => !documents.some((other) => other.code.startsWith(code)))) continue;
      // A qualified title any passage calls unsettled is left out; a bare one only by its own document.
      const unsettled = qualifier ? unsettledAnywhere : unsettledHere;
      if (unsettled.some((sentence) => names(sentence, entry.title))) continue;
      required.push({
        title: entry.title,
        head,
        qualifier,
        duty: entry.duty,
        viaGuidance: citesDocument(entry.rest),
        healthcareOnly: HEALTHCARE_NOTE.test(entry.written ?? ''),
        estatesGuidance: forHealthcareEstates(document),
        nhsOnly: NHS_NOTE.test(entry.written ?? '') || NHS_NOTE.test(entry.duty),
        publicBodies: duties.some((text) => callsFor(text, head) && PUBLIC_BODIES.test(text)),
        basis: independent || peculiar || ownGroup || appointed ? 'core' : 'duty',
        document,
        element: entry.element,
      });
    }
    required.push(...groupsFor(document, library));
  }
  return required;
}

/** A roles table's header over what each role does. */
const DUTY_COLUMN = /\b(?:does|duties|responsibilit(?:y|ies))\b/i;

/** The roles a document lists in its roles tables (first header "Role") and its roles section's list. */
export function roleEntries(document: LibraryDocument): RoleEntry[] {
  const entries: RoleEntry[] = [];
  for (const element of document.elements) {
    if (element.type === 'table') {
      const [header, ...rows] = element.text.split('\n').map((line) => line.split(' | ').map((cell) => cell.trim()));
      if (header?.[0]?.toLowerCase() !== 'role') continue;
      // The column of what the role does ("What it does under L8", "Responsibilities"), else the last.
      const dutyColumn = header.findIndex((cell) => DUTY_COLUMN.test(cell)) - 1;
      for (const [first = '', ...rest] of rows) {
        const duty =
          rest.find((cell) => /^independent/i.test(cell)) ?? (dutyColumn >= 0 ? rest[dutyColumn] : undefined) ?? rest.at(-1) ?? '';
        for (const title of roleTitles(first)) entries.push({ title, duty, rest: rest.join(' | '), element, written: first });
      }
    } else if (element.type === 'list_item' && element.headingPath.some((heading) => /\broles\b/i.test(heading))) {
      const match = LIST_ROLE.exec(element.text);
      const title = match?.[1] ?? match?.[3];
      const duty = match?.[2] ?? match?.[4];
      if (title && duty) for (const each of roleTitles(title)) entries.push({ title: each, duty, rest: duty, element, written: title });
    }
  }
  return entries;
}

/** The titles a role cell names: "A / B" names two; an abbreviation after a comma or dash is dropped. */
function roleTitles(cell: string): string[] {
  return cell
    .split(/ \/ (?![^(]*\))/)
    .map((part) => cleanTitle(part.split(/, | — /)[0] ?? ''))
    .filter((title) => /^[A-Z]/.test(title));
}

/** Groups named in a groups table (first header "Group") whose source is this document. */
function groupsFor(document: LibraryDocument, library: ReviewLibrary): RequiredRole[] {
  const groups: RequiredRole[] = [];
  for (const source of library.documents) {
    for (const element of source.elements) {
      if (element.type !== 'table') continue;
      const [header, ...rows] = element.text.split('\n').map((line) => line.split(' | ').map((cell) => cell.trim()));
      if (header?.[0]?.toLowerCase() !== 'group') continue;
      for (const [name = '', origin = '', duty = ''] of rows) {
        if (!isGroup(name) || name.includes(' or ')) continue;
        if (!origin.split(/\s*\/\s*|;\s*/).some((code) => sourceIs(code, document))) continue;
        groups.push({
          title: name,
          head: name,
          qualifier: null,
          duty,
          viaGuidance: citesDocument(origin),
          healthcareOnly: HEALTHCARE_NOTE.test(name),
          estatesGuidance: forHealthcareEstates(document),
          nhsOnly: NHS_NOTE.test(name),
          publicBodies: false,
          basis: 'core',
          document: source,
          element,
        });
      }
    }
  }
  return groups;
}

/** Whether a groups table's source ("HTM 03-01 (2021)", "HTM 04-01") is the document. */
function sourceIs(source: string, document: LibraryDocument): boolean {
  const match = /^(.+?)(?: \((\d{4})\))?$/.exec(source.trim());
  if (!match?.[1]) return false;
  const code = match[1];
  const sameCode = document.code === code || document.code.startsWith(`${code} Part `);
  return sameCode && (!match[2] || document.edition.includes(match[2]));
}

/**
 * A role title without its notes: a bracket that only abbreviates the title ("Authorising Engineer
 * (AE)") or that starts in lower case ("(healthcare)") is not the service qualifier, and goes.
 */
export function cleanTitle(title: string): string {
  return title
    .replace(/\s*\(([^)]+)\)/g, (bracket, inside: string, at: number) =>
      /^[a-z]/.test(inside) || inside === initials(title.slice(0, at)) ? '' : bracket,
    )
    .trim();
}

export function splitTitle(title: string): { head: string; qualifier: string | null } {
  const match = /^(.+?)\s*\(([^)]+)\)/.exec(title);
  if (!match?.[1] || !match[2]) return { head: title.trim(), qualifier: null };
  return { head: match[1].trim(), qualifier: match[2].trim() };
}

export function initials(words: string): string {
  return words
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .join('');
}

/** A role's proper title ("Data Protection Officer"), not a function ("Internal audit"). */
function isTitle(head: string): boolean {
  return head.split(/\s+/).every((word) => word.length < 4 || /^[A-Z]/.test(word));
}

/** Whether a sentence names the exact title (a bare title not followed by a qualifier). */
function names(sentence: string, title: string): boolean {
  const bare = splitTitle(title).qualifier === null;
  return new RegExp(`\\b${literal(title)}${bare ? '(?!\\s*\\()' : ''}`, 'i').test(sentence);
}

/** A proper title of two words or more, every long word capitalised ("Fire Safety Adviser"). */
function isNamedTitle(head: string): boolean {
  return isTitle(head) && head.split(/\s+/).filter((word) => /^[A-Z]/.test(word)).length >= 2;
}

/** The passages outside the roles section in which a document lists its duties or requirements. */
function dutyPassages(document: LibraryDocument): string[] {
  return document.elements
    .filter((element) => element.type !== 'table' && element.headingPath.some((heading) => DUTIES_HEADING.test(heading)))
    .filter((element) => !element.headingPath.some((heading) => /\broles\b/i.test(heading)))
    .map((element) => element.text);
}

/** Whether a duty passage names the role, by its title or its abbreviation in brackets ("the lead (FSA)"). */
function callsFor(text: string, head: string): boolean {
  const short = initials(head);
  return new RegExp(`\\b${literal(head)}s?\\b`).test(text) || (short.length >= 2 && new RegExp(`\\(${literal(short)}s?\\)`).test(text));
}

/** Whether a duty passage says to appoint the role: "Appoint a competent responsible person", "must appoint one or more …". */
function appoints(text: string, head: string): boolean {
  return new RegExp(
    `\\bappoint(?:s|ed)?\\s+(?:an?\\s+|one or more\\s+|the\\s+)?(?:competent\\s+|suitable\\s+|named\\s+)?${literal(head.toLowerCase())}s?\\b`,
    'i',
  ).test(text);
}

function isGroup(title: string): boolean {
  return /\bgroup$/i.test(title.trim());
}

/** The guidance codes a text cites ("HTM 01-23", "HSG 123"). */
function citedGuidance(text: string): string[] {
  return [...text.matchAll(/\b(?:HTM|HBN|HSG) ?\d+(?:-\d+)?/g)].map((match) => match[0]);
}

function citesDocument(text: string): boolean {
  return /\b(?:HTM|HBN|HSG|ACoP) ?\d/.test(text);
}

/** The qualifier that two or more of a document's role titles share: the document's service. */
function commonQualifier(titles: string[]): string | null {
  const counts = new Map<string, number>();
  for (const title of titles) {
    const { qualifier } = splitTitle(title);
    if (qualifier) counts.set(qualifier, (counts.get(qualifier) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 2 ? best[0] : null;
}

/** Role heads that three or more documents' roles tables use: the generic governance titles. */
function headsUsedWidely(library: ReviewLibrary): Set<string> {
  const documentsByHead = new Map<string, Set<string>>();
  for (const document of library.documents) {
    for (const entry of roleEntries(document)) {
      const head = splitTitle(entry.title).head.toLowerCase();
      const set = documentsByHead.get(head) ?? new Set<string>();
      set.add(document.id);
      documentsByHead.set(head, set);
    }
  }
  return new Set([...documentsByHead].filter(([, documents]) => documents.size >= 3).map(([head]) => head));
}

const singleServiceCache = new WeakMap<ReviewLibrary, Set<string>>();

/** Role heads that the library qualifies with one service only ("Quality Controller" with "MGPS"), if at all. */
export function singleServiceHeads(library: ReviewLibrary): Set<string> {
  const cached = singleServiceCache.get(library);
  if (cached) return cached;
  const services = new Map<string, Set<string>>();
  for (const document of library.documents) {
    for (const entry of roleEntries(document)) {
      const { head, qualifier } = splitTitle(entry.title);
      const key = head.toLowerCase();
      services.set(key, (services.get(key) ?? new Set()).add(qualifier ?? ''));
    }
  }
  const heads = new Set([...services].filter(([, qualifiers]) => [...qualifiers].filter(Boolean).length === 1).map(([head]) => head));
  singleServiceCache.set(library, heads);
  return heads;
}

function unsettledSentences(document: LibraryDocument): string[] {
  return document.elements
    .filter((element) => element.type === 'paragraph')
    .flatMap((element) => element.text.split(/(?<=[.;])\s+/))
    .filter((sentence) => UNSETTLED.test(sentence));
}
