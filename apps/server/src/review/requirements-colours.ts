import { overlap, subjectOf } from './requirements-subjects.ts';
import { factualError, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

const COLOUR = 'yellow|orange|purple|red|blue|black|white|green|grey|clear|brown';
/** A container's colour in a policy: "purple-lidded", "orange bags", "yellow and black striped sacks". */
const CONTAINER_COLOUR = new RegExp(
  `\\b((?:${COLOUR})(?:\\s+and\\s+(?:${COLOUR}))?)(?:[-\\s]+(?:striped|stripes))?[-\\s]+(?:lidded|lid|bags?|sacks?|containers?|bins?|stream)\\b`,
  'gi',
);
const MIN_SHARED = 3;
const MIN_SCORE = 0.6;

interface ColourRule {
  colours: string;
  label: string;
  stream: string;
  subject: Set<string>;
  document: LibraryDocument;
  element: LibraryElement;
}

/** Policy sentences that put a waste in a container of another colour than the library's colour table gives it. */
export function colourFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const rules = documents.flatMap(colourRules);
  if (rules.length === 0) return [];
  const findings: ReviewFindingDraft[] = [];
  for (const element of policy.elements) {
    if (element.type !== 'paragraph' && element.type !== 'list_item') continue;
    for (const { text, start } of sentences(element.text)) {
      const mentions = [...text.matchAll(CONTAINER_COLOUR)];
      if (mentions.length !== 1 || !mentions[0]?.[1]) continue;
      const said = colourKey(mentions[0][1]);
      const subject = subjectOf(text.replace(CONTAINER_COLOUR, ' '));
      const matches = rules
        .map((rule) => ({ rule, ...overlap(rule.subject, subject) }))
        .filter((match) => match.shared >= MIN_SHARED && match.score >= MIN_SCORE)
        .sort((a, b) => b.score - a.score);
      const best = matches[0];
      if (!best || matches.some((match) => match.rule.colours === said)) continue;
      // The quote runs to the end of the clause that names the container.
      const mentionEnd = (mentions[0].index ?? 0) + mentions[0][0].length;
      const clauseEnd = text.slice(mentionEnd).search(/,|;|\s+and\s/);
      const end = clauseEnd < 0 ? text.length : mentionEnd + clauseEnd;
      const { rule } = best;
      const written = mentions[0][1].toLowerCase();
      findings.push(
        factualError(element, { start: start + sectionNumberLength(text), end: start + end }, rule, () => ({
          expected: `${rule.label} (${rule.document.code}: ${rule.stream})`,
          explanation: `${rule.document.code} gives ${rule.label.toLowerCase()} for ${lowerFirst(rule.stream)}, not ${written}.`,
          suggestion: `Use the ${rule.label.toLowerCase()} stream, as ${rule.document.code} sets out.`,
        })),
      );
    }
  }
  return findings;
}

/** The rows of a document's colour table (first header "Colour"): a colour and the waste it takes. */
function colourRules(document: LibraryDocument): ColourRule[] {
  return document.elements.flatMap((element) => {
    if (element.type !== 'table') return [];
    const [header = [], ...rows] = element.text.split('\n').map((line) => line.split(' | '));
    if (!/^colou?r$/i.test(header[0]?.trim() ?? '')) return [];
    const column = Math.max(
      1,
      header.findIndex((cell) => /stream|waste|content/i.test(cell)),
    );
    return rows.flatMap(([first = '', ...cells]) => {
      const label = first.replace(/\s*\(.*$/, '').trim();
      const stream = cells[column - 1]?.trim() ?? '';
      if (!new RegExp(`^(?:${COLOUR})\\b`, 'i').test(label) || !stream) return [];
      return [{ colours: colourKey(label), label, stream, subject: subjectOf(stream), document, element }];
    });
  });
}

/** The colours of a phrase, in a fixed order: "yellow and black stripes" and "black and yellow" agree. */
function colourKey(phrase: string): string {
  const found = phrase.toLowerCase().match(new RegExp(`\\b(?:${COLOUR})\\b`, 'g')) ?? [];
  return [...new Set(found)].sort().join('+');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
