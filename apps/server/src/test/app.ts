import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig, poolSettings } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createMemoryMailer } from '../integrations/mail.ts';
import { createBackground } from '../jobs/background.ts';
import { createJwt } from '../modules/auth/jwt.ts';

export const TEST_DOMAIN = 'excursio.test';

export const testConfig = (overrides: Partial<Record<string, string>> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    APP_DOMAIN: TEST_DOMAIN,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_ENABLED: 'false',
    DATA_DIR: '/tmp/excursio-test-data',
    WEB_DIST: '/nonexistent',
    // No job runs on its own in tests: they run the queue's jobs explicitly (app.jobs).
    JOBS: 'off',
    // A failed job is tried again at once (the queue's retries, without their 30 s wait).
    JOBS_RETRY_SECONDS: '0',
    // Nor the webhook outbox worker: on the shared PostgreSQL database another file's app would
    // claim this file's deliveries (and, without WEBHOOK_ALLOW_PRIVATE, refuse its loopback receiver).
    WEBHOOK_SWEEP_MS: '0',
    ...overrides,
  });

/**
 * A full app on a fresh database (PGlite snapshot) or on the shared PostgreSQL test database.
 * `databaseUrl` overrides DATABASE_URL (e.g. to tag the connections with an application_name).
 */
export const createTestApp = async (overrides: Partial<Record<string, string>> = {}, options: { databaseUrl?: string } = {}) => {
  // The app's clock: the real time until a test sets `clock.now` (holds expire by it).
  const clock: { now: Date | null } = { now: null };
  const config = testConfig(overrides);
  const url = options.databaseUrl ?? process.env.DATABASE_URL;
  const database = url
    ? await openDatabase({ url, pool: poolSettings(config) })
    : await openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
  const mailer = createMemoryMailer();
  const background = createBackground();
  const app = await buildApp({ config, database, mailer, background, clock: () => clock.now ?? new Date() });
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    mailer,
    clock,
    /**
     * Waits for the work the last requests left to run after their answers (mails: background work and
     * the jobs this process runs or queued in process), and for access
     * changes written straight to the database (not through the API) to reach the app.
     */
    settled: async () => {
      await background.idle();
      await app.jobs.idle();
      await app.accessSynced();
    },
    jwt: createJwt(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_S),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * One app for the whole test file: created in beforeAll, closed in afterAll. The returned object is
 * filled in by beforeAll, so use it inside tests and hooks only. `overrides` may be a function when
 * it needs work done first (it runs inside beforeAll).
 */
export const useTestApp = (overrides: Partial<Record<string, string>> | (() => Partial<Record<string, string>>) = {}) => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof overrides === 'function' ? overrides() : overrides));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
};

/** Host + Origin headers of a subdomain (or the bare domain), as a browser on that page sends them. */
export const hostHeaders = (subdomain: string | null) => {
  const host = subdomain ? `${subdomain}.${TEST_DOMAIN}` : TEST_DOMAIN;
  return { host, origin: `http://${host}` };
};
