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
import type { Background } from '../jobs/background.ts';
import type { Jwt } from '../modules/auth/jwt.ts';
import type { SignInGuard } from '../modules/auth/sign-in-guard.ts';

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
  signInGuard: SignInGuard;
  /** The time capacity decisions are made at (holds expire by it); tests move it. */
  clock: () => Date;
};
