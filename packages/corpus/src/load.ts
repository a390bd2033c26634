import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ParsedDocument, parseCorpusFile } from './front-matter.ts';

export const DOCUMENTS_DIR = fileURLToPath(new URL('../documents', import.meta.url));

/** Every document of the seed corpus, parsed and validated, in file-name order. */
export function loadCorpus(dir: string = DOCUMENTS_DIR): ParsedDocument[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const parsed = parseCorpusFile(readFileSync(`${dir}/${name}`, 'utf8'), name);
      if (parsed.meta.filename !== name) throw new Error(`${name}: front matter filename is ${parsed.meta.filename}`);
      return parsed;
    });
}
