import type { ReconciliationAnswer } from '@excursio/contract/payments';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { type PaymentProvider, testModeProvider } from '../../integrations/payments/payment-provider.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { latePayments } from './card-checkouts.repository.ts';
import { cardProviderForTests } from './provider-for.ts';
import {
  cardMovementsSince,
  type Finding,
  lastFindings,
  replaceFindings,
  stripeMovementsSince,
} from './reconciliation.repository.ts';

/**
 * Reconciliation: our record of the organization's card payments through Stripe against Stripe's,
 * over the last 90 days. Every recorded payment intent is read again with its refunds; payment
 * intents made for the organization (found by our metadata) that we have no payment for are
 * listed too. The findings replace the previous run's; paid checkouts that became no order
 * (refunded, or flagged for staff) are listed beside them.
 */
const WINDOW_DAYS = 90;

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

export const runReconciliation = async (db: Db, stripe: StripeClient | null, accountId: string, now: Date) => {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const findings: Finding[] = [];
  // The test mode every new organization starts with: its card payments are checked too.
  let checked = await checkTestMode(db, accountId, since, cardProviderForTests.current ?? testModeProvider, findings);
  if (stripe) {
    const movements = await stripeMovementsSince(db, accountId, since);
    const charges = movements.filter((m) => m.kind === 'payment' && m.status === 'succeeded' && m.providerReference);
    const refundRefs = new Set(movements.filter((m) => m.kind === 'refund').map((m) => m.providerReference));
    const ourRefundIds = new Set(movements.filter((m) => m.kind === 'refund').map((m) => m.id));
    const chargeRefs = new Set(charges.map((m) => m.providerReference));
    for (const charge of charges) {
      checked += 1;
      const reference = charge.providerReference ?? '';
      const intent = await stripe.paymentIntents.retrieve(reference).catch(() => null);
      if (!intent) {
        findings.push({
          kind: 'missing_there',
          providerReference: reference,
          paymentId: charge.id,
          detail: 'Stripe has no such payment.',
        });
        continue;
      }
      if (intent.status !== 'succeeded') {
        findings.push({
          kind: 'status_differs',
          providerReference: reference,
          paymentId: charge.id,
          detail: `Recorded as paid; at Stripe the payment is ${intent.status}.`,
        });
      }
      if (intent.amount_received !== charge.amountMinor) {
        findings.push({
          kind: 'amount_differs',
          providerReference: reference,
          paymentId: charge.id,
          detail: `Recorded ${money(charge.amountMinor, intent.currency)}; Stripe received ${money(intent.amount_received, intent.currency)}.`,
        });
      }
      const refunds = await stripe.refunds.list({ payment_intent: reference, limit: 100 });
      for (const refund of refunds.data) {
        if (refund.status !== 'succeeded' && refund.status !== 'pending') continue;
        const known = refundRefs.has(refund.id) || ourRefundIds.has(refund.metadata?.payment_id ?? '');
        if (!known) {
          findings.push({
            kind: 'missing_here',
            providerReference: refund.id,
            paymentId: charge.id,
            detail: `A refund of ${money(refund.amount, refund.currency)} made at Stripe is not recorded on the order.`,
          });
        }
      }
      const theirs = new Set(refunds.data.map((r) => r.id));
      for (const ours of movements.filter((m) => m.kind === 'refund' && m.status === 'succeeded')) {
        const sameCharge = ours.orderId === charge.orderId;
        if (sameCharge && ours.providerReference && !theirs.has(ours.providerReference)) {
          findings.push({
            kind: 'missing_there',
            providerReference: ours.providerReference,
            paymentId: ours.id,
            detail: `A refund of ${money(ours.amountMinor, intent.currency)} recorded here is not at Stripe.`,
          });
        }
      }
    }
    // Payments made for this organization that we have no record of (a checkout never fulfilled).
    const late = new Set((await latePayments(db, accountId, since)).map((c) => c.providerPaymentId));
    const found = await searchIntents(stripe, accountId, since);
    for (const intent of found) {
      if (intent.status !== 'succeeded' || chargeRefs.has(intent.id) || late.has(intent.id)) continue;
      findings.push({
        kind: 'missing_here',
        providerReference: intent.id,
        paymentId: null,
        detail: `A payment of ${money(intent.amount_received, intent.currency)} at Stripe has no order here.`,
      });
    }
  }
  await replaceFindings(db, accountId, findings, { checked, at: now });
  return reconciliationOf(db, accountId, now);
};

