/**
 * The answer's citations: the citer that numbers each quoted element once, the sources section
 * and the finished answer (text, citations, whether it answered).
 */
import { type Citation, quoteAsData } from '../citations.ts';
import type { Passage } from '../retrieval.ts';

export interface ComposedAnswer {
  text: string;
  citations: Citation[];
  /** False when the library held nothing relevant and the answer says so. */
  answered: boolean;
}

/** Placeholder for citation k's marker until markers are numbered in order of first use. */
const placeholder = (k: number) => `\uE000${k}\uE001`;

/**
 * What an answer cites: one element of a passage (a sentence's paragraph, a list item, a table)
 * and the text of it that supports the claim (the sentence, the item, the row read with its
 * header) — the citation's quote, which the answer's hover shows.
 */
interface Cite {
  passage: number;
  elementId: string;
  quote: string;
}

/** The citations of an answer as it is composed: each distinct supporting text gets one placeholder. */
export class Citer {
  readonly list: Cite[] = [];

  mark(passage: number, elementId: string, quote: string): string {
    const text = quote
      .replace(/[\uE000-\uF8FF]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    let k = this.list.findIndex((cite) => cite.passage === passage && cite.elementId === elementId && cite.quote === text);
    if (k < 0) {
      k = this.list.length;
      this.list.push({ passage, elementId, quote: text });
    }
    return placeholder(k);
  }

  /** Whether any text of the passage is cited. */
  uses(passage: number): boolean {
    return this.list.some((cite) => cite.passage === passage);
  }
}

/** How an attached file is named in an answer (its title comes from the file, so it is quoted as data). */
function attachmentLabel(passage: Passage): string {
  return `Your attached file — ${quoteAsData(passage.title)}`;
}

/** A group of bullets is headed by its source: the document's code and title, or the attached file. */
export function groupLabel(passage: Passage): string {
  return passage.source === 'attachment' ? attachmentLabel(passage) : `${passage.code} — ${quoteAsData(passage.title)}`;
}

function sourceLabel(passage: Passage): string {
  if (passage.source === 'attachment') return attachmentLabel(passage);
  const text = passage.edition.trim();
  // An edition with its own aside ("1989 (memorandum HSR25 3rd ed. 2015)") follows a comma, not nested brackets.
  const edition = text.length <= 1 ? '' : text.includes('(') ? `, ${text}` : ` (${text})`;
  const superseded =
    passage.status === 'superseded' ? ` (superseded${passage.supersededByCode ? ` — see ${passage.supersededByCode}` : ''})` : '';
  return `${passage.code} — ${passage.title}${edition}${superseded}`;
}

/** Passages grouped by document, in the order the documents first appear. */
export function byDocument(passages: readonly Passage[]): { passage: Passage; indexes: number[] }[] {
  const groups: { passage: Passage; indexes: number[] }[] = [];
  passages.forEach((passage, index) => {
    const group = groups.find((entry) => entry.passage.documentId === passage.documentId);
    if (group) group.indexes.push(index);
    else groups.push({ passage, indexes: [index] });
  });
  return groups;
}

/** The sources: one line per document, with the markers of every passage of it the answer cites. */
export function sourcesSection(passages: readonly Passage[], citer: Citer, body: string): string {
  const lines = byDocument(passages)
    .map(({ passage, indexes }) => ({
      passage,
      // Only the citations the answer's text uses.
      markers: citer.list.flatMap((cite, k) => (indexes.includes(cite.passage) && body.includes(placeholder(k)) ? [placeholder(k)] : [])),
    }))
    .filter((entry) => entry.markers.length > 0)
    .map(({ passage, markers }) => `- ${sourceLabel(passage)} ${markers.join('')}`);
  return `**Sources**\n\n${lines.join('\n')}`;
}

/** Numbers the placeholders in order of first use and lists exactly the citations used, each quoting the text that supports its claim. */
export function finalise(body: string, passages: readonly Passage[], citer: Citer): ComposedAnswer {
  const numbers = new Map<number, number>();
  const numbered = body.replace(/\uE000(\d+)\uE001/g, (_, raw: string) => {
    const k = Number(raw);
    let n = numbers.get(k);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(k, n);
    }
    return `[${n}]`;
  });
  // Runs of markers read in ascending order ("[1][3]", not "[3][1]").
  const ordered = numbered.replace(/(?:\[\d+\])+/g, (run) =>
    (run.match(/\d+/g) ?? [])
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join(''),
  );
  const citations: Citation[] = [...numbers.entries()].flatMap(([k, n]) => {
    const cite = citer.list[k];
    const passage = cite ? passages[cite.passage] : undefined;
    return cite && passage ? [{ ...citationOf(passage, n), element_ids: [cite.elementId], quote: cite.quote }] : [];
  });
  return { text: ordered, citations, answered: true };
}

/** A passage as the citation numbered n: its elements and their text, quoted (the provider engine cites whole passages this way). */
export function citationOf(passage: Passage, n: number): Citation {
  return {
    n,
    source: passage.source,
    document_id: passage.documentId,
    code: passage.code,
    title: passage.title,
    edition: passage.edition,
    status: passage.status,
    element_ids: passage.elements.map((element) => element.id),
    quote: passage.elements.map((element) => element.text).join('\n'),
    superseded_by: passage.supersededBy,
  };
}
