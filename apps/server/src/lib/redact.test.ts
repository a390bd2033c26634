import { expect, test } from 'vitest';
import { redactUrl } from './redact.ts';

test('query values other than numbers and flags are redacted; paths and names stay', () => {
  expect(redactUrl('/api/docs/search?q=legionella+L8&page=2&include_internal=true')).toBe(
    '/api/docs/search?q=[redacted]&page=2&include_internal=true',
  );
  expect(redactUrl('/auth/verify-email?oobCode=abc123&mode=verifyEmail')).toBe('/auth/verify-email?oobCode=[redacted]&mode=[redacted]');
  expect(redactUrl('/api/ingest/jobs/01ABC?token=secret#frag')).toBe('/api/ingest/jobs/01ABC?token=[redacted]#frag');
  expect(redactUrl('/api/health')).toBe('/api/health');
});
