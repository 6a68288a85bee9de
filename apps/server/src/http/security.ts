import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

/** Google's reCAPTCHA script and frame, allowed only when the server has reCAPTCHA keys. */
const recaptchaSources = (config: Config) =>
  config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
    ? {
        script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      }
    : { script: [], frame: [] };

const helmetOptions = (config: Config): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...recaptchaSources(config).script],
      // Mantine sets inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', ...recaptchaSources(config).frame],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  hsts: config.APP_PROTOCOL === 'https' ? { maxAge: 15552000, includeSubDomains: true } : false,
  crossOriginEmbedderPolicy: false,
});

/**
 * The security headers, computed once: they do not depend on the request (no CSP nonces), so
 * every response (including the router's own errors, which run no hooks) gets the same set.
 */
export const securityHeaders = (config: Config): Record<string, string> => {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
};

export const registerSecurityHeaders = (app: FastifyInstance, headers: Record<string, string>) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};

/** The shared store for counters (rate limits, sign-in guard) when REDIS_URL is set. */
export const connectRedis = async (config: Config): Promise<Redis | undefined> => {
  if (!config.REDIS_URL) return undefined;
  const { Redis } = await import('ioredis');
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
};

/** Per-route limits (`config.rateLimit`); in-memory, or shared through Redis when REDIS_URL is set. */
export const registerRateLimits = async (app: FastifyInstance, config: Config, redis: Redis | undefined) => {
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'excursio-rl-',
    allowList: () => !config.RATE_LIMIT_ENABLED,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, [
        { code: 'throttled', detail: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, attr: null },
      ]),
  });
};
