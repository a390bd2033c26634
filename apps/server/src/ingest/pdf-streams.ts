import { createInflate } from 'node:zlib';

/**
 * The inflated size of a PDF's compressed streams, checked before the PDF reader sees the file.
 * The reader inflates a stream into one growing buffer, outside the worker's heap cap, so a 4 MB
 * PDF holding one 4 GiB FlateDecode stream could take gigabytes before the time-out ended it.
 * Here every FlateDecode stream is inflated in 16 KB chunks that are counted and dropped, the
 * total across the file is held to `maxInflatedBytes`, and counting stops at the first chunk
 * past it: memory stays at one chunk whatever the stream unpacks to. True when the file is over.
 */
const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
/** How far before "stream" its dictionary is looked for. */
const DICTIONARY_REACH = 2048;

export async function inflatesBeyond(bytes: Uint8Array, maxInflatedBytes: number): Promise<boolean> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = file.indexOf(STREAM, at);
    if (keyword < 0) return false;
    at = keyword + STREAM.length;
    // "endstream" contains "stream"; a stream's data starts after "stream" and an end of line.
    if (keyword >= 3 && file.subarray(keyword - 3, keyword).toString('latin1') === 'end') continue;
    let start = at;
    if (file[start] === 0x0d) start++;
    if (file[start] !== 0x0a && file[start - 1] !== 0x0d) continue;
    if (file[start] === 0x0a) start++;
    const end = file.indexOf(END_STREAM, start);
    if (end < 0) return false;
    at = end + END_STREAM.length;
    const dictionary = file.subarray(Math.max(0, keyword - DICTIONARY_REACH), keyword).toString('latin1');
    const opened = dictionary.lastIndexOf('<<');
    if (opened < 0 || !/\/(?:FlateDecode|Fl)\b/.test(dictionary.slice(opened))) continue;
    total += await inflatedSize(file.subarray(start, end), maxInflatedBytes - total);
    if (total > maxInflatedBytes) return true;
  }
}

/** How many bytes the data inflates to, counting at most `budget` + 1 (a damaged stream counts what it gave). */
function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 16 * 1024 });
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.end(data);
  });
}
