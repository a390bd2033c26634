import { inflateRawSync } from 'node:zlib';
import mammoth from 'mammoth';
import { readZipDirectory } from '../ingest/zip.ts';

export interface ReadDocx {
  /** The text as mammoth reads it: paragraphs on their own lines, line breaks and tabs kept. */
  text: string;
  html: string;
  /** Every part of the file as text, by name (word/document.xml, word/footer1.xml, …). */
  parts: Map<string, string>;
}

/** A .docx as a reader sees it (mammoth's text and HTML) and as Word stores it (its XML parts). */
export async function readDocx(body: Buffer): Promise<ReadDocx> {
  const [{ value: text }, { value: html }] = await Promise.all([
    mammoth.extractRawText({ buffer: body }),
    mammoth.convertToHtml({ buffer: body }),
  ]);
  return { text, html, parts: unzip(body) };
}

function unzip(bytes: Buffer): Map<string, string> {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new Error('not a ZIP archive');
  const parts = new Map<string, string>();
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const data = bytes.subarray(start, start + entry.compressedSize);
    parts.set(entry.name, (entry.method === 8 ? inflateRawSync(data) : data).toString('utf8'));
  }
  return parts;
}
