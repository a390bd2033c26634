import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { INGEST_FILE_EXTENSIONS } from '@verity/shared';
import { runCommand, withDatabase } from './run.ts';
import type { Database } from '../db/connect.ts';
import { closeUntrustedWork, configureUntrustedWork, parseUntrustedFile, untrustedSettingsFrom } from '../untrusted/pool.ts';
import { UnreadableFileError } from '../ingest/parse.ts';
import { completeMetadata, type GivenMetadata, storeDocument } from '../ingest/store.ts';

const USAGE = `Usage: npm run ingest -- <file or folder> [more files or folders] --category C --domain D --subdomain S [--issuer I] [--edition E]

Adds documents to the external library in the configured database (DATABASE_URL, or the embedded
database in DATA_DIR: stop the server first when using that). Folders are read recursively for
${INGEST_FILE_EXTENSIONS.join(' ')} files; the format is decided by each file's content. A file already stored
(same name, same content) is left unchanged; a new file with a known name becomes its newest edition.
The title is the document's own title, else the file name; the code is the file name without extension.
Exits with status 1 when any file was refused.`;

/** A refusal the command explains in one line, without a stack trace. */
export class IngestCommandError extends Error {}

export interface FileOutcome {
  path: string;
  outcome: 'ingested' | 'unchanged' | 'refused';
  documentId?: string;
  elements?: number;
  reason?: string;
}

/** The files named, with folders read recursively for ingestible extensions (hidden entries skipped), in a stable order. */
export function collectFiles(paths: readonly string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const extensions: readonly string[] = INGEST_FILE_EXTENSIONS;
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && extensions.includes(extname(entry.name).toLowerCase())) files.push(path);
    }
  };
  for (const path of paths) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path);
    } catch {
      missing.push(path);
      continue;
    }
    // A file named explicitly is tried whatever its extension: its content decides.
    if (stats.isDirectory()) walk(path);
    else files.push(path);
  }
  return { files, missing };
}

/** Parses and stores one file through the same store path as the server; a file that cannot be read is refused with the reason. */
export async function ingestFile(options: { db: Database; path: string; metadata: GivenMetadata; maxBytes: number }): Promise<FileOutcome> {
  const { db, path, maxBytes } = options;
  const filename = basename(path);
  const size = statSync(path).size;
  if (size > maxBytes) {
    return { path, outcome: 'refused', reason: `The file is larger than the ingestion limit of ${Math.round(maxBytes / 1024 / 1024)} MB.` };
  }
  const bytes = new Uint8Array(readFileSync(path));
  try {
    const parsed = await parseUntrustedFile({ bytes, filename, maxBytes });
    const stored = await storeDocument({
      db,
      organisationId: null,
      filename,
      bytes,
      metadata: completeMetadata(options.metadata, parsed, filename),
      elements: parsed.elements,
      sourceKind: 'upload',
      ingestedVia: { via: 'cli' },
    });
    return { path, outcome: stored.created ? 'ingested' : 'unchanged', documentId: stored.documentId, elements: parsed.elements.length };
  } catch (error) {
    if (error instanceof UnreadableFileError) {
      return { path, outcome: 'refused', reason: error.message };
    }
    throw error;
  }
}

export function describeOutcome(outcome: FileOutcome, base = process.cwd()): string {
  const shown = relative(base, outcome.path) || outcome.path;
  if (outcome.outcome === 'refused') return `refused    ${shown}: ${outcome.reason}`;
  const label = outcome.outcome === 'ingested' ? 'ingested ' : 'unchanged';
  return `${label}  ${shown} → ${outcome.documentId} (${outcome.elements} elements)`;
}

export function summarise(outcomes: readonly FileOutcome[]): string {
  const tally = (kind: FileOutcome['outcome']) => outcomes.filter((o) => o.outcome === kind).length;
  const noun = outcomes.length === 1 ? 'file' : 'files';
  return `${outcomes.length} ${noun}: ${tally('ingested')} ingested, ${tally('unchanged')} unchanged, ${tally('refused')} refused.`;
}

function required(value: string | undefined, flag: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new IngestCommandError(`--${flag} is required.\n\n${USAGE}`);
  return trimmed;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      category: { type: 'string' },
      domain: { type: 'string' },
      subdomain: { type: 'string' },
      issuer: { type: 'string' },
      edition: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new IngestCommandError(`Name at least one file or folder.\n\n${USAGE}`);
  const metadata: GivenMetadata = {
    category: required(values.category, 'category'),
    domain: required(values.domain, 'domain'),
    subdomain: required(values.subdomain, 'subdomain'),
    issuer: values.issuer?.trim() || undefined,
    edition: values.edition?.trim() || undefined,
  };
  const { files, missing } = collectFiles(positionals);
  if (missing.length > 0) throw new IngestCommandError(`No such file or folder: ${missing.join(', ')}`);
  if (files.length === 0) throw new IngestCommandError(`No ${INGEST_FILE_EXTENSIONS.join(' ')} files found in ${positionals.join(', ')}.`);

  return withDatabase(async (db, config) => {
    configureUntrustedWork(untrustedSettingsFrom(config));
    try {
      const outcomes: FileOutcome[] = [];
      for (const path of files) {
        const outcome = await ingestFile({ db, path, metadata, maxBytes: config.INGEST_MAX_BYTES });
        outcomes.push(outcome);
        console.log(describeOutcome(outcome));
      }
      console.log(summarise(outcomes));
      return outcomes.some((o) => o.outcome === 'refused') ? 1 : 0;
    } finally {
      await closeUntrustedWork();
    }
  });
}

if (import.meta.main) runCommand('ingest', USAGE, [IngestCommandError], main);
