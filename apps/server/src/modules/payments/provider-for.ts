import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { type PaymentProvider, testModeProvider } from '../../integrations/payments/payment-provider.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { canCharge } from './card-payments.ts';
import { type ConnectionRow, connectionOf, upsertConnection } from './connections.repository.ts';

/**
 * How an organization takes card payments now, from its connection (one per organization):
 * - `test`: the built-in test mode (inline card form, immediate charge, no money moves);
 * - `stripe`: its Stripe account (`acct_…`), charged on the platform with the money sent on to it
 *   (destination charges through Stripe Checkout);
 * - `unavailable`: no connection, onboarding not finished, charges not enabled — or a Stripe
 *   connection on a server running without Stripe keys.
 */
export type CardPayments =
  | { kind: 'unavailable' }
  | { kind: 'test'; provider: PaymentProvider; connection: ConnectionRow }
  | { kind: 'stripe'; stripe: StripeClient; connection: ConnectionRow; account: string };

/**
 * Test-only: the provider a test connection charges through (one that fails, or answers when told).
 * Without it, the built-in test mode.
 */
export const cardProviderForTests: { current: PaymentProvider | null } = { current: null };

export const cardPaymentsOf = async (db: Executor, stripe: StripeClient | null, accountId: string): Promise<CardPayments> => {
  const connection = await connectionOf(db, accountId);
  if (!canCharge(connection)) return { kind: 'unavailable' };
  if (connection.provider === 'test') {
    return { kind: 'test', provider: cardProviderForTests.current ?? testModeProvider, connection };
  }
  if (!stripe || !connection.externalAccountId) return { kind: 'unavailable' };
  return { kind: 'stripe', stripe, connection, account: connection.externalAccountId };
};

/** Connects the built-in test mode, every flag on (the demo's organizations are seeded connected). */
export const connectTestMode = (db: Executor, accountId: string, userId: string | null) =>
  upsertConnection(db, {
    accountId,
    provider: 'test',
    // An account id of ours, as the provider would give one (shown on the payment providers page).
    externalAccountId: `acct_test_${createHash('sha256').update(accountId).digest('hex').slice(0, 16)}`,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    connectedByUserId: userId,
  });
