import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/**
 * The Stripe SDK as configured: the real API, or (tests) a loopback fake server at STRIPE_API_URL.
 * Retries are ours to make (every create carries our idempotency key), so the SDK makes none.
 */
export const createStripe = (config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'OUTBOUND_TIMEOUT_MS'>) => {
  if (!config.STRIPE_SECRET_KEY) return null;
  const url = new URL(config.STRIPE_API_URL);
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    timeout: Math.max(config.OUTBOUND_TIMEOUT_MS, 10_000),
    telemetry: false,
    appInfo: { name: 'Excursio' },
  });
};
export type StripeClient = Stripe;
