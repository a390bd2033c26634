/**
 * PDF ingestion throughput: pages per second through the full parse (parseFile: layout analysis
 * into titles, headings, lists and tables) against bare text extraction of the same file
 * (extractPdfText), measured in the same run on one core.
 */
import { extractPdfText, parseFile } from '../apps/server/src/ingest/parse.ts';
import { buildPdf, type SampleBlock } from '../apps/server/src/test/sample-files.ts';
import { type Row, summarise, timeIt } from './stats.ts';

export const PDF_PAGES = Number(process.env.BENCH_PDF_PAGES ?? 40);
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);

/** A policy-like page: a heading, paragraphs, a bulleted list and a small table. */
export function page(n: number): SampleBlock[] {
  const blocks: SampleBlock[] = [
    { type: 'heading', text: `${n}. Water safety arrangements for building ${n}`, level: 1 },
    {
      type: 'paragraph',
      text: 'The Water Safety Group reviews the legionella risk assessment for this building at least every two years, and sooner when the water system, its use or the people responsible change.',
    },
    { type: 'list_item', text: 'Hot water leaves the calorifier at 60 °C or above and reaches outlets at 50 °C within one minute.' },
    { type: 'list_item', text: 'Cold water outlets reach below 20 °C within two minutes of running.' },
    { type: 'list_item', text: 'Little-used outlets are flushed at least weekly and the flushing is recorded.' },
    {
      type: 'table',
      rows: [
        ['Check', 'Frequency', 'Responsible'],
        ['Sentinel outlet temperatures', 'Monthly', 'Estates'],
        ['Calorifier temperatures', 'Monthly', 'Estates'],
        ['Shower head descaling', 'Quarterly', 'Facilities'],
      ],
    },
    {
      type: 'paragraph',
      text: 'Records of monitoring, remedial work and training are kept for at least five years and are available to the Authorising Engineer (Water) during audits.',
    },
  ];
  return n === 1 ? [{ type: 'title', text: 'Water Safety Plan' }, ...blocks] : blocks;
}

export async function benchIngest(): Promise<{ rows: Row[]; pages: number; parsePagesPerSecond: number; extractPagesPerSecond: number }> {
  const bytes = await buildPdf({
    metadataTitle: 'Water Safety Plan',
    footer: 'Northshire NHS Trust - Water Safety Plan v2',
    pages: Array.from({ length: PDF_PAGES }, (_, i) => page(i + 1)),
  });
  const { pageCount } = await extractPdfText(bytes);
  // Warm-up: module loading and JIT for both paths.
  await extractPdfText(bytes);
  await parseFile({ bytes, filename: 'water-safety-plan.pdf' });
  const extract: number[] = [];
  const parse: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    extract.push(await timeIt(() => extractPdfText(bytes)));
    parse.push(await timeIt(() => parseFile({ bytes, filename: 'water-safety-plan.pdf' })));
  }
  const baseline = summarise(`pdf: extractPdfText, ${pageCount} pages (baseline)`, extract);
  const measured = summarise(`pdf: parseFile, ${pageCount} pages`, parse, baseline);
  return {
    rows: [baseline, measured],
    pages: pageCount,
    parsePagesPerSecond: pageCount / (measured.p50 / 1000),
    extractPagesPerSecond: pageCount / (baseline.p50 / 1000),
  };
}
