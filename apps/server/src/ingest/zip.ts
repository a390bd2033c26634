import { inflateRawSync } from 'node:zlib';
import { formatCount, formatMegabytes, type ParseLimits, tooComplex } from './limits.ts';
import { UnreadableFileError } from './document.ts';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; Word writes nothing else. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
// ZIP64 marks sizes and counts it moved to an extra record with all bits set. No Word document
// needs 4 GB or 65,535 entries, so such a directory is refused rather than read.
const ZIP64_32 = 0xffffffff;
const ZIP64_16 = 0xffff;

const DAMAGED = 'This Word document is damaged and could not be read. Save it again from Word and re-upload it.';

/**
 * The entries of a ZIP file's central directory, read from the end-of-central-directory record
 * without unzipping anything. Null when there is no readable directory (including ZIP64 ones).
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= earliest; i--) {
    if (view.getUint32(i, true) === END_SIGNATURE) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (count === ZIP64_16 || at === ZIP64_32 || directorySize === ZIP64_32 || at + directorySize > end) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== ENTRY_SIGNATURE) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return null;
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    if (entry.compressedSize === ZIP64_32 || entry.uncompressedSize === ZIP64_32 || entry.localHeaderOffset === ZIP64_32) return null;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses an archive whose directory promises too much before anything is unzipped: too many
 * entries, more uncompressed bytes than allowed, a compression ratio only a zip bomb reaches, or
 * entries that do not fit inside the file.
 */
export function checkZipLimits(bytes: Uint8Array, entries: readonly ZipEntry[], limits: ParseLimits): void {
  if (entries.length > limits.maxZipEntries) {
    throw tooComplex(
      `This Word file holds ${formatCount(entries.length)} parts; at most ${formatCount(limits.maxZipEntries)} are allowed.`,
    );
  }
  let unzipped = 0;
  for (const entry of entries) {
    if (entry.localHeaderOffset + 30 + entry.compressedSize > bytes.length) throw new UnreadableFileError('corrupt', DAMAGED);
    unzipped += entry.uncompressedSize;
  }
  if (unzipped > limits.maxUnzippedBytes) {
    throw tooComplex(
      `This Word file unpacks to ${formatMegabytes(unzipped)}, more than the ${formatMegabytes(limits.maxUnzippedBytes)} limit.`,
    );
  }
  if (unzipped > bytes.length * limits.maxCompressionRatio) {
    throw tooComplex(
      `This Word file unpacks to ${formatCount(Math.round(unzipped / Math.max(1, bytes.length)))} times its size; at most ${formatCount(limits.maxCompressionRatio)} times is allowed.`,
    );
  }
}

/**
 * Unzips every entry once with its output capped at the size the directory declares, so a
 * directory that lies about sizes is caught with at most the declared bytes allocated (and the
 * declared total has passed checkZipLimits). The library that reads the document afterwards
 * trusts the same directory.
 */
export function verifyZipEntries(bytes: Uint8Array, entries: readonly ZipEntry[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) throw new UnreadableFileError('corrupt', DAMAGED);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new UnreadableFileError('corrupt', DAMAGED);
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        // One byte of head-room: an entry that inflates past its declared size fails here.
        size = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 }).length;
      } catch {
        throw new UnreadableFileError('corrupt', DAMAGED);
      }
    } else throw new UnreadableFileError('corrupt', DAMAGED);
    if (size !== entry.uncompressedSize) throw new UnreadableFileError('corrupt', DAMAGED);
  }
}
