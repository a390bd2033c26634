// Writes a Brotli (.br) and a gzip (.gz) copy next to each hashed asset of the web build, so the
// server sends them precompressed (@fastify/static `preCompressed`) instead of compressing per
// request. Source maps and files too small to gain are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = new URL('../apps/web/dist/assets', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;
const MIN_BYTES = 1024;

let count = 0;
for (const name of readdirSync(assets)) {
  const path = join(assets, name);
  if (!COMPRESSIBLE.test(name) || statSync(path).size < MIN_BYTES) continue;
  const content = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`compress-assets: wrote .br and .gz for ${count} files in apps/web/dist/assets`);
