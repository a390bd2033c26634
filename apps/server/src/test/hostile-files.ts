import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';

/**
 * Hostile files for tests of the parse limits, built at run time (no binaries in the repository).
 * Each is small on the wire and expensive to read naively.
 */

export interface ZipFile {
  name: string;
  data: Uint8Array | string;
  /** Written into the directory instead of the real uncompressed size (a lying directory). */
  declaredSize?: number;
  /** Stored instead of deflated. */
  stored?: boolean;
}

const encoder = new TextEncoder();
const bytesOf = (data: Uint8Array | string) => (typeof data === 'string' ? encoder.encode(data) : data);

/** A ZIP file with deflated entries and a central directory, as Word writes them. */
export function buildDeflatedZip(files: readonly ZipFile[], options: { entryCount?: number } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    const raw = bytesOf(file.data);
    const data = file.stored ? raw : deflateRawSync(raw, { level: 9 });
    const size = file.declaredSize ?? raw.length;
    const method = file.stored ? 0 : 8;
    const crc = crc32(raw);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, method, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, data);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(10, method, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, size, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  const count = options.entryCount ?? files.length;
  end.setUint16(8, count, true);
  end.setUint16(10, count, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_CLOSE = '</w:body></w:document>';

/** A minimal Word file whose body is the given WordprocessingML (repeated `times`, built without one huge string). */
export function buildRawDocx(body: string, options: { times?: number; declaredSize?: number } = {}): Uint8Array {
  const times = options.times ?? 1;
  const unit = Buffer.from(body);
  const open = Buffer.from(DOCUMENT_OPEN);
  const close = Buffer.from(DOCUMENT_CLOSE);
  const xml = Buffer.allocUnsafe(open.length + unit.length * times + close.length);
  open.copy(xml, 0);
  if (times > 0) xml.fill(unit, open.length, open.length + unit.length * times);
  close.copy(xml, open.length + unit.length * times);
  return buildDeflatedZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'word/document.xml', data: xml, declaredSize: options.declaredSize },
  ]);
}

/** The attack's Word file: 3,000,000 empty paragraphs, about 99 MB of XML in a file of a few hundred KB. */
export function buildManyParagraphDocx(paragraphs = 3_000_000): Uint8Array {
  return buildRawDocx('<w:p><w:pPr><w:jc w:val="left"/></w:pPr></w:p>', { times: paragraphs });
}

/** A zip bomb shaped as a Word file: 60 MB of white space in word/document.xml (under the size cap, far over the ratio). */
export function buildZipBombDocx(megabytes = 60): Uint8Array {
  return buildRawDocx(' ', { times: megabytes * 1024 * 1024 });
}

/** A Word file whose directory says word/document.xml is 2 KB while it inflates to `megabytes` MB. */
export function buildLyingDocx(megabytes = 40): Uint8Array {
  return buildRawDocx('<w:p><w:r><w:t>a</w:t></w:r></w:p>', { times: Math.floor((megabytes * 1024 * 1024) / 34), declaredSize: 2048 });
}

/**
 * A PDF of `pages` pages written as raw PDF syntax: every page shares one content stream and one
 * font, so 20,000 pages take about 1.5 MB.
 */
export function buildManyPagePdf(pages = 20_000): Uint8Array {
  const chunks: string[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (text: string) => {
    chunks.push(text);
    length += text.length;
  };
  const object = (id: number, body: string) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${body}\nendobj\n`);
  };
  write('%PDF-1.4\n');
  const firstPage = 5;
  const kids: string[] = [];
  for (let n = 0; n < pages; n++) kids.push(`${firstPage + n} 0 R`);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Count ${pages} /Kids [${kids.join(' ')}] >>`);
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const stream = 'BT /F1 12 Tf 72 720 Td (A page of a very long document.) Tj ET';
  object(4, `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  for (let n = 0; n < pages; n++) {
    object(firstPage + n, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>');
  }
  const size = firstPage + pages;
  const xref = length;
  const lines = ['xref', `0 ${size}`, '0000000000 65535 f '];
  for (let id = 1; id < size; id++) lines.push(`${String(offsets[id]).padStart(10, '0')} 00000 n `);
  write(`${lines.join('\n')}\ntrailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return encoder.encode(chunks.join(''));
}

/** A web page of `depth` nested <div>s. */
export function buildNestedHtml(depth = 200_000): string {
  return `<!doctype html><html><head><title>Nested</title></head><body>${'<div>'.repeat(depth)}Deep text${'</div>'.repeat(depth)}</body></html>`;
}

/** Markdown whose unclosed bold markers make inline-markup removal take quadratic time. */
export function buildPathologicalMarkdown(markers = 40_000): string {
  return `# Pathological\n\n${'**a '.repeat(markers)}\n`;
}

/** Plain text with `count` one-word paragraphs (the attack used 101,507). */
export function buildManyElementText(count = 101_507): string {
  return Array.from({ length: count }, (_, i) => `Paragraph ${i}.`).join('\n\n');
}

/** A PDF header in front of a ZIP that holds word/document.xml: both signatures, one file. */
export function buildPolyglot(): Uint8Array {
  return Buffer.concat([encoder.encode('%PDF-1.7\n'), buildRawDocx('<w:p><w:r><w:t>Polyglot</w:t></w:r></w:p>')]);
}

/**
 * A one-page PDF whose content stream is `megabytes` MB of zeros, deflated (about 1 KB per MB):
 * the attack's PDF bomb. Each megabyte is deflated on its own and flushed without ending the
 * stream, so the pieces join into one stream and building it never holds the zeros.
 */
export function buildPdfBomb(megabytes: number): Uint8Array {
  const zeros = Buffer.alloc(1024 * 1024);
  const piece = deflateRawSync(zeros, { level: 1, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const data = Buffer.concat([
    Buffer.from([0x78, 0x01]),
    ...Array.from({ length: megabytes }, () => piece),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const head = objects.map((body, i) => `${i + 1} 0 obj\n${body}\nendobj\n`).join('');
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n${head}4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}
