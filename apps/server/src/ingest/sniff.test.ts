import { describe, expect, test } from 'vitest';
import { buildDocx, buildPdf, buildZip } from '../test/sample-files.ts';
import { parseFile, sniffFormat, UnreadableFileError } from './parse.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);

function refusal(run: () => unknown): UnreadableFileError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnreadableFileError);
    return error as UnreadableFileError;
  }
  throw new Error('expected the file to be refused');
}

describe('sniffFormat', () => {
  test('a PDF is a PDF whatever its name', async () => {
    const pdf = await buildPdf();
    expect(sniffFormat(pdf, 'policy.pdf')).toBe('pdf');
    expect(sniffFormat(pdf, 'notes.txt')).toBe('pdf');
    expect(sniffFormat(pdf, 'no-extension')).toBe('pdf');
  });

  test('a PDF named .txt is parsed as a PDF', async () => {
    const parsed = await parseFile({ bytes: await buildPdf(), filename: 'notes.txt' });
    expect(parsed.format).toBe('pdf');
    expect(parsed.title).toBe('Fire Safety Policy');
  });

  test('a ZIP holding word/document.xml is a Word document', async () => {
    expect(sniffFormat(await buildDocx(), 'policy.docx')).toBe('docx');
    expect(sniffFormat(await buildDocx(), 'policy.bin')).toBe('docx');
  });

  test('a PNG renamed .pdf is refused as an unsupported type naming the accepted types', () => {
    const error = refusal(() => sniffFormat(PNG, 'policy.pdf'));
    expect(error.reason).toBe('unsupported_type');
    expect(error.message).toBe('This file is an image. Upload a PDF, Word (.docx), HTML, Markdown or plain text file.');
  });

  test('legacy .doc, other ZIPs, spreadsheets and executables are refused', () => {
    const doc = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(refusal(() => sniffFormat(doc, 'old.doc')).message).toMatch(/^This file is a legacy Word \(\.doc\)/);
    expect(refusal(() => sniffFormat(buildZip({ 'readme.txt': 'hello' }), 'policy.docx')).message).toMatch(
      /ZIP archive that is not a Word document/,
    );
    expect(refusal(() => sniffFormat(buildZip({ '[Content_Types].xml': '<x/>', 'xl/workbook.xml': '<x/>' }), 'a.docx')).message).toMatch(
      /Excel or PowerPoint/,
    );
    expect(refusal(() => sniffFormat(Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0]), 'setup.txt')).message).toMatch(
      /^This file is an executable\./,
    );
    // Text that happens to begin with the executable's two letters is text.
    expect(sniffFormat(bytes('MZ AA\n\nNotes from the meeting with MZ Holdings.'), 'notes.txt')).toBe('text');
    // A ZIP signature with no readable directory is not trusted as Word either.
    expect(refusal(() => sniffFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.docx')).reason).toBe('unsupported_type');
  });

  test('SVG images and other XML are refused, XHTML pages are read as HTML', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Logo</title></svg>';
    expect(refusal(() => sniffFormat(bytes(svg), 'logo.txt')).message).toMatch(/^This file is an SVG image or other XML\./);
    expect(refusal(() => sniffFormat(bytes(`<?xml version="1.0"?>\n${svg}`), 'logo.svg')).reason).toBe('unsupported_type');
    expect(refusal(() => sniffFormat(bytes('<?xml version="1.0"?><policy><clause/></policy>'), 'a.xml')).reason).toBe('unsupported_type');
    const xhtml = '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Hi</p></body></html>';
    expect(sniffFormat(bytes(xhtml), 'page.xhtml')).toBe('html');
  });

  test('binary and non-UTF-8 content is refused', () => {
    expect(refusal(() => sniffFormat(Uint8Array.from([0x68, 0x69, 0, 0x68, 0x69]), 'a.txt')).reason).toBe('unsupported_type');
    expect(refusal(() => sniffFormat(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), 'latin1.txt')).reason).toBe('unsupported_type');
  });

  test('HTML is recognised by its opening markup, not its name', () => {
    expect(sniffFormat(bytes('<!DOCTYPE html><html><body><p>Hi</p></body></html>'), 'page.txt')).toBe('html');
    expect(sniffFormat(bytes('\uFEFF  <!-- saved page -->\n<html lang="en">'), 'page')).toBe('html');
    expect(sniffFormat(bytes('<?xml version="1.0"?>\n<html><head><title>T</title></head></html>'), 'x.xhtml')).toBe('html');
    expect(sniffFormat(bytes('Use <b>bold</b> sparingly.'), 'notes.txt')).toBe('text');
  });

  test('UTF-8 text is Markdown when named .md or .markdown, otherwise plain text', () => {
    const text = bytes('# Title\n\nSome text — with “quotes”.');
    expect(sniffFormat(text, 'guide.md')).toBe('markdown');
    expect(sniffFormat(text, 'GUIDE.MARKDOWN')).toBe('markdown');
    expect(sniffFormat(text, 'guide.txt')).toBe('text');
    expect(sniffFormat(bytes(''), 'empty.txt')).toBe('text');
  });
});

describe('sniffFormat on hostile openings', () => {
  test('many empty comments (the 225-byte file that froze the server for 29 s) are decided at once', () => {
    for (const text of ['<!---->'.repeat(32), `${'<!-- -->'.repeat(35)}xxxxxxx`, '<!---->'.repeat(2_000), `${'<!--'.repeat(5_000)}x`]) {
      const started = performance.now();
      expect(sniffFormat(bytes(text), 'notes.txt')).toBe('text');
      expect(performance.now() - started).toBeLessThan(50);
    }
    expect(sniffFormat(bytes(`${'<!-- x -->\n'.repeat(300)}<html><body>Hi</body></html>`), 'page.txt')).toBe('html');
  });

  test('a comment ends at its first -->, and an unended comment opens nothing', () => {
    expect(sniffFormat(bytes('<!-- a --> junk --> <html><body>Hi</body></html>'), 'a.txt')).toBe('text');
    expect(sniffFormat(bytes('<!-- never ended <html><body>Hi</body></html>'), 'a.txt')).toBe('text');
    expect(sniffFormat(bytes('<!----><!-- two --><?xml version="1.0"?><!DOCTYPE html><p>Hi</p>'), 'a.txt')).toBe('html');
    expect(() => sniffFormat(bytes('<!-- logo --><svg viewBox="0 0 1 1"></svg>'), 'a.txt')).toThrow(UnreadableFileError);
  });
});
