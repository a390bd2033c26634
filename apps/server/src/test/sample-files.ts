import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { PDFDocument, rgb } from 'pdf-lib';
import { PAGE_HEIGHT, PAGE_WIDTH, type PdfTextBlock, type PdfDocument, renderPdf } from '../lib/pdf.ts';

/**
 * Real PDF and DOCX files generated for tests (no binary fixtures in the repository). The same
 * description builds both formats, so a test can assert that both parse to the same elements.
 */
export type SampleBlock = PdfTextBlock;
export type SampleDocument = PdfDocument;

/** A two-page policy with a title, headings, a bulleted and a numbered list, a 3-column table and a repeated footer. */
export const SAMPLE_DOCUMENT: SampleDocument = {
  metadataTitle: 'Fire Safety Policy',
  footer: 'Northshire NHS Trust - Fire Safety Policy v3',
  pages: [
    [
      { type: 'title', text: 'Fire Safety Policy' },
      { type: 'heading', text: '1. Purpose', level: 1 },
      {
        type: 'paragraph',
        text: 'This policy sets out how the Trust prevents fire, protects patients, staff and visitors, and meets the Regulatory Reform (Fire Safety) Order 2005 in every building it occupies.',
      },
      { type: 'heading', text: '2. Responsibilities', level: 1 },
      { type: 'paragraph', text: 'The following people hold duties under this policy:' },
      { type: 'list_item', text: 'The Chief Executive is the responsible person.' },
      { type: 'list_item', text: 'Fire wardens check escape routes every week.' },
      { type: 'list_item', text: 'All staff complete fire training every year.' },
    ],
    [
      { type: 'heading', text: '3. Fire risk assessment', level: 1 },
      { type: 'paragraph', text: 'Every building has a written fire risk assessment reviewed at the intervals below.' },
      {
        type: 'table',
        rows: [
          ['Building', 'Risk level', 'Review interval'],
          ['Main hospital', 'High', '12 months'],
          ['Outpatient clinic', 'Medium', '24 months'],
        ],
      },
      { type: 'heading', text: '3.1 Evacuation', level: 2 },
      { type: 'list_item', text: 'Raise the alarm.', ordered: true },
      { type: 'list_item', text: 'Move patients horizontally to the next compartment.', ordered: true },
      { type: 'list_item', text: 'Report to the fire officer in charge.', ordered: true },
    ],
  ],
};

/** A text PDF laid out like a typical policy document (see renderPdf). */
export function buildPdf(sample: SampleDocument = SAMPLE_DOCUMENT): Promise<Uint8Array> {
  return renderPdf(sample, 'Verity test fixtures');
}

/** A PDF whose only page content is drawn shapes, as a scan without a text layer would be. */
export async function buildScannedPdf(pageCount = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pageCount; i++) {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    page.drawRectangle({ x: 60, y: 60, width: 400, height: 600, color: rgb(0.85, 0.85, 0.8) });
  }
  return pdf.save();
}

