import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

export const registerSecurityHeaders = async (app: FastifyInstance, config: Config) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.APP_PROTOCOL === 'https' ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
};

/** Per-route limits (`config.rateLimit`); in-memory, or shared through Redis when REDIS_URL is set. */
export const registerRateLimits = async (app: FastifyInstance, config: Config) => {
  let redis: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
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