/**
 * The built-in test mode's card payments (provider `test`): each succeeded payment is read again
 * from the test-mode provider (its state), and per order what was refunded through it must not
 * exceed what was paid through it. Answers how many payments were checked.
 */
const checkTestMode = async (db: Db, accountId: string, since: Date, provider: PaymentProvider, findings: Finding[]) => {
  const movements = await cardMovementsSince(db, accountId, since, 'test');
  const charges = movements.filter((m) => m.kind === 'payment' && m.status === 'succeeded' && m.providerReference);
  for (const charge of charges) {
    const state = await provider.state(charge.providerReference ?? '').catch(() => 'failed' as const);
    if (state !== 'succeeded') {
      findings.push({
        kind: 'status_differs',
        providerReference: charge.providerReference ?? '',
        paymentId: charge.id,
        detail: `Recorded as paid; the test-mode provider says the payment is ${state}.`,
      });
    }
  }
  const byOrder = new Map<string, { paid: number; refunded: number; last: (typeof movements)[number] }>();
  for (const m of movements.filter((x) => x.status === 'succeeded' && x.orderId)) {
    const sums = byOrder.get(m.orderId ?? '') ?? { paid: 0, refunded: 0, last: m };
    if (m.kind === 'payment') sums.paid += m.amountMinor;
    else sums.refunded += m.amountMinor;
    if (m.kind !== 'payment') sums.last = m;
    byOrder.set(m.orderId ?? '', sums);
  }
  for (const { paid, refunded, last } of byOrder.values()) {
    if (refunded <= paid) continue;
    findings.push({
      kind: 'amount_differs',
      providerReference: last.providerReference ?? '',
      paymentId: last.id,
      detail: `Refunded ${(refunded / 100).toFixed(2)} through the test mode, but only ${(paid / 100).toFixed(2)} was paid through it.`,
    });
  }
  return charges.length;
};

/** Stripe's payment intents carrying our organization's id (metadata), created in the window. */
const searchIntents = async (stripe: StripeClient, accountId: string, since: Date) => {
  const found: Stripe.PaymentIntent[] = [];
  let page: string | undefined;
  for (let i = 0; i < 20; i += 1) {
    const result = await stripe.paymentIntents.search({
      query: `metadata['account_id']:'${accountId}' AND created>${Math.floor(since.getTime() / 1000)}`,
      limit: 100,
      ...(page ? { page } : {}),
    });
    found.push(...result.data);
    if (!result.has_more || !result.next_page) break;
    page = result.next_page;
  }
  return found;
};

/** GET /api/stripe/reconciliation/: the last run's findings and the late payments. */
export const reconciliationOf = async (db: Db, accountId: string, now: Date): Promise<ReconciliationAnswer> => {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const [{ run, mismatches }, late] = await Promise.all([lastFindings(db, accountId), latePayments(db, accountId, since)]);
  return {
    checked_at: run ? run.at.toISOString() : null,
    checked: run?.checked ?? 0,
    mismatches: mismatches.map((m) => ({
      id: m.id,
      kind: m.kind,
      provider_reference: m.providerReference,
      payment_id: m.paymentId,
      detail: m.detail,
      found_at: m.foundAt.toISOString(),
    })),
    late_payments: late.map((c) => ({
      id: c.id,
      amount: c.amountMinor,
      currency: c.currency,
      status: c.status as 'refunded' | 'flagged',
      problem: c.problem ?? '',
      created_at: c.createdAt.toISOString(),
    })),
  };
};