/** A PDF that starts with a valid header but whose body is garbled and cut short. */
export async function buildCorruptPdf(): Promise<Uint8Array> {
  const good = await buildPdf();
  const header = new TextEncoder().encode('%PDF-1.7\n');
  const body = good.slice(header.length, Math.floor(good.length / 3)).map((byte, index) => byte ^ (index % 7 === 0 ? 0x5a : 0x21));
  const bytes = new Uint8Array(header.length + body.length);
  bytes.set(header);
  bytes.set(body, header.length);
  return bytes;
}

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] ?? 0) + (key[i % key.length] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
    out[n] = (data[n] ?? 0) ^ (s[((s[i] ?? 0) + (s[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

// The 32-byte padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3).
const PASSWORD_PAD = Uint8Array.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a'.match(/../g) ?? [], (hex) =>
  Number.parseInt(hex, 16),
);
const padPassword = (password: string) => {
  const bytes = new TextEncoder().encode(password).slice(0, 32);
  const padded = new Uint8Array(32);
  padded.set(bytes);
  padded.set(PASSWORD_PAD.slice(0, 32 - bytes.length), bytes.length);
  return padded;
};

/**
 * A genuinely encrypted one-page PDF (standard security handler, revision 2, 40-bit RC4) that
 * needs `userPassword` to open; pdf-lib cannot encrypt, so the file is written by hand.
 */
export function buildEncryptedPdf(userPassword = 'verity-secret', ownerPassword = 'verity-owner'): Uint8Array {
  const encoder = new TextEncoder();
  const fileId = md5(encoder.encode(`verity-encrypted-fixture:${userPassword}`));
  const permissions = -44;
  const o = rc4(md5(padPassword(ownerPassword)).slice(0, 5), padPassword(userPassword));
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  const key = md5(padPassword(userPassword), o, p, fileId).slice(0, 5);
  const u = rc4(key, PASSWORD_PAD);
  const objectKey = (objectNumber: number) => {
    const salt = Uint8Array.of(objectNumber & 0xff, (objectNumber >> 8) & 0xff, objectNumber >> 16, 0, 0);
    return md5(key, salt).slice(0, 10);
  };
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  const content = rc4(objectKey(4), encoder.encode('BT /F1 18 Tf 72 720 Td (Confidential board minutes) Tj ET'));

  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (body: string | (string | Uint8Array)[]) => {
    offsets.push(length);
    write(`${offsets.length} 0 obj\n`);
    for (const part of Array.isArray(body) ? body : [body]) write(part);
    write('\nendobj\n');
  };
  write('%PDF-1.4\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>');
  object([`<< /Length ${content.length} >>\nstream\n`, content, '\nendstream']);
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(o)}> /U <${hex(u)}> /P ${permissions} >>`);
  const xref = length;
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`);
  write(
    `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${hex(fileId)}> <${hex(fileId)}>] >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/**
 * A Word document with the same content: Title and Heading 1–3 styles, real Word bulleted and
 * numbered lists, a table, and a page break between the sample's pages.
 */
export async function buildDocx(sample: SampleDocument = SAMPLE_DOCUMENT): Promise<Uint8Array> {
  const children: (Paragraph | Table)[] = [];
  let list = 0;
  let previousOrdered = false;
  sample.pages.forEach((blocks, pageIndex) => {
    if (pageIndex > 0) children.push(new Paragraph({ children: [new PageBreak()] }));
    for (const block of blocks) {
      const ordered = block.type === 'list_item' && block.ordered === true;
      // Each run of numbered items is its own list, restarting at 1 as in the PDF.
      if (ordered && !previousOrdered) list += 1;
      previousOrdered = ordered;
      switch (block.type) {
        case 'title':
          children.push(new Paragraph({ text: block.text, heading: HeadingLevel.TITLE }));
          break;
        case 'heading':
          children.push(new Paragraph({ text: block.text, heading: HEADINGS[block.level ?? 1] }));
          break;
        case 'paragraph':
          children.push(new Paragraph({ children: [new TextRun(block.text)] }));
          break;
        case 'list_item':
          children.push(
            ordered
              ? new Paragraph({ text: block.text, numbering: { reference: 'numbered', level: 0, instance: list } })
              : new Paragraph({ text: block.text, bullet: { level: 0 } }),
          );
          break;
        case 'table':
          children.push(
            new Table({
              width: { size: 100, type: WidthType.PERCENTAGE },
              rows: block.rows.map(
                (row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) }),
              ),
            }),
          );
          children.push(new Paragraph({ text: '' }));
          break;
      }
    }
  });
  const document = new Document({
    title: sample.metadataTitle,
    creator: 'Verity test fixtures',
    numbering: {
      config: [
        {
          reference: 'numbered',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** A ZIP archive of the given files, stored without compression (for sniffing tests: a ZIP that is not a Word file). */
export function buildZip(files: Record<string, string | Uint8Array>): Uint8Array {
  const encoder = new TextEncoder();
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = encoder.encode(name);
    const data = typeof content === 'string' ? encoder.encode(content) : content;
    const crc = crc32(data);
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, 20, true);
    header.setUint32(14, crc, true);
    header.setUint32(18, data.length, true);
    header.setUint32(22, data.length, true);
    header.setUint16(26, nameBytes.length, true);
    local.push(new Uint8Array(header.buffer), nameBytes, data);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, data.length, true);
    entry.setUint16(28, nameBytes.length, true);
    entry.setUint32(42, offset, true);
    central.push(new Uint8Array(entry.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, Object.keys(files).length, true);
  end.setUint16(10, Object.keys(files).length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const parts = [...local, ...central, new Uint8Array(end.buffer)];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
