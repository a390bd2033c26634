/**
 * What the log may say about an error. The log is read by operators and shipped to log stores, so
 * it must never carry what users typed or uploaded: a failed query's parameters are questions,
 * names and search terms, and a database server's message can quote the value it rejected.
 */

const STACK_FRAME = /^\s+at /;
/** Errors nest through `cause`; deeper chains add nothing an operator needs. */
const MAX_DEPTH = 3;
const MAX_MESSAGE_LENGTH = 300;

type Loggable = Record<string, unknown>;

/** The shape the logger expects of a serialized error, with whatever else is safe beside it. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Said instead of a database server's message, which can quote the value it rejected. */
export const WITHHELD_MESSAGE = '(database message withheld: it can quote stored values)';

/** A database server's error: PostgreSQL's (pg) and PGlite's both carry a SQLSTATE code and a severity. */
function isDatabaseServerError(error: Loggable): boolean {
  return typeof error.severity === 'string' && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);
}

/** The ORM's wrapper around a failed statement: its message is the SQL followed by every parameter. */
function isFailedQuery(error: Loggable): boolean {
  return typeof error.query === 'string' && 'params' in error;
}

const bounded = (text: string) => (text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text);

function safeMessage(error: Loggable): string {
  if (isFailedQuery(error)) return bounded(`Failed query: ${String(error.query).replace(/\s+/g, ' ').trim()}`);
  if (isDatabaseServerError(error)) return WITHHELD_MESSAGE;
  if (typeof error.message !== 'string') return '';
  return bounded(error.message.split('\n', 1)[0] ?? '');
}

/**
 * The pino serializer for `err`: type, code, a bounded first line of the message (withheld for a
 * database server's error, the SQL without parameters for a failed query), the stack frames
 * without the message they repeat, and the same for each cause. Nothing else of the error object
 * (parameters, detail, where, internal query, request bodies libraries attach) is copied.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: '', stack: '' };
  const record = error as Loggable;
  const out: SerializedError = {
    type: typeof record.name === 'string' ? record.name : (error.constructor?.name ?? 'Error'),
    message: safeMessage(record),
    stack: '',
  };
  if (typeof record.code === 'string' || typeof record.code === 'number') out.code = record.code;
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  if (isDatabaseServerError(record)) {
    // Names from the schema, never values: enough to find the failing statement.
    for (const key of ['severity', 'routine', 'table', 'column', 'constraint', 'dataType'] as const) {
      if (typeof record[key] === 'string') out[key] = record[key];
    }
  }
  if (typeof record.stack === 'string') {
    out.stack = record.stack
      .split('\n')
      .filter((line) => STACK_FRAME.test(line))
      .join('\n');
  }
  if (record.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(record.cause, depth + 1);
  return out;
}
