import { describe, expect, test } from 'vitest';
import { serializeError, WITHHELD_MESSAGE } from './log.ts';

const QUESTION = 'canary-question-7f3a9 about legionella';

/** Shaped like the ORM's failed-query error and the database server error it wraps. */
function failedQuery(): Error {
  const server = Object.assign(new Error(`invalid input syntax for type uuid: "${QUESTION}"`), {
    name: 'error',
    severity: 'ERROR',
    code: '22P02',
    detail: `Key (content)=(${QUESTION}) already exists.`,
    where: `unnamed portal parameter $1 = '${QUESTION}'`,
    routine: 'string_to_uuid',
    table: 'chat_messages',
  });
  const error = new Error(`Failed query: insert into "chat_messages" ("content") values ($1)\nparams: ${QUESTION}`, { cause: server });
  return Object.assign(error, {
    name: 'DrizzleQueryError',
    query: 'insert into "chat_messages" ("content") values ($1)',
    params: [QUESTION],
  });
}

describe('serializeError', () => {
  test('a failed query keeps its SQL and drops its parameters, the server message, detail and where', () => {
    const serialized = serializeError(failedQuery());
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('canary-question');
    expect(serialized.message).toBe('Failed query: insert into "chat_messages" ("content") values ($1)');
    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.cause).toMatchObject({ code: '22P02', severity: 'ERROR', routine: 'string_to_uuid', table: 'chat_messages' });
    expect((serialized.cause as Record<string, unknown>).message).toBe(WITHHELD_MESSAGE);
  });

  test('the stack keeps its frames but not the message it starts with', () => {
    const serialized = serializeError(failedQuery());
    expect(serialized.stack).toMatch(/^\s+at /);
    expect(String(serialized.stack)).not.toContain('params:');
  });

  test('other errors keep the first line of their message, bounded, and their code', () => {
    const error = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:5432\nsecond line ${QUESTION}`), { code: 'ECONNREFUSED' });
    expect(serializeError(error)).toMatchObject({ type: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(String(serializeError(new Error('x'.repeat(1000))).message).length).toBeLessThanOrEqual(301);
  });

  test('other properties libraries attach are not copied, and non-errors are described by type', () => {
    const error = Object.assign(new Error('bad request'), { body: QUESTION, parameters: [QUESTION] });
    expect(JSON.stringify(serializeError(error))).not.toContain('canary-question');
    expect(serializeError('just a string')).toEqual({ type: 'string', message: '', stack: '' });
    expect(serializeError(null)).toEqual({ type: 'object', message: '', stack: '' });
  });

  test('a cause chain stops at a fixed depth', () => {
    let error: Error = new Error('root');
    for (let i = 0; i < 10; i++) error = new Error(`level ${i}`, { cause: error });
    let depth = 0;
    for (
      let node: Record<string, unknown> | undefined = serializeError(error);
      node;
      node = node.cause as Record<string, unknown> | undefined
    )
      depth++;
    expect(depth).toBe(4);
  });
});
