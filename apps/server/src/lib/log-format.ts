/**
 * How the server's log reads: JSON lines for log stores and anything reading a pipe or a file, or
 * short human-readable lines for a person at a terminal (LOG_FORMAT, docs/configuration.md). Both
 * come from the same pino entries, already redacted and with errors serialized (lib/log.ts): the
 * readable form is drawn from the JSON line and can only leave things out, never add any.
 */

export type LogFormatSetting = 'auto' | 'pretty' | 'json';
export type LogFormat = 'pretty' | 'json';

/** `auto` is readable lines on a terminal and JSON lines otherwise. */
export function chooseLogFormat(setting: LogFormatSetting, isTerminal: boolean): LogFormat {
  if (setting === 'auto') return isTerminal ? 'pretty' : 'json';
  return setting;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every entry has, or that only correlate JSON lines: the readable line leaves them out. */
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);
/** Requests whose start is remembered until they complete; beyond it the oldest are forgotten. */
const MAX_OPEN_REQUESTS = 1000;

type Entry = Record<string, unknown>;

const isRecord = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

/** `key=value` pairs, nested objects flattened to dotted keys. */
function fields(entry: Entry, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (value === undefined) continue;
    if (isRecord(value)) out.push(...fields(value, `${prefix}${key}.`));
    else out.push(`${prefix}${key}=${scalar(value)}`);
  }
  return out;
}

function errorLines(error: unknown, label = ''): string[] {
  if (!isRecord(error)) return [];
  const code = error.code !== undefined ? ` (${String(error.code)})` : '';
  const lines = [`  ${label}${String(error.type ?? 'Error')}${code}: ${String(error.message ?? '')}`];
  if (typeof error.stack === 'string' && error.stack) lines.push(...error.stack.split('\n').map((frame) => `      ${frame.trim()}`));
  if (error.cause !== undefined) lines.push(...errorLines(error.cause, 'caused by '));
  return lines;
}

/**
 * An e-mail kept in the outbox (no SMTP_URL; mail/transport.ts): who it is for, its subject, and
 * each link alone on its line so a terminal makes it clickable.
 */
export function outboxLines(mail: { to: string; subject: string; links: string[] }, time?: unknown): string[] {
  return [`${clock(time)} Outbox: e-mail to ${mail.to}: "${mail.subject}"`, ...mail.links.map((link) => `    ${link}`)];
}

function isOutboxMail(value: unknown): value is { to: string; subject: string; links: string[] } {
  return isRecord(value) && typeof value.to === 'string' && typeof value.subject === 'string' && Array.isArray(value.links);
}

/**
 * A stream for pino that turns each JSON line into readable lines: `12:04:31 INFO  message key=value`,
 * one line per answered API request (`GET /api/… 200 12 ms`, from the request's start and
 * completion entries; the web app's files are left out unless they fail), the outbox's e-mails
 * with their links, and an error's type, message and stack frames. A line that is not JSON is
 * passed on as it is.
 */
export function createPrettyLogStream(out: { write(text: string): unknown }): { write(line: string): void } {
  const openRequests = new Map<unknown, { method: string; url: string }>();
  return {
    write(line: string) {
      const text = formatEntry(line, openRequests);
      if (text !== null) out.write(text);
    },
  };
}

/** The readable text of one JSON line (with its newline), or null when it adds nothing on its own. */
export function formatEntry(line: string, openRequests = new Map<unknown, { method: string; url: string }>()): string | null {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!isRecord(entry)) return `${line.trimEnd()}\n`;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const levelName = (LEVEL_NAMES[level] ?? String(entry.level)).padEnd(5);

  // A request is shown once, when it is answered; its start is only remembered.
  if (entry.msg === 'incoming request' && isRecord(entry.req) && level <= 30) {
    if (openRequests.size >= MAX_OPEN_REQUESTS) openRequests.delete(openRequests.keys().next().value);
    openRequests.set(entry.reqId, { method: String(entry.req.method), url: String(entry.req.url) });
    return null;
  }
  if (entry.msg === 'request completed' && isRecord(entry.res) && level <= 30) {
    const request = openRequests.get(entry.reqId);
    openRequests.delete(entry.reqId);
    // The web app's pages and files, served as asked: dozens a page load, nothing to act on.
    if (request && !request.url.startsWith('/api/') && Number(entry.res.statusCode) < 400) return null;
    const what = request ? `${request.method} ${request.url}` : 'request';
    const ms = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
    return `${clock(entry.time)} ${levelName} ${what} ${String(entry.res.statusCode)}${ms}\n`;
  }

  // A browser that stops reading a file it no longer needs (a page left while loading).
  if (entry.msg === 'stream closed prematurely' && level <= 30) return null;
  if (isOutboxMail(entry.mail) && level <= 30) return `${outboxLines(entry.mail, entry.time).join('\n')}\n`;

  const rest: Entry = {};
  for (const [key, value] of Object.entries(entry)) {
    if (!HIDDEN_FIELDS.has(key) && key !== 'err') rest[key] = value;
  }
  const head = [clock(entry.time), levelName, typeof entry.msg === 'string' ? entry.msg : '', ...fields(rest)].filter(Boolean).join(' ');
  return `${[head, ...errorLines(entry.err)].join('\n')}\n`;
}
