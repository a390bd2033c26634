/**
 * The built-in policy reviewer on a 30-page policy PDF: the sample policy's blocks repeated to 30
 * pages and rendered by the app's PDF renderer, then read as an upload is (parseFile: layout
 * analysis into headings, lists and tables) and reviewed against the seed library — everything the
 * request and the job do but store. The baseline is reading the PDF alone.
 */
import { readFileSync } from 'node:fs';
import { seedReviewLibrary } from '../apps/server/src/eval/review-set.ts';
import { parseMarkdown } from '../apps/server/src/ingest/markdown.ts';
import { parseFile } from '../apps/server/src/ingest/parse.ts';
import { type PdfBlock, renderPdf } from '../apps/server/src/lib/pdf.ts';
import { reviewPolicy } from '../apps/server/src/review/builtin.ts';
import { type Row, summarise, timeIt } from './stats.ts';

const RUNS = Number(process.env.BENCH_REVIEW_RUNS ?? 5);
const PAGES = 30;
const SAMPLE = readFileSync(new URL('../apps/server/src/modules/review/sample-policy.md', import.meta.url), 'utf8');

/** The sample's blocks, repeated until the PDF has at least PAGES pages. */
async function policyPdf(): Promise<{ bytes: Uint8Array; pages: number }> {
  const blocks = parseMarkdown(SAMPLE).map((element): PdfBlock => {
    if (element.type === 'table') return { type: 'table', rows: element.text.split('\n').map((row) => row.split(' | ')) };
    return element.type === 'heading' ? { type: 'heading', text: element.text } : { type: element.type, text: element.text };
  });
  for (let copies = 8; ; copies += 2) {
    const bytes = await renderPdf({ pages: Array.from({ length: copies }, () => blocks) });
    const parsed = await parseFile({ bytes, filename: 'policy.pdf' });
    if (parsed.pageCount >= PAGES) return { bytes, pages: parsed.pageCount };
  }
}

export async function benchReview(): Promise<{ rows: Row[]; p95: number; pages: number }> {
  const library = seedReviewLibrary();
  const { bytes, pages } = await policyPdf();
  const today = new Date().toISOString().slice(0, 10);
  const review = async () => {
    const parsed = await parseFile({ bytes, filename: 'policy.pdf' });
    const elements = parsed.elements.map((element, index) => ({ ...element, index }));
    return reviewPolicy({ policy: { title: parsed.title, elements }, library, today });
  };
  await review();
  const read: number[] = [];
  const whole: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    read.push(await timeIt(() => parseFile({ bytes, filename: 'policy.pdf' })));
    whole.push(await timeIt(review));
  }
  const baseline = summarise(`review ${pages}-page PDF: read it (baseline)`, read);
  const row = summarise(`review ${pages}-page PDF: read and review`, whole, baseline);
  return { rows: [baseline, row], p95: row.p95, pages };
}
