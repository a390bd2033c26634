/**
 * sqlmap (Debian's package) against the server's parameterised endpoints: the targets are read
 * from the OpenAPI document the running server generates from its endpoint descriptors, so a new
 * endpoint is attacked without anyone listing it. Every path parameter, query value and JSON or
 * multipart text field gets sqlmap's custom injection marker (`*`) after a sample value made from
 * its schema.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type JsonSchema = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  operationId: string;
  'x-access': { kind: 'public' | 'session' | 'ingestion-token'; roles?: 'any' | 'account' | string[] };
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface SqlmapTarget {
  /** The endpoint's id (`area.name`). */
  id: string;
  method: string;
  /** The URL with `*` after each path parameter and query value. */
  url: string;
  /** The body with `*` after each text value, and its content type. */
  body?: { data: string; contentType: string };
  /** Only an administrator may call it. */
  administrators: boolean;
  /** It needs a session: a 401 means the attack's session was lost (elsewhere, 401 is an answer). */
  signedIn: boolean;
}

export interface SqlmapResult {
  target: SqlmapTarget;
  /** Parameters sqlmap reported injectable (empty: none). */
  injectable: string[];
  /** What made the run meaningless: HTTP statuses that mean the attack was not tested (401, 429), a time-out. */
  problems: string[];
  seconds: number;
  output: string;
}

const MARK = '*';
const MULTIPART_BOUNDARY = 'sqlmapboundary7e3f';

/** Where sqlmap is installed, or null. */
export function findSqlmap(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v sqlmap'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : null;
}

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string') return resolve(document.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {}, document);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const chosen = (options as JsonSchema[]).find((option) => option.type !== 'null') ?? {};
      return resolve({ ...schema, [key]: undefined, ...chosen }, document);
    }
  }
  return schema;
}

/** Nesting beyond which lists are sent empty, so a recursive schema (an editor's document) ends. */
const MAX_DEPTH = 4;

/** A value the schema accepts, as plain as can be: what a form or a client would send. */
export function sampleOf(raw: JsonSchema, document: OpenApiDocument, name = '', depth = 0, requiredOnly = false): unknown {
  const schema = resolve(raw, document);
  const named = sampleByName(name);
  if (named !== undefined && schema.type !== 'array' && schema.type !== 'object' && !Array.isArray(schema.enum)) return named;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return depth >= MAX_DEPTH
        ? []
        : [sampleOf((schema.items as JsonSchema) ?? {}, document, name.replace(/s$/, ''), depth + 1, requiredOnly)];
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => !requiredOnly || required.has(name))
          .map(([name, property]) => [name, sampleOf(property, document, name, depth + 1, requiredOnly)]),
      );
    }
    default:
      return sampleText(schema);
  }
}

function sampleText(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'champion@example.org';
    case 'uuid':
      return '0b6f0f2e-6f53-4a5e-9a5c-1d2e3f4a5b6c';
    case 'date':
      return '2026-02-05';
    case 'date-time':
      return '2026-02-05T10:00:00.000Z';
    case 'uri':
      return 'https://example.org/';
    default: {
      if (typeof schema.pattern === 'string') return sampleForPattern(schema.pattern);
      const minimum = typeof schema.minLength === 'number' ? schema.minLength : 1;
      return 'water'.padEnd(minimum, 'x');
    }
  }
}

/** An id in the contract's form (26 letters or digits), naming nothing. */
const SAMPLE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

/**
 * Values the JSON schema cannot tell (a refinement, a coerced number): by the field's name, as the
 * contract names them.
 */
function sampleByName(name: string): unknown {
  if (/tenant_?id$/i.test(name)) return '72f988bf-86f1-41af-91ab-2d7cd011db47';
  if (/(^|_)id$|Id$|^left$|^right$|^external_id$|^finding$/.test(name)) return SAMPLE_ID;
  // An event kind the audit log holds.
  if (name === 'kind') return 'auth.signed_in';
  if (/email/i.test(name)) return 'champion@example.org';
  if (/date$/.test(name)) return '2026-02-05';
  if (name === 'page') return 1;
  if (name === 'limit') return 10;
  if (name === 'days') return 30;
  return undefined;
}

/** Longest sample a pattern makes: the contract's patterns are ids, digests and codes. */
const MAX_PATTERN_SAMPLE = 200;

/**
 * A string the pattern matches, for the small regular expressions the contract uses: anchors,
 * literals and escapes, character classes (their first character), groups (their first
 * alternative; look-arounds nothing) and quantifiers (the fewest repetitions allowed, at least one where a count is given).
 */
