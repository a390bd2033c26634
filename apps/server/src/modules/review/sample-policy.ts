import { readFile } from 'node:fs/promises';
import { parseMarkdown } from '../../ingest/markdown.ts';
import { type PdfBlock, renderPdf } from '../../lib/pdf.ts';

/**
 * The sample policy offered to someone trying the review assistant: a fictional community trust's
 * waste-management policy written for this project (sample-policy.md) with problems a reviewer
 * should find — citations of replaced legislation and guidance, a review date that has passed,
 * missing sections, an undefined acronym, a reference to an appendix that does not exist, a role
 * named two ways and a retention period shorter than the law requires. Served as a PDF, built on
 * first request and kept in memory: it never changes while the server runs.
 */

export const SAMPLE_POLICY_FILE_NAME = 'Sample policy - Waste management.pdf';

const SOURCE = new URL('./sample-policy.md', import.meta.url);

let built: Promise<Uint8Array> | undefined;

export function samplePolicyPdf(): Promise<Uint8Array> {
  built ??= buildSamplePolicy().catch((error: unknown) => {
    // A failed build is not kept: the next request tries again.
    built = undefined;
    throw error;
  });
  return built;
}

/** The policy's Markdown as the PDF's blocks: one page, broken where it runs full. */
export async function buildSamplePolicy(): Promise<Uint8Array> {
  const elements = parseMarkdown(await readFile(SOURCE, 'utf8'));
  const blocks = elements.map((element): PdfBlock => {
    if (element.type === 'table') return { type: 'table', rows: element.text.split('\n').map((row) => row.split(' | ')) };
    if (element.type === 'heading') return { type: 'heading', text: element.text, level: /^\d+\.\d/.test(element.text) ? 2 : 1 };
    return { type: element.type, text: element.text };
  });
  const title = elements.find((element) => element.type === 'title')?.text ?? 'Sample policy';
  return renderPdf({ pages: [blocks], metadataTitle: title, footer: `${title} - sample for Verity` });
}
