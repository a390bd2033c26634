import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startTestForum } from '../../apps/server/src/test/forum.ts';
import { startTestOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { ONBOARDING_MODULE_KEYS } from '@verity/shared';
import { DEMO, DEMO_PASSWORD } from './app.ts';
import { E2E_INGESTION_TOKEN } from './ingest.ts';
import { MAIL_DIR } from './mail.ts';
import { startServer, waitForHealth } from './server.ts';

/**
 * Starts a real SMTP server that writes every received message to e2e/.artifacts/mail, and the
 * production server on a fresh embedded database pointed at it. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        // Written under another name and renamed, so a reader never sees a half-written message.
        const name = join(MAIL_DIR, `${Date.now()}-${++received}.json`);
        writeFileSync(`${name}.partial`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        renameSync(`${name}.partial`, name);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const port = Number(process.env.E2E_PORT ?? 3199);
  const appUrl = `http://127.0.0.1:${port}`;
  // A forum that signs in through Verity, and an OpenID provider standing in for Microsoft (e2e/sso.spec.ts).
  const forum = await startTestForum({ appUrl });
  const microsoft = await startTestOidcProvider({ redirectUri: `${appUrl}/microsoft-auth-callback` });
  process.env.E2E_FORUM_URL = forum.url;
  process.env.E2E_MICROSOFT_URL = microsoft.issuer;
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-e2e-'));
  const server = startServer({
    port,
    appUrl,
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100',
      INGESTION_TOKEN: E2E_INGESTION_TOKEN,
      DISCOURSE_CONNECT_SECRET: forum.secret,
      FORUM_URL: forum.url,
      MICROSOFT_TENANT_ID: 'organizations',
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_AUTHORITY_URL: microsoft.issuer,
    },
  });
  await waitForHealth(server, appUrl, async () => (await fetch(`${appUrl}/api/health`)).ok);
  await completeDemoOnboarding(`http://127.0.0.1:${port}`);
  await waitForTutorialScreenshots(`http://127.0.0.1:${port}`);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await forum.close();
    await microsoft.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The demo people have been through the onboarding guide, as a demo organisation's members would
 * have, so it does not open over what the tests click; the guide's own tests use new accounts.
 * Done through the API a browser uses: sign in, record every module, sign out.
 */
async function completeDemoOnboarding(base: string): Promise<void> {
  for (const email of [DEMO.standard, DEMO.champion, DEMO.admin]) {
    const form = new FormData();
    form.set('email', email);
    form.set('password', DEMO_PASSWORD);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', body: form });
    const { auth_token: token } = (await login.json()) as { auth_token: string | null };
    if (!login.ok || !token) throw new Error(`the demo account ${email} could not sign in (${login.status})`);
    const headers = { 'auth-token': token };
    const recorded = await fetch(`${base}/api/account/onboarding`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ completed_modules: ONBOARDING_MODULE_KEYS }),
    });
    if (!recorded.ok) throw new Error(`onboarding could not be recorded for ${email} (${recorded.status})`);
    await fetch(`${base}/api/auth/signout`, { headers });
  }
}

/** The pages the seed step pictures for the tutorials (modules/tutorials/screenshots.ts). */
export const TUTORIAL_SCREENSHOTS = ['home', 'landing', 'chat', 'wiki', 'write', 'review', 'dashboard'];

/**
 * The server pictures its pages for the tutorials as it starts; the tests begin once it has, so
 * its browser never competes with theirs. One not taken in time is left for the tutorial test to
 * report.
 */
async function waitForTutorialScreenshots(base: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  let missing = TUTORIAL_SCREENSHOTS;
  while (missing.length > 0 && Date.now() < deadline) {
    const answers = await Promise.all(missing.map((name) => fetch(`${base}/api/tutorials/screenshots/${name}`)));
    missing = missing.filter((_, n) => !answers[n]?.ok);
    if (missing.length > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
