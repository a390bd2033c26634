import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractPdfText } from '../ingest/pdf.ts';

/** LibreOffice's command, where this machine has it. */
export const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((path) => existsSync(path));

/** Why a test that needs LibreOffice is skipped here. */
export const SOFFICE_MISSING = 'LibreOffice (soffice) is not installed here; .ci/run installs libreoffice-writer-nogui';

/**
 * The text of each page of a .docx once LibreOffice has converted it to PDF, as a check that Word's
 * other readers open it. Needs SOFFICE; the conversion runs in a temporary folder of its own.
 */
export async function pdfPagesFromDocx(docx: Buffer): Promise<string[]> {
  if (!SOFFICE) throw new Error(SOFFICE_MISSING);
  const folder = await mkdtemp(join(tmpdir(), 'verity-soffice-'));
  try {
    await writeFile(join(folder, 'export.docx'), docx);
    await promisify(execFile)(
      SOFFICE,
      [
        `-env:UserInstallation=file://${folder}/profile`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        folder,
        join(folder, 'export.docx'),
      ],
      { timeout: 120_000 },
    );
    const { pages } = await extractPdfText(new Uint8Array(await readFile(join(folder, 'export.pdf'))));
    return pages;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
