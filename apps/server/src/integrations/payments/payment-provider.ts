import { createHash } from 'node:crypto';

/**
 * What a card payment provider does for an order. The card-payments issue adds Stripe behind the
 * same interface; until then the built-in test mode answers at once, moves no money, and every
 * payment it makes is marked `test_mode` wherever a person sees it.
 */
export type ProviderResult = { status: 'pending' | 'succeeded' | 'failed'; reference: string };

export type PaymentProvider = {
  readonly name: string;
  readonly testMode: boolean;
  /**
   * Charges (and captures) an amount; `idempotencyKey` makes a repeated call the same charge.
   * `paymentToken` is the card as the provider's client tokenised it (webstore checkout); without it
   * the provider charges what the operator recorded.
   */
  charge(input: {
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    paymentToken?: string;
  }): Promise<ProviderResult>;
  /** Refunds part or all of an earlier charge. */
  refund(input: { amountMinor: number; currency: string; idempotencyKey: string }): Promise<ProviderResult>;
  /** Reads a payment's state again (webhooks and reconciliation). */
  state(reference: string): Promise<ProviderResult['status']>;
};

const reference = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** Test cards as the provider's client tokenises them (Stripe's test tokens): this one is declined. */
export const DECLINED_TEST_TOKEN = 'tok_chargeDeclined';

/**
 * The built-in test mode: deterministic references from the idempotency key; succeeds, except for
 * the declined test card's token.
 */
export const testModeProvider: PaymentProvider = {
  name: 'test',
  testMode: true,
  charge: async ({ idempotencyKey, paymentToken }) => ({
    status: paymentToken === DECLINED_TEST_TOKEN ? 'failed' : 'succeeded',
    reference: reference('test_ch', idempotencyKey),
  }),
  refund: async ({ idempotencyKey }) => ({ status: 'succeeded', reference: reference('test_re', idempotencyKey) }),
  state: async () => 'succeeded',
};
