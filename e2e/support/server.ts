import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The production server (`main.ts`) for the browser suite on `port`, with a fresh embedded database
 * in `dataDir` and the demo organisation; `env` adds or overrides settings. Not production: the
 * suite signs in with the demo accounts, which production refuses to seed.
 */
export function startServer(options: { port: number; appUrl: string; dataDir: string; env?: NodeJS.ProcessEnv }): ChildProcess {
  return spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: options.appUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * Waits until `healthy` answers true (the server's /api/health), or fails when the server exits or
 * the wait is over. A fresh embedded database migrates and loads the library first: about 20 s on
 * an idle machine, several times that on a busy one.
 */
export async function waitForHealth(server: ChildProcess, what: string, healthy: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server at ${what} exited with code ${server.exitCode}`);
    if (await healthy().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy at ${what}`);
}
