import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Mailer } from '../integrations/mail.ts';
import type { StripeClient } from '../integrations/payments/stripe-client.ts';
import type { Background } from '../jobs/background.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Jwt } from '../modules/auth/jwt.ts';
import type { SignInGuard } from '../modules/auth/sign-in-guard.ts';
import type { WebhookReceiver } from '../modules/payments/webhooks.service.ts';
import type { WebhookWorker } from '../modules/webhooks/delivery.service.ts';

/** The Fastify instance modules register routes on (zod type provider). */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module gets: config, the database, mail, token signing, after-response work, the sign-in guard. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  jwt: Jwt;
  background: Background;
  /** The job queue (durable work after the answer: the order's mails, customer messages, notices). */
  jobs: JobQueue;
  signInGuard: SignInGuard;
  /** The time capacity decisions are made at (holds expire by it); tests move it. */
  clock: () => Date;
  /** The Stripe SDK when PAYMENT_PROVIDER=stripe; null in the built-in test mode. */
  stripe: StripeClient | null;
  /** Provider webhooks' receiver (the test mode delivers its events through it too). */
  webhooks: WebhookReceiver;
  /** The outbox worker of integrators' webhooks (sweeps on a timer; routes kick it). */
  webhookWorker: WebhookWorker;
};
