import type { Citation, LibraryDocument, Policy, ReviewLibrary } from './types.ts';

/**
 * The current library documents a policy relies on: those it cites (a superseded edition stands for
 * the documents that replace it) and, so that the rules also work on their own, those whose code,
 * part-less code or former name appears in the policy's text.
 */
export function reliedDocuments(policy: Policy, citations: Citation[], library: ReviewLibrary): LibraryDocument[] {
  const text = policy.elements.map((element) => element.text).join('\n');
  const found = new Set<LibraryDocument>();
  for (const citation of citations) for (const document of currentFor(citation.document, library)) found.add(document);
  for (const document of library.documents) {
    if (namesOf(document).some((name) => mentions(text, name))) {
      for (const current of currentFor(document, library)) found.add(current);
    }
  }
  return [...found];
}

/** The current documents that stand for a document: itself, or what replaces it. */
function currentFor(document: LibraryDocument, library: ReviewLibrary): LibraryDocument[] {
  if (document.status === 'current') return [document];
  return library.documents.filter(
    (other) => other.status === 'current' && (other.code === document.supersededBy || other.supersedes.includes(document.code)),
  );
}

/**
 * The names by which a policy cites a document: codes and former names that look like citations
 * (with a digit or an acronym, so that a code such as "Roles" is not read into ordinary words),
 * and the title of an Act or Regulations (one with a year).
 */
function namesOf(document: LibraryDocument): string[] {
  const partless = document.code.replace(/ Part [A-Z]$/, '');
  const codes = [document.code, partless, ...document.code.split(' + '), ...document.supersedes].filter((name) => /\d|[A-Z]{2}/.test(name));
  const title = shortTitle(document.title);
  // A joint title names its law first: "Data Protection Act 2018 and UK General …".
  const law = /^(.+?\b(?:Act|Regulations|Order) (?:1[89]|20)\d\d) and /.exec(title)?.[1];
  const titles = [...(/\b(?:1[89]|20)\d\d$/.test(title) ? [title] : []), ...(law ? [law] : [])];
  return [...codes, ...titles];
}

/** Whether the text holds the name as a whole citation (not part of a longer code). */
function mentions(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w-])${literal(name)}(?![\\w-]|\\.\\d)`).test(text);
}

/** A title without its trailing notes: "Electricity at Work Regulations 1989 (with HSR25)" → "... 1989". */
export function shortTitle(title: string): string {
  return title.split(/ \(| — |, /)[0]?.trim() ?? title;
}

/** A text as a regular expression that matches it literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
