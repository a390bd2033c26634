import { describe, expect, test } from 'vitest';
import { chooseLogFormat, createPrettyLogStream, formatEntry } from './log-format.ts';

const TIME = new Date(2026, 10, 28, 9, 5, 7).getTime();
const line = (entry: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: TIME, pid: 4242, hostname: 'box', ...entry })}\n`;

function printed(lines: string[]): string {
  let out = '';
  const stream = createPrettyLogStream({ write: (text: string) => (out += text) });
  for (const l of lines) stream.write(l);
  return out;
}

describe('chooseLogFormat', () => {
  test('auto is readable on a terminal and JSON lines on a pipe or file', () => {
    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
  });

  test('LOG_FORMAT forces either, whatever the output is', () => {
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('readable lines', () => {
  test('an entry is its time, level, message and fields, without pid, host or request id', () => {
    expect(formatEntry(line({ reqId: 'r1', msg: 'job finished', job: { id: 'j1', kind: 'write' }, note: 'two words' }))).toBe(
      '09:05:07 INFO  job finished job.id=j1 job.kind=write note="two words"\n',
    );
  });

  test('a request is one line when it is answered: method, path, status and time', () => {
    const out = printed([
      line({ reqId: 'r1', msg: 'incoming request', req: { method: 'GET', url: '/api/docs/search?q=[redacted]', ip: '127.0.0.1' } }),
      line({ reqId: 'r1', msg: 'request completed', res: { statusCode: 200 }, responseTime: 12.4 }),
    ]);
    expect(out).toBe('09:05:07 INFO  GET /api/docs/search?q=[redacted] 200 12 ms\n');
  });

  test("the web app's pages and files are left out unless they fail", () => {
    const out = printed([
      line({ reqId: 'r1', msg: 'incoming request', req: { method: 'GET', url: '/assets/index-abc.js', ip: '127.0.0.1' } }),
      line({ reqId: 'r1', msg: 'request completed', res: { statusCode: 200 }, responseTime: 3 }),
      line({ reqId: 'r2', msg: 'stream closed prematurely', res: { statusCode: 200 } }),
      line({ reqId: 'r3', msg: 'incoming request', req: { method: 'GET', url: '/assets/gone.js', ip: '127.0.0.1' } }),
      line({ reqId: 'r3', msg: 'request completed', res: { statusCode: 404 }, responseTime: 2 }),
    ]);
    expect(out).toBe('09:05:07 INFO  GET /assets/gone.js 404 2 ms\n');
  });

  test('an error shows its type, code, message and stack frames, and its cause', () => {
    const out = formatEntry(
      line({
        level: 50,
        msg: 'job failed',
        err: {
          type: 'Error',
          code: 'ECONNREFUSED',
          message: 'connect refused',
          stack: '    at connect (net.js:1:1)',
          cause: { type: 'Error', message: 'inner', stack: '' },
        },
      }),
    );
    expect(out).toBe(
      '09:05:07 ERROR job failed\n  Error (ECONNREFUSED): connect refused\n      at connect (net.js:1:1)\n  caused by Error: inner\n',
    );
  });

  test('an e-mail kept in the outbox is an Outbox line with each link on its own line', () => {
    const out = formatEntry(
      line({
        msg: 'e-mail kept in the outbox (no SMTP_URL)',
        mail: {
          id: 'm1',
          to: 'standard@example.org',
          subject: 'Reset your Verity password',
          links: ['http://localhost:3000/auth/action-handler?mode=resetPassword&oobCode=abc', 'http://localhost:3000/help'],
        },
      }),
    );
    expect(out).toBe(
      '09:05:07 Outbox: e-mail to standard@example.org: "Reset your Verity password"\n' +
        '    http://localhost:3000/auth/action-handler?mode=resetPassword&oobCode=abc\n' +
        '    http://localhost:3000/help\n',
    );
  });

  test('text that is not JSON passes through as it is', () => {
    expect(formatEntry('plain words')).toBe('plain words\n');
  });
});
