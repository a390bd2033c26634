/**
 * A library of one document of its own subject, and a policy of paragraphs, for the reviewer's
 * comparison tests: a rule is seen to read any subject, not only the seed library's.
 */
import type { LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewLibrary } from '../review/types.ts';

/** An element as the test writes it: its text, the headings over it, and its type when not a paragraph. */
export type OwnElement = readonly [text: string, headingPath: string[], type?: LibraryElement['type']];

/** A current document whose elements have the ids `${id}#0`, `${id}#1` … in order. */
export function ownLibrary(
  document: { id: string; code: string; title: string; edition: string },
  elements: readonly OwnElement[],
): ReviewLibrary {
  const rules: LibraryDocument = {
    ...document,
    status: 'current',
    supersededBy: null,
    supersedes: [],
    domain: 'Estates',
    subdomain: 'Grounds',
    elements: elements.map(([text, headingPath, type = 'paragraph'], index) => ({
      id: `${document.id}#${index}`,
      type,
      text,
      headingPath,
    })),
  };
  return { documents: [rules] };
}

/** A policy titled `title` of one paragraph per block, after an opening paragraph (which may cite the document). */
export function paragraphPolicy(title: string, opening: string, blocks: readonly string[]): Policy {
  const elements = [opening, ...blocks].map((text, index): PolicyElement => ({ index, type: 'paragraph', text, page: 1, headingPath: [] }));
  return { title, elements };
}