export function sampleForPattern(pattern: string): string {
  let out = '';
  let i = 0;
  const atom = (): string => {
    const char = pattern[i] ?? '';
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      i += 2;
      return next === 'd' ? '1' : next === 'w' ? 'a' : next === 's' ? ' ' : next;
    }
    if (char === '[') {
      let end = i + 1;
      while (end < pattern.length && (pattern[end] !== ']' || end === i + 1)) end += pattern[end] === '\\' ? 2 : 1;
      const body = pattern.slice(i + 1, end);
      i = end + 1;
      if (body.startsWith('^')) return 'a';
      if (body.startsWith('\\')) return body[1] === 'd' ? '1' : body[1] === 'w' ? 'a' : (body[1] ?? 'a');
      return body[0] ?? 'a';
    }
    if (char === '(') {
      let depth = 0;
      let end = i;
      for (; end < pattern.length; end += 1) {
        if (pattern[end] === '\\') end += 1;
        else if (pattern[end] === '(') depth += 1;
        else if (pattern[end] === ')' && --depth === 0) break;
      }
      const group = pattern.slice(i + 1, end);
      i = end + 1;
      // A look-ahead or look-behind matches no characters of its own.
      if (/^\?<?[=!]/.test(group)) return '';
      const inner = group.replace(/^\?:/, '');
      let level = 0;
      let cut = inner.length;
      for (let k = 0; k < inner.length; k += 1) {
        if (inner[k] === '\\') k += 1;
        else if (inner[k] === '(') level += 1;
        else if (inner[k] === ')') level -= 1;
        else if (inner[k] === '|' && level === 0) {
          cut = k;
          break;
        }
      }
      return sampleForPattern(inner.slice(0, cut));
    }
    i += 1;
    return char === '.' ? 'a' : char === '^' || char === '$' ? '' : char;
  };
  while (i < pattern.length && out.length < MAX_PATTERN_SAMPLE) {
    const unit = atom();
    const quantifier = /^(\{(\d+)(,\d*)?\}|[*+?])\??/.exec(pattern.slice(i));
    let times = 1;
    if (quantifier) {
      i += quantifier[0].length;
      times = quantifier[2] !== undefined ? Math.max(Number(quantifier[2]), 1) : quantifier[1] === '+' ? 1 : 0;
    }
    out += unit.repeat(Math.min(times, MAX_PATTERN_SAMPLE));
  }
  return out.slice(0, MAX_PATTERN_SAMPLE);
}

/** The JSON body with `*` after every string value (numbers and booleans would no longer parse). */
function markedJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? `${inner}${MARK}` : inner));
}

/** A multipart body of the schema's text fields, each marked; file fields are left out. */
function markedMultipart(schema: JsonSchema, document: OpenApiDocument): string | null {
  const properties = (resolve(schema, document).properties ?? {}) as Record<string, JsonSchema>;
  const parts = Object.entries(properties).flatMap(([name, property]) => {
    const resolved = resolve(property, document);
    if (resolved.format === 'binary' || resolved.contentMediaType || resolved.type === 'array') return [];
    return [
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(sampleOf(resolved, document, name))}${MARK}\r\n`,
    ];
  });
  return parts.length > 0 ? `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n` : null;
}

function queryString(parameters: readonly OpenApiParameter[], document: OpenApiDocument): string {
  return parameters
    .map((parameter) => {
      const sample = sampleOf(parameter.schema, document, parameter.name);
      const value = Array.isArray(sample) ? sample[0] : sample;
      return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}${MARK}`;
    })
    .join('&');
}

/**
 * Every endpoint that takes a path parameter, a query value or a text field in its body, as a
 * sqlmap target. `requiredOnly` leaves out optional query values and body fields: the sample to
 * fall back on when fields that only go together (a broadcast's organisation with its audience)
 * or a value no schema can make (a page cursor) are refused.
 */
export function sqlmapTargets(document: OpenApiDocument, baseUrl: string, requiredOnly = false): SqlmapTarget[] {
  const targets: SqlmapTarget[] = [];
  const prefix = document.servers?.[0]?.url ?? '';
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      let url = path;
      for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
        url = url.replace(
          `{${parameter.name}}`,
          `${encodeURIComponent(String(sampleOf(parameter.schema, document, parameter.name)))}${MARK}`,
        );
      }
      const query = queryString(
        parameters.filter((candidate) => candidate.in === 'query' && (!requiredOnly || candidate.required)),
        document,
      );
      const body = bodyOf(operation, document, requiredOnly);
      if (!url.includes(MARK) && query === '' && !body) continue;
      const roles = operation['x-access'].roles;
      targets.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        url: `${baseUrl}${prefix}${url}${query ? `?${query}` : ''}`,
        ...(body ? { body } : {}),
        administrators: Array.isArray(roles) && roles.every((role) => role === 'verity_admin'),
        signedIn: operation['x-access'].kind === 'session',
      });
    }
  }
  return targets;
}

