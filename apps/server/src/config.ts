import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '@excursio/contract/media';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Host (with port) the organizations' subdomains hang off: `{sub}.{APP_DOMAIN}`. Unset: `localhost`
   * on the server's own PORT, so a server moved to another port still links to itself.
   */
  APP_DOMAIN: z.string().min(1).optional(),
  APP_PROTOCOL: z.enum(['http', 'https']).default('http'),
  DATA_DIR: z.string().default('./data'),
  /** Derived files worth keeping across data directories (generated demo pictures). */
  CACHE_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL pool: connections, wait for one, and the limits set on every session. */
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24 * 3600),
  /** Window in which a just-rotated refresh token may be presented again (parallel tabs). */
  REFRESH_GRACE_S: z.coerce.number().int().min(0).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Excursio <no-reply@excursio.localhost>'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  RATE_LIMIT_ENABLED: bool.default(true),
  /** Failed sign-ins allowed per account (from any address) and per address (for any account) in one window. */
  SIGNIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  SIGNIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  SIGNIN_WINDOW_S: z.coerce.number().int().positive().default(900),
  SEED_DEMO: bool.default(true),
  DEMO_EMAIL: z.string().default('owner@demo.localhost'),
  DEMO_PASSWORD: z.string().default('excursio-demo-2026'),
  /** The demo affiliate's owner (same password as the demo supplier's). */
  DEMO_AFFILIATE_EMAIL: z.string().default('owner@cityguide.localhost'),
  WEB_DIST: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  TRUST_PROXY: bool.default(false),
  /**
   * Card payments and subscriptions: 'test' is the built-in test mode (no network, no keys, labelled
   * test mode wherever a person sees it); 'stripe' needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
   */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint (`whsec_…`) at /api/stripe/webhook/. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe API is (tests point it at a loopback fake server): protocol://host:port. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** How long a visitor's hosted checkout stays open (Stripe's minimum is 30 minutes). */
  STRIPE_CHECKOUT_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
  /** Past due subscriptions keep their plan's features this many days. */
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).default(7),
  /**
   * The job queue (customer messages): `auto` = pg-boss on DATABASE_URL's PostgreSQL, the in-process
   * runner on PGlite; `off` = nothing runs on its own (tests run jobs explicitly).
   */
  JOBS: z.enum(['auto', 'off']).default('auto'),
  /** How often due messages are looked for (the in-process runner; pg-boss schedules every minute). */
  JOBS_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How often each pg-boss worker asks for jobs. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** pg-boss's schema (its job tables); a test running its own pg-boss instances takes one of its own. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('pgboss'),
  /** A failed job is tried again this long after (3 times; pg-boss and the in-process runner alike). */
  JOBS_RETRY_SECONDS: z.coerce.number().min(0).default(30),
  /** Media: uploaded files live under `${DATA_DIR}/uploads` ('local') or in an S3-compatible bucket ('s3'). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible endpoint (MinIO, R2, Ceph…: protocol://host[:port]); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The bucket must exist; required with STORAGE_DRIVER=s3. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  /** Both or neither: without them the AWS SDK's own chain (environment, instance role…) is used. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path (`endpoint/bucket/key`) instead of the host name; most self-hosted servers need it. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Connecting to the storage, and each request's answer, time out after this. */
  S3_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(MAX_UPLOAD_BYTES),
  MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(MAX_IMAGE_PIXELS),
  /**
   * Webhooks are delivered only to public addresses. Exact IP addresses listed here (comma-separated)
   * are allowed although private: for tests whose receiver listens on 127.0.0.1. Never in production.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  /** The outbox worker looks for due webhook deliveries this often (0: only when asked, as tests do). */
  WEBHOOK_SWEEP_MS: z.coerce.number().int().min(0).default(2000),
  /** One delivery attempt (connect, send, answer) times out after this. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Attempts of one delivery before it is marked failed (back-off between them). */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  /** Consecutive failed attempts after which an endpoint is disabled and its owner mailed. */
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().positive().default(15),
  /** The first retry waits this long; each next one twice as long (at most six hours). */
  WEBHOOK_BACKOFF_BASE_S: z.coerce.number().int().positive().default(30),
  /** Outbound fetches (video metadata, geocoding) time out after this. */
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  YOUTUBE_API_KEY: z.string().optional(),
  VIDEO_API_BASE_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  /** Hosts (host[:port], comma-separated) video metadata may be fetched from. */
  VIDEO_API_ALLOWED_HOSTS: z
    .string()
    .default('www.googleapis.com')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** A Nominatim-compatible search URL (e.g. https://nominatim.example.org/search); unset: the embedded gazetteer. */
  GEOCODER_URL: z.url().optional(),
  /** reCAPTCHA (v3 or v2) for webstore orders: both keys set turn the stores' reCAPTCHA setting on. */
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Hosts (comma-separated) the verification may be sent to. */
  RECAPTCHA_ALLOWED_HOSTS: z
    .string()
    .default('www.google.com,www.recaptcha.net')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** reCAPTCHA v3: the lowest score taken as a person. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Webstore orders allowed per address per minute. */
  WEBSTORE_ORDER_RATE_MAX: z.coerce.number().int().positive().default(10),
});

export type Config = Omit<z.infer<typeof envSchema>, 'APP_DOMAIN' | 'JWT_SECRET' | 'DATA_DIR' | 'CACHE_DIR'> & {
  APP_DOMAIN: string;
  JWT_SECRET: string;
  DATA_DIR: string;
  CACHE_DIR: string;
  MAIL_DIR: string;
  WEB_DIST: string;
};

/** The checkout's root, from the sources (src/) or the bundle (dist/) alike. */
const findRepoRoot = (from: string) => {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps', 'server', 'package.json'))) return dir;
  }
  return resolve(from, '../../..');
};
const repoRoot = findRepoRoot(import.meta.dirname);

/** `CACHE_DIR` as configured, or the default inside node_modules (kept across data directories). */
export const cacheDirOf = (value: string | undefined) => resolve(repoRoot, value ?? 'node_modules/.cache/excursio');

/** A secret generated once per data directory, so restarts keep sessions valid. */
const persistentSecret = (dataDir: string) => {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
};

/** The one place environment variables are read. Throws a readable error on bad input. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.PAYMENT_PROVIDER === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) problems.push('STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = resolve(repoRoot, c.DATA_DIR);
  return {
    ...c,
    APP_DOMAIN: c.APP_DOMAIN ?? `localhost:${c.PORT}`,
    DATA_DIR: dataDir,
    CACHE_DIR: cacheDirOf(c.CACHE_DIR),
    MAIL_DIR: join(dataDir, 'mail'),
    JWT_SECRET: c.JWT_SECRET ?? persistentSecret(dataDir),
    WEB_DIST: resolve(repoRoot, c.WEB_DIST ?? 'apps/web/dist'),
  };
};

export const baseUrl = (config: Config, subdomain?: string | null) =>
  `${config.APP_PROTOCOL}://${subdomain ? `${subdomain}.` : ''}${config.APP_DOMAIN}`;

/** The pool settings of `openDatabase` from the configuration. */
export const poolSettings = (config: Config) => ({
  max: config.DB_POOL_MAX,
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
  idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
});
