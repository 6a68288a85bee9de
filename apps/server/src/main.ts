import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { baseUrl, loadConfig, poolSettings } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { collectGarbage } from './gc.ts';
import { createMailer } from './integrations/mail.ts';
import { DEMO_AFFILIATE_STORE_SLUG, DEMO_AFFILIATE_SUBDOMAIN } from './seed/demo-partner.ts';
import { DEMO_STORE_SLUG } from './seed/demo-store.ts';
import { DEMO_SUBDOMAIN, seedDemo, seedReferenceData } from './seed/seed.ts';

// Time since the process started (module loading included), per phase, for the ready line.
const phases: Record<string, number> = { modules: Math.round(performance.now()) };
let mark = performance.now();
const lap = (phase: string) => {
  phases[phase] = Math.round(performance.now() - mark);
  mark = performance.now();
};
const config = loadConfig();
const pretty = config.LOG_PRETTY ?? process.stdout.isTTY;
const logger = pino({
  level: config.LOG_LEVEL,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
});

/** A start that cannot go on for a reason the person can fix: said plainly, no stack. */
const refuseStart = (message: string) => {
  logger.fatal(message);
  logger.flush();
  process.exit(1);
};

// A first start unpacks the build's snapshot into a new data directory (and seeds the demo).
const newDataDir = !config.DATABASE_URL && !existsSync(join(config.DATA_DIR, 'pglite', 'PG_VERSION'));
const database = await openDatabase(
  config.DATABASE_URL
    ? {
        url: config.DATABASE_URL,
        pool: poolSettings(config),
        onConnectionError: (err) => logger.warn({ err }, 'database connection lost; it will be replaced'),
      }
    : // In the bundle (dist/) the build's migrated snapshot lies beside this file.
      { dataDir: join(config.DATA_DIR, 'pglite'), baseSnapshot: join(import.meta.dirname, 'pglite-base.tar.gz') },
).catch((error: unknown) => {
  if (error instanceof DataDirInUse) return refuseStart(error.message);
  throw error;
});
lap('database');
await database.migrate();
lap('migrate');
await seedReferenceData(database.db);
let demoCreated = false;
if (config.SEED_DEMO) {
  const demo = await seedDemo(database.db, { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD }, config);
  demoCreated = demo.created;
  if (demo.created) logger.info('demo organization created');
}
lap('seed');
const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.MAIL_DIR }, logger);
const app = await buildApp({ config, database, mailer, logger });
// The snapshot's unpacking and the demo's seeding leave their garbage behind: collected once, now,
// rather than kept resident by a server that may idle for hours (a restart has none of it).
if (newDataDir || demoCreated) collectGarbage();
lap('app');
app.addHook('onClose', () => database.close());

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  await app.close();
  refuseStart(`Port ${config.PORT} is already in use (another server?): stop it, or start this one with PORT=<another port>.`);
}
logger.info(
  {
    url: baseUrl(config),
    database: database.driver === 'pglite' ? `PGlite in ${join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)',
    mail: mailer.describe(),
    jobs: config.JOBS === 'off' ? 'off' : app.jobs.kind,
    readyMs: Math.round(performance.now()),
    phases: { ...phases, listen: Math.round(performance.now() - mark) },
  },
  'Excursio is ready',
);
if (config.SEED_DEMO) {
  logger.info(
    { url: `${baseUrl(config, DEMO_SUBDOMAIN)}/auth/login`, email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD },
    'demo organization: sign in with',
  );
  logger.info({ url: `${baseUrl(config, DEMO_SUBDOMAIN)}/s/${DEMO_STORE_SLUG}/` }, 'demo webstore: visitors book at');
  logger.info(
    {
      url: `${baseUrl(config, DEMO_AFFILIATE_SUBDOMAIN)}/auth/login`,
      email: config.DEMO_AFFILIATE_EMAIL,
      password: config.DEMO_PASSWORD,
    },
    'demo affiliate (resells the walking tour): sign in with',
  );
  logger.info(
    { url: `${baseUrl(config, DEMO_AFFILIATE_SUBDOMAIN)}/s/${DEMO_AFFILIATE_STORE_SLUG}/` },
    'demo affiliate webstore: visitors book at',
  );
}