function bodyOf(operation: OpenApiOperation, document: OpenApiDocument, requiredOnly: boolean): SqlmapTarget['body'] {
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json'];
  if (json) {
    const sample = sampleOf(json.schema, document, '', 0, requiredOnly);
    return JSON.stringify(sample).includes('"') ? { data: markedJson(sample), contentType: 'application/json' } : undefined;
  }
  const form = content['multipart/form-data'];
  const data = form ? markedMultipart(form.schema, document) : null;
  return data ? { data, contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` } : undefined;
}

/** The target's request with its sample values and no markers: what sqlmap compares its payloads' answers with. */
export async function sendSample(target: SqlmapTarget, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const unmarked = (text: string) => text.replaceAll('%2A', '').replaceAll(MARK, '');
  const response = await fetch(unmarked(target.url), {
    method: target.method,
    headers: { ...headers, ...(target.body ? { 'content-type': target.body.contentType } : {}) },
    ...(target.body ? { body: unmarked(target.body.data) } : {}),
  });
  return { status: response.status, body: (await response.text()).slice(0, 300) };
}

/** Runs sqlmap in batch mode on one target, bounded in techniques, level and time. */
export async function runSqlmap(
  sqlmap: string,
  target: SqlmapTarget,
  headers: Record<string, string>,
  options: { timeoutMs: number; technique: string },
): Promise<SqlmapResult> {
  const outputDir = mkdtempSync(join(tmpdir(), 'verity-sqlmap-'));
  const headerLines = Object.entries({ ...headers, ...(target.body ? { 'Content-Type': target.body.contentType } : {}) })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const args = [
    '-u',
    target.url,
    '--method',
    target.method,
    ...(target.body ? ['--data', target.body.data] : []),
    '--headers',
    headerLines,
    '--batch',
    '--dbms',
    'PostgreSQL',
    '--level',
    '1',
    '--risk',
    '1',
    '--technique',
    options.technique,
    '--time-sec',
    '2',
    '--timeout',
    '15',
    '--retries',
    '0',
    '--skip-waf',
    // A refusal of a hostile value (400, 404, 409, 422) is an answer to compare, not a reason to stop.
    '--ignore-code',
    '400,403,404,409,413,422',
    '--flush-session',
    '--disable-coloring',
    '--output-dir',
    outputDir,
  ];
  const started = performance.now();
  const output: string[] = [];
  let timedOut = false;
  try {
    await new Promise<void>((resolveRun, reject) => {
      const child = spawn(sqlmap, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, options.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.once('error', reject);
      child.once('close', () => {
        clearTimeout(timer);
        resolveRun();
      });
    });
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
  const text = output.join('');
  return {
    target,
    injectable: injectableIn(text),
    problems: [
      ...(timedOut ? [`no verdict within ${options.timeoutMs / 1000} s`] : []),
      ...[...text.matchAll(/HTTP error codes detected during run:\s*(.+)/g)].flatMap((match) =>
        (target.signedIn ? /\b(401|429|500)\b/ : /\b(429|500)\b/).test(match[1] ?? '') ? [`answered ${match[1]}`] : [],
      ),
      ...[...text.matchAll(/\[CRITICAL\] (.+)/g)].flatMap((match) =>
        /do not appear to be injectable/.test(match[1] ?? '') ? [] : [(match[1] ?? '').trim()],
      ),
    ],
    seconds: (performance.now() - started) / 1000,
    output: text,
  };
}

/**
 * The parameters sqlmap's final report names as injectable ("sqlmap identified the following
 * injection point(s)…", then "Parameter: name (place)"). A payload that only "appears to be"
 * injectable and fails sqlmap's own false-positive check is not reported there.
 */
export function injectableIn(output: string): string[] {
  const report = output.split(/identified the following injection point\(s\)/)[1];
  if (report === undefined) return [];
  const named = [...report.matchAll(/^Parameter: (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  return named.length > 0 ? [...new Set(named)] : ['(unnamed)'];
}

/** Runs the targets `concurrency` at a time. */
export async function runAll<T, R>(items: readonly T[], concurrency: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}
