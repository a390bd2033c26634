/**
 * The element diff behind GET /api/docs/compare on the largest seed documents: each against an
 * edited copy of itself (every fifth element reworded, every seventh removed, some added), the five
 * as one document of several hundred elements likewise, and the two largest against each other. The
 * baseline is normalising both documents' texts, the least any comparison must do.
 */
import { DOCUMENTS_DIR, loadCorpus } from '@verity/corpus';
import type { CompareElement } from '@verity/shared';
import { parseMarkdown } from '../apps/server/src/ingest/markdown.ts';
import { compareElements, normaliseText } from '../apps/server/src/modules/documents/compare.ts';
import { type Row, summarise, timeIt } from './stats.ts';

const RUNS = Number(process.env.BENCH_DIFF_RUNS ?? 50);

function edited(elements: readonly CompareElement[]): CompareElement[] {
  const result: CompareElement[] = [];
  for (const [index, element] of elements.entries()) {
    if (index % 7 === 3) continue;
    if (index % 5 === 1) result.push({ ...element, id: `${element.id}b`, text: element.text.replace(/\b(must|should|the)\b/, 'shall') });
    else result.push(element);
    if (index % 11 === 5)
      result.push({
        id: `new${index}`,
        type: 'paragraph',
        text: `A new requirement number ${index} added in this edition.`,
        heading_path: [],
      });
  }
  return result;
}

export async function benchCompare(): Promise<{ rows: Row[]; elements: number; code: string }> {
  const largest = loadCorpus(DOCUMENTS_DIR)
    .map(({ meta, body }) => ({
      code: meta.code,
      elements: parseMarkdown(body).map(
        (element, index): CompareElement => ({ id: `e${index}`, type: element.type, text: element.text, heading_path: [] }),
      ),
    }))
    .sort((a, b) => b.elements.length - a.elements.length)
    .slice(0, 5);
  // Several hundred elements: the five largest documents as one, edited; and two unrelated documents (the worst case).
  const combined = largest.flatMap(({ elements }, d) => elements.map((element) => ({ ...element, id: `${d}-${element.id}` })));
  const pairs = [
    ...largest.map(({ elements }) => [elements, edited(elements)] as const),
    [combined, edited(combined)] as const,
    [largest[0]?.elements ?? [], largest[1]?.elements ?? []] as const,
  ];
  for (const [left, right] of pairs) compareElements(left, right);
  const diff: number[] = [];
  const normalise: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const [left, right] of pairs) {
      normalise.push(await timeIt(() => [...left, ...right].map((element) => normaliseText(element.text))));
      diff.push(await timeIt(() => compareElements(left, right)));
    }
  }
  const baseline = summarise('compare: normalise both texts (baseline)', normalise);
  return {
    rows: [baseline, summarise(`compare: diff (${pairs.length} pairs, up to ${combined.length} elements)`, diff, baseline)],
    elements: largest[0]?.elements.length ?? 0,
    code: largest[0]?.code ?? '',
  };
}
