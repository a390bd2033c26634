import type { Citation } from '@verity/shared';
import { type AnswerBlock, type InlineNode, inlineText, parseAnswer } from './answer-format';

/** The heading of the sources list the built-in engine ends its answers with. */
const ENGINE_SOURCES_HEADING = /^sources$/i;

/** How a citation reads in plain text: code, title and edition, or the attached file. */
export function citationLabel(citation: Citation): string {
  if (citation.source === 'attachment') return `Your attached file: ${citation.title}`;
  const name = citation.code && !citation.title.startsWith(citation.code) ? `${citation.code} ${citation.title}` : citation.title;
  return citation.edition ? `${name} (${citation.edition})` : name;
}

function blockText(block: AnswerBlock): string {
  if (block.kind === 'heading' || block.kind === 'paragraph') return inlineText(block.children);
  if (block.kind === 'table') {
    const row = (cells: InlineNode[][]) => cells.map((cell) => inlineText(cell).replace(/\s*\n\s*/g, '; ')).join(' | ');
    return [row(block.header), ...block.rows.map(row)].join('\n');
  }
  return block.items.map((item, i) => `${block.ordered ? `${block.start + i}.` : '-'} ${inlineText(item)}`).join('\n');
}

/** A paragraph that is only the bold word "Sources": where the engine's own short list starts. */
function isSourcesHeading(block: AnswerBlock): boolean {
  return (
    (block.kind === 'paragraph' || block.kind === 'heading') &&
    block.children.length === 1 &&
    ENGINE_SOURCES_HEADING.test(inlineText(block.children).trim())
  );
}

/**
 * An answer as plain text for pasting into a policy or a report: markdown marks removed,
 * headings and list numbering kept as text, `[n]` markers kept, and a full sources list
 * appended (code, title, edition, superseded notice and the quoted passage of each citation),
 * replacing the engine's own short list so the sources are not listed twice.
 */
export function buildCopyText(content: string, citations: readonly Citation[]): string {
  const blocks = parseAnswer(content);
  const cut = citations.length > 0 ? blocks.findIndex(isSourcesHeading) : -1;
  const body = (cut >= 0 ? blocks.slice(0, cut) : blocks).map(blockText).join('\n\n');
  if (citations.length === 0) return body;

  const sources = [...citations]
    .sort((a, b) => a.n - b.n)
    .map((citation) => {
      const lines = [`[${citation.n}] ${citationLabel(citation)}`];
      if (citation.status === 'superseded') {
        lines.push(
          citation.superseded_by
            ? `    Superseded: the current edition is ${citation.superseded_by.code || citation.superseded_by.title}.`
            : '    Superseded edition.',
        );
      }
      const quote = citation.quote.replace(/\s+/g, ' ').trim();
      if (quote) lines.push(`    “${quote}”`);
      return lines.join('\n');
    });
  return `${body}\n\nSources\n${sources.join('\n')}`;
}
