import type { Executor } from '../db/client.ts';
import { upsertConnection } from '../modules/payments/connections.repository.ts';
import { connectTestMode } from '../modules/payments/provider-for.ts';

/**
 * The organization takes card payments through the built-in test mode (as after Settings → Payment
 * providers → Connect in test mode): provider test, every flag on.
 */
export const connectTestProvider = (db: Executor, accountId: string) => connectTestMode(db, accountId, null);

/** The organization's Stripe (Connect) account `acct`; charges enabled unless told otherwise. */
export const connectStripeAccount = (db: Executor, accountId: string, acct: string, flags: { chargesEnabled?: boolean } = {}) =>
  upsertConnection(db, {
    accountId,
    provider: 'stripe',
    externalAccountId: acct,
    detailsSubmitted: true,
    chargesEnabled: flags.chargesEnabled ?? true,
    payoutsEnabled: flags.chargesEnabled ?? true,
  });
