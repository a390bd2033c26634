import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];

/**
 * The security suite (`npm run test:security`, docs/security.md): these files run in the
 * `security` project only, so `npm test` runs each once (`test:unit` leaves that project out).
 */
const securitySuites = [
  'apps/server/src/route-access.test.ts',
  'apps/server/src/hostile-inputs.test.ts',
  'apps/server/src/ingest/hostile-uploads.test.ts',
  'apps/server/src/logging.test.ts',
  'apps/server/src/lib/log.test.ts',
  'apps/server/src/injected-instructions.test.ts',
  'apps/server/src/csv-exports.test.ts',
  'apps/server/src/sql-injection.test.ts',
];

/**
 * The server suites that open a database (through the test app, the test database or the
 * connection module): only they can behave differently on PostgreSQL. The engines, parsers and
 * libraries that never touch one run once (that was 77 of 160 files, about 80 s of a CI run). The
 * security suites run once too, in their own project (route-access alone was 86 s here).
 */
const opensADatabase = /from '(?:\.\.?\/)+(?:test\/(?:app|database|factories)|db\/connect)\.ts'/;
function suitesOpeningADatabase(): string[] {
  return testFilesWhere('apps/server/src', /\.test\.ts$/, (text) => opensADatabase.test(text)).filter(
    (file) => !securitySuites.includes(file),
  );
}

/**
 * The suites about storage itself: they open a database directly (the connection module or the
 * test database), not only through the test app. Where PostgreSQL is there too, only these of the
 * database suites also run on the embedded one; the routes' suites run on PostgreSQL, the database
 * of a deployment. PGlite is PostgreSQL's own engine, so a route's SQL behaves the same on both;
 * what differs is the store (one connection, its files, snapshots, its lock), which these suites
 * test, and the driver, which the browser suite exercises end to end on the embedded database.
 * Every route suite ran on both before: about 140 s of a CI run on the CI machine kind (2026-11-29).
 */
const opensTheStore = /from '(?:\.\.?\/)+(?:test\/database|db\/connect)\.ts'/;
/** A suite with tests that skip themselves on PostgreSQL (`skipIf(onPostgres)`): they run on the embedded database, so it keeps that run. */
const skipsOnPostgres = /\.skipIf\(onPostgres\)/;
function routeSuites(): string[] {
  return suitesOpeningADatabase().filter((file) => {
    const text = readFileSync(file, 'utf8');
    return !opensTheStore.test(text) && !skipsOnPostgres.test(text);
  });
}

/** The test files under `root` (names matching `name`) whose text passes `holds`. */
function testFilesWhere(root: string, name: RegExp, holds: (text: string) => boolean): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file) && holds(readFileSync(join(root, file), 'utf8')))
    .map((file) => join(root, file));
}

/**
 * How the server suites run. Each test file starts a fresh database (PGlite boot or a new
 * PostgreSQL database) and sign-ins run scrypt: on a busy 2-core machine that takes far longer
 * than Vitest's defaults. Files share a worker's module graph (`isolate: false`): each builds its
 * own app, database and fakes, and no server suite replaces a module, while loading the server's
 * modules afresh for each file was a third of the time (server project 644 → 415 s, 2026-11-28).
 */
const serverSuite = { environment: 'node' as const, pool: 'forks' as const, isolate: false, hookTimeout: 60_000, testTimeout: 30_000 };

// With TEST_DATABASE_URL set, the server suites that open a database run against that PostgreSQL
// server (a throwaway database per test file, see apps/server/src/test/database.ts); the `server`
// project then keeps only the storage suites of them (see routeSuites).
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'server-postgres',
          include: suitesOpeningADatabase(),
          env: { VERITY_TEST_DB: 'postgres' },
          ...serverSuite,
        },
      },
    ]
  : [];

/**
 * The page tests that replace a module (`vi.mock`, `vi.doMock`) or reset the module graph: a replacement only takes where the module is
 * loaded afresh, so these run isolated, each in a new module graph; the other page tests share one.
 */
const pageSuitesReplacingAModule = testFilesWhere('apps/web/src', /\.test\.tsx?$/, (text) =>
  /vi\.(mock\(|doMock\(|resetModules\()/.test(text),
);
const pageSuites = ['apps/web/src/**/*.test.{ts,tsx}'];
const pageEnvironment = {
  environment: 'jsdom' as const,
  setupFiles: ['apps/web/src/test/setup.ts'],
  css: false,
  // A page test renders, lazy-loads its page and clicks through it: about 1–4 s on the
  // 2-core CI machine, and past the default 5 s whenever the machine is busy.
  testTimeout: 15_000,
};

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker: files ran one after another while most
    // of a server suite's time is spent waiting on PostgreSQL, parse workers and child processes.
    // Two workers: the whole unit run 27.2 → 17.5 min on the CI machine kind (2026-11-27), no test failing.
    maxWorkers: 2,
    projects: [
      {
        // One jsdom and one module graph per worker, not per file: jsdom was built 101 times, a
        // third of the project's time (234 → 53-95 s, 2026-11-29). Each test starts from the
        // stores' first-load state (setup.ts), and every page test passes in shuffled order too.
        test: {
          name: 'web',
          include: pageSuites,
          exclude: [...configDefaults.exclude, ...pageSuitesReplacingAModule],
          isolate: false,
          ...pageEnvironment,
        },
      },
      { test: { name: 'web-mocks', include: pageSuitesReplacingAModule, ...pageEnvironment } },
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...securitySuites, ...(postgresProject.length > 0 ? routeSuites() : [])],
          ...serverSuite,
        },
      },
      {
        test: {
          name: 'security',
          include: securitySuites,
          // Isolated as they always were: the hostile-input suite times health checks.
          ...serverSuite,
          isolate: true,
        },
      },
      ...postgresProject,
    ],
  },
});
