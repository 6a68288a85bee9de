import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Failed sign-ins counted across requests (in Redis when REDIS_URL is set, so every instance sees
 * them): per account across every address, and per address across every account. The per-route
 * limit (IP + email, per minute) alone let one account be tried from many addresses and many
 * accounts from one.
 *
 * A block lasts only until its window ends (15 minutes by default) and counts unknown emails the
 * same as known ones, so it reveals nothing and an attacker can lock a real user out only briefly
 * — a password reset still works meanwhile.
 */
export type SignInGuard = {
  /** Throws 429 while the account or the address is blocked. */
  check: (email: string, ip: string) => Promise<void>;
  failed: (email: string, ip: string) => Promise<void>;
  /** A correct password clears the account's count. */
  succeeded: (email: string) => Promise<void>;
};

const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

const limiter = (redis: Redis | undefined, keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
  redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration,
        // Redis unreachable: keep limiting in this process rather than failing sign-in.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      })
    : new RateLimiterMemory({ keyPrefix, points, duration });

const blocked = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError(429, [
    {
      code: 'throttled',
      detail: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
      attr: null,
    },
  ]);
};

export const createSignInGuard = (config: Config, redis: Redis | undefined): SignInGuard => {
  if (!config.RATE_LIMIT_ENABLED) {
    return { check: async () => {}, failed: async () => {}, succeeded: async () => {} };
  }
  const byAccount = limiter(redis, 'excursio-signin-acc', config.SIGNIN_ACCOUNT_MAX_FAILURES, config.SIGNIN_WINDOW_S);
  const byAddress = limiter(redis, 'excursio-signin-ip', config.SIGNIN_ADDRESS_MAX_FAILURES, config.SIGNIN_WINDOW_S);
  return {
    check: async (email, ip) => {
      const [account, address] = await Promise.all([byAccount.get(accountKey(email)), byAddress.get(ip)]);
      for (const [res, max] of [
        [account, config.SIGNIN_ACCOUNT_MAX_FAILURES],
        [address, config.SIGNIN_ADDRESS_MAX_FAILURES],
      ] as const) {
        if (res && res.consumedPoints >= max) throw blocked(res.msBeforeNext);
      }
    },
    failed: async (email, ip) => {
      // Counting only: `penalty` never rejects, the next `check` decides.
      await Promise.all([byAccount.penalty(accountKey(email), 1), byAddress.penalty(ip, 1)]);
    },
    succeeded: async (email) => {
      await byAccount.delete(accountKey(email));
    },
  };
};
