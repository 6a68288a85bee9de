import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { baseUrl, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_SUBDOMAIN, seedDemo, seedReferenceData } from './db/seed/seed.ts';
import { createMailer } from './integrations/mail.ts';

const started = performance.now();
const config = loadConfig();
const pretty = config.LOG_PRETTY ?? process.stdout.isTTY;
const logger = pino({
  level: config.LOG_LEVEL,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
});

const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: join(config.DATA_DIR, 'pglite') },
);
await database.migrate();
await seedReferenceData(database.db);
if (config.SEED_DEMO) {
  const demo = await seedDemo(database.db, { email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD }, config);
  if (demo.created) logger.info('demo organization created');
}
const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.MAIL_DIR }, logger);
const app = await buildApp({ config, database, mailer, logger });
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

await app.listen({ host: config.HOST, port: config.PORT });
logger.info(
  {
    url: baseUrl(config),
    database: database.driver === 'pglite' ? `PGlite in ${join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL (DATABASE_URL)',
    mail: mailer.describe(),
    readyMs: Math.round(performance.now() - started),
  },
  'Excursio is ready',
);
if (config.SEED_DEMO) {
  logger.info(
    { url: `${baseUrl(config, DEMO_SUBDOMAIN)}/auth/login`, email: config.DEMO_EMAIL, password: config.DEMO_PASSWORD },
    'demo organization: sign in with',
  );
}
