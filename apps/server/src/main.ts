import { buildApp } from './app.ts';
import { enqueueLibraryEmbedding } from './ai/embeddings.ts';
import { chatEngineFor } from './ai/engine.ts';
import { ConfigError, forumEnabled, listenHost, loadConfig, microsoftEnabled } from './config.ts';
import { DatabaseInUseError, openDatabase } from './db/connect.ts';
import { ingestSeedCorpus } from './ingest/corpus.ts';
import { jobHandlers } from './job-handlers.ts';
import { createJobSignal } from './jobs/queue.ts';
import { createJobWorker } from './jobs/worker.ts';
import { findDemoAccounts, seedDemo } from './seed/demo.ts';
import { reviewEngineFor } from './review/engine.ts';
import { isolatedReviewEngine, isolatedWriteEngine } from './untrusted/engines.ts';
import { writeEngineFor } from './write/engine.ts';
import { embeddingSettingsFor } from './core/provider/settings.ts';
import { prepareQuestionReading } from './ai/question/read.ts';
import { seedTutorials } from './modules/tutorials/seed.ts';
import { takeTutorialScreenshots } from './modules/tutorials/screenshots.ts';

/** `--worker-only`: a process that runs background jobs and answers no requests (docs/deployment.md). */
const WORKER_ONLY = process.argv.includes('--worker-only');

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const jobSignal = createJobSignal();
  const lifecycle = { draining: false };
  const app = await buildApp({ config, database, jobSignal, lifecycle });
  const embeddings = embeddingSettingsFor(config);
  // The built-in engines run in the untrusted-work pool, never on the event loop.
  const writeEngine = writeEngineFor(config, isolatedWriteEngine);
  const reviewEngine = reviewEngineFor(config, isolatedReviewEngine);
  const worker = createJobWorker({
    db: database.db,
    handlers: jobHandlers({ embeddings, writeEngine, reviewEngine }),
    signal: jobSignal,
    log: app.log,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    staleAfterMs: config.JOBS_STALE_AFTER_SECONDS * 1000,
    retryBaseMs: config.JOBS_RETRY_BASE_SECONDS * 1000,
    // One process owns the embedded database: a job running at start was left by one that died.
    exclusive: database.kind === 'pglite',
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000 + config.SHUTDOWN_DRAIN_SECONDS * 1000);
    timer.unref();
    // Load balancers see /api/ready fail and stop sending requests; those already here finish.
    lifecycle.draining = true;
    if (config.SHUTDOWN_DRAIN_SECONDS > 0 && !WORKER_ONLY) {
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    // First the job in hand goes back to the queue uncounted (a restart is not the file's fault),
    // before closing the app ends the parse workers under it.
    await worker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (WORKER_ONLY) {
    // The servers seed the library and answer requests; this process only takes jobs off the queue.
    worker.start();
    console.log(
      `Verity job worker running on ${database.kind === 'pglite' ? `the embedded database in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}: no HTTP; SIGTERM stops it.`,
    );
    return;
  }

  // Processes started together seed one after another: the later ones find everything there.
  const demoAccounts = await database.exclusively(async () => {
    // Every start: new or changed seed documents go in; nothing changed costs one query.
    await ingestSeedCorpus({ db: database.db, log: app.log });
    // The product's tutorials likewise: new and unedited ones follow the shipped text.
    await seedTutorials(database.db);
    return config.seedDemo ? seedDemo({ db: database.db, config }) : [];
  });
  // Demo accounts left by an earlier start count too: their password is still the published one.
  const demoPresent = demoAccounts.length > 0 || (await findDemoAccounts(database.db)).length > 0;
  let listen: ReturnType<typeof listenHost>;
  try {
    listen = listenHost(config, demoPresent);
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  // Documents added since the last start (seed, command line) are embedded in the background.
  if (embeddings) await enqueueLibraryEmbedding({ db: database.db, signal: jobSignal });

  prepareQuestionReading();
  await app.listen({ port: config.PORT, host: listen.host });
  // Only once the server answers: a job (a hostile upload among them) never delays start-up.
  if (config.JOBS_WORKER) worker.start();
  // The tutorials' pictures of this build's pages, taken in the background as the demo accounts.
  const screenshots = demoPresent ? takeTutorialScreenshots({ config, db: database.db, log: app.log, listenHost: listen.host }) : null;
  const where = database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    `Verity is running at ${config.APP_URL} (${where})`,
    `Chat answers with: ${chatEngineFor(config).label}`,
    `Documents are written with: ${writeEngine.id}`,
    `Policies are reviewed with: ${reviewEngine.id}`,
  ];
  if (microsoftEnabled(config))
    lines.push(`Microsoft sign-in: on (tenant ${config.MICROSOFT_TENANT_ID}; link tenants to organisations in Admin → Organisations)`);
  if (forumEnabled(config)) lines.push(`Community forum sign-in (DiscourseConnect) for ${config.FORUM_URL}`);
  if (embeddings) lines.push(`Semantic search with embeddings from ${embeddings.model} (the library is embedded in the background)`);
  if (demoAccounts.length > 0) {
    lines.push(
      `Demo accounts (password from DEMO_PASSWORD${config.DEMO_PASSWORD === 'verity-demo-2026' ? ', default verity-demo-2026' : ''}):`,
    );
    for (const account of demoAccounts) lines.push(`  ${account.email.padEnd(24)} ${account.roles.join(' + ')}`);
  }
  if (!config.SMTP_URL) lines.push('No SMTP_URL set: each e-mail is kept in the outbox and shown here as an "Outbox" line with its links.');
  if (demoPresent && !config.hostSet) {
    lines.push(`Listening on ${listen.host} only, because demo accounts exist (set HOST and ALLOW_DEMO_ON_NETWORK=true to open it up).`);
  }
  if (listen.warning) lines.push(listen.warning);
  if (screenshots?.skipped) lines.push(`Tutorial screenshots are not taken: ${screenshots.skipped}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) console.error(error.message);
  else console.error('Verity failed to start:', error);
  process.exit(1);
});
