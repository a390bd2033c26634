import type { AppConfig } from '@verity/shared';
import { describe, expect, test } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

describe('GET /api/app-config and PostHog', () => {
  test('without POSTHOG_KEY nothing records sessions: no PostHog, no consent to ask, nothing more the browser may reach', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json<AppConfig>()).toMatchObject({ session_recording_enabled: false, posthog: null });
      expect(response.headers['content-security-policy']).toContain("connect-src 'self';");
    } finally {
      await t.close();
    }
  });

  test('with POSTHOG_KEY the web is told where PostHog is, and the browser may reach that host only', async () => {
    const t = await buildTestApp({ POSTHOG_KEY: 'phc_TestProjectKey123', POSTHOG_HOST: 'https://posthog.example.org/' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(response.json<AppConfig>()).toMatchObject({
        session_recording_enabled: true,
        posthog: { key: 'phc_TestProjectKey123', host: 'https://posthog.example.org' },
      });
      expect(response.headers['content-security-policy']).toContain("connect-src 'self' https://posthog.example.org;");
      expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    } finally {
      await t.close();
    }
  });

  test('a POSTHOG_KEY that is not a project key stops the server from starting', async () => {
    await expect(buildTestApp({ POSTHOG_KEY: 'not a key; script' })).rejects.toThrow(/POSTHOG_KEY/);
  });
});
