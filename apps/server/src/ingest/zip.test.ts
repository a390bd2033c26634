import { describe, expect, test } from 'vitest';
import { buildDeflatedZip, buildLyingDocx, buildManyParagraphDocx, buildRawDocx, buildZipBombDocx } from '../test/hostile-files.ts';
import { buildDocx } from '../test/sample-files.ts';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './limits.ts';
import { parseFile, UnreadableFileError } from './parse.ts';
import { checkZipLimits, readZipDirectory, verifyZipEntries } from './zip.ts';

const limits: ParseLimits = { ...DEFAULT_PARSE_LIMITS };

function refusal(run: () => unknown): UnreadableFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof UnreadableFileError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function check(bytes: Uint8Array, overrides: Partial<ParseLimits> = {}) {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new Error('no directory');
  checkZipLimits(bytes, entries, { ...limits, ...overrides });
  verifyZipEntries(bytes, entries);
}

describe('the ZIP central directory', () => {
  test('lists every entry with its method and sizes, without unzipping', () => {
    const bytes = buildDeflatedZip([
      { name: 'a.xml', data: 'x'.repeat(1000) },
      { name: 'b.bin', data: 'stored', stored: true },
    ]);
    expect(readZipDirectory(bytes)).toEqual([
      expect.objectContaining({ name: 'a.xml', method: 8, uncompressedSize: 1000 }),
      expect.objectContaining({ name: 'b.bin', method: 0, compressedSize: 6, uncompressedSize: 6 }),
    ]);
  });

  test('a real Word document passes every check', async () => {
    const bytes = await buildDocx();
    expect(() => check(bytes)).not.toThrow();
  });

  test('an archive unpacking to more than the total allowed is refused before unzipping', () => {
    const bytes = buildRawDocx('<w:p/>', { times: 200_000 });
    const error = refusal(() => check(bytes, { maxUnzippedBytes: 1024 * 1024 }));
    expect(error.reason).toBe('too_complex');
    expect(error.message).toMatch(/^This Word file unpacks to 1 MB, more than the 1 MB limit\./);
  });

  test('a compression ratio only a zip bomb reaches is refused', () => {
    const error = refusal(() => check(buildZipBombDocx(60)));
    expect(error.reason).toBe('too_complex');
    expect(error.message).toMatch(/unpacks to [\d,]+ times its size; at most 100 times is allowed/);
  });

  test("the attack's 3,000,000 empty paragraphs are refused from the directory alone", () => {
    const bytes = buildManyParagraphDocx();
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(refusal(() => check(bytes)).reason).toBe('too_complex');
  });

  test('too many entries are refused', () => {
    const files = Array.from({ length: 30 }, (_, i) => ({ name: `part${i}.xml`, data: `<p>${i}</p>` }));
    const error = refusal(() => check(buildDeflatedZip(files), { maxZipEntries: 20 }));
    expect(error.reason).toBe('too_complex');
    expect(error.message).toMatch(/holds 30 parts; at most 20 are allowed/);
  });

  test('a directory that understates a size is caught while inflating, with no more than the declared bytes', () => {
    const bytes = buildLyingDocx(40);
    const entries = readZipDirectory(bytes);
    if (!entries) throw new Error('no directory');
    // The declared sizes pass: only inflating shows the lie.
    expect(() => checkZipLimits(bytes, entries, limits)).not.toThrow();
    expect(refusal(() => verifyZipEntries(bytes, entries)).reason).toBe('corrupt');
  });

  test('a directory that overstates a size is refused as damaged', () => {
    const bytes = buildDeflatedZip([{ name: 'word/document.xml', data: '<w:document/>', declaredSize: 5000 }]);
    expect(refusal(() => check(bytes)).reason).toBe('corrupt');
  });

  test('entries pointing outside the file, a truncated directory and ZIP64 markers are unreadable', () => {
    const good = buildDeflatedZip([{ name: 'word/document.xml', data: '<w:document/>' }]);
    // The entry count says more entries than the directory holds.
    expect(readZipDirectory(buildDeflatedZip([{ name: 'a.xml', data: 'a' }], { entryCount: 5 }))).toBeNull();
    // ZIP64: an entry count of 0xffff.
    expect(readZipDirectory(buildDeflatedZip([{ name: 'a.xml', data: 'a' }], { entryCount: 0xffff }))).toBeNull();
    // The directory cut off.
    expect(readZipDirectory(good.subarray(0, good.length - 30))).toBeNull();
    // An entry whose data runs past the end of the file.
    const view = new DataView(good.buffer, good.byteOffset, good.byteLength);
    const directory = view.getUint32(good.length - 22 + 16, true);
    view.setUint32(directory + 20, 0x00ffffff, true);
    const entries = readZipDirectory(good);
    if (!entries) throw new Error('no directory');
    expect(refusal(() => checkZipLimits(good, entries, limits)).reason).toBe('corrupt');
  });

  test('parseFile applies the checks only when given limits', async () => {
    const bytes = buildRawDocx('<w:p><w:r><w:t>Kept</w:t></w:r></w:p>', { times: 2000 });
    await expect(parseFile({ bytes, filename: 'a.docx', limits: { ...limits, maxCompressionRatio: 5 } })).rejects.toMatchObject({
      reason: 'too_complex',
    });
    const parsed = await parseFile({ bytes, filename: 'a.docx' });
    expect(parsed.elements.length).toBeGreaterThan(0);
  });
});
