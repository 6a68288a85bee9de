import type { TestModePage } from '@excursio/contract/payments';
import { invalid, notFound } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { ONBOARDING } from '../payments/connect.service.ts';
import type { ProviderStateRow } from '../payments/provider-states.repository.ts';
import { readProviderState, useProviderState } from '../payments/provider-states.ts';
import { plansPathOf, withOutcome } from '../subscription/return-paths.ts';
import { subscriptionStateOf, tierWireOf } from '../subscription/subscription.service.ts';
import { accountOrNotFound, PURPOSE } from '../subscription/subscription-rows.ts';
import { testModeSubscriptions } from '../subscription/subscription-test-mode.service.ts';

/**
 * The built-in test mode's stand-ins for the provider's hosted pages: Connect onboarding, the
 * subscription checkout and the billing portal. A page is a signed single-use provider state made
 * by the flow that leads to it (its purpose is the page's kind); only a signed-in person of the
 * organization it was made for sees it. Only in test mode: with Stripe these pages do not exist.
 */

/** The provider state purposes these pages show (the onboarding's is the Connect flow's). */
export const PAGE_PURPOSE = {
  onboarding: ONBOARDING,
  subscription_checkout: PURPOSE.checkout,
  billing_portal: PURPOSE.portal,
} as const;
type Kind = keyof typeof PAGE_PURPOSE;
const KIND_OF = new Map<string, Kind>(Object.entries(PAGE_PURPOSE).map(([kind, purpose]) => [purpose, kind as Kind]));

const gone = () =>
  notFound(
    'This test-mode page is no longer valid: it was already used, it expired, or it does not exist. Start again from the settings.',
  );

const ACTIONS: Record<Kind, readonly string[]> = {
  onboarding: [],
  subscription_checkout: ['complete', 'cancel'],
  billing_portal: ['cancel_subscription', 'fail_payment', 'cancel'],
};

type Caller = { accountId: string; accountName: string };

/** The page's state, when valid, unused and made for the caller's organization (else 404). */
const pageState = async (ctx: AppContext, caller: Caller, token: string) => {
  if (ctx.config.PAYMENT_PROVIDER !== 'test') {
    throw notFound('Test-mode pages exist only when the built-in test mode is the payment provider.');
  }
  const row = await readProviderState(ctx.db, ctx.config.JWT_SECRET, token, [...KIND_OF.keys()], ctx.clock());
  // Another organization's page is answered like one that does not exist.
  if (!row || row.accountId !== caller.accountId) throw gone();
  const kind = KIND_OF.get(row.purpose);
  if (!kind) throw gone();
  return { row, kind };
};

const tierIdOf = (row: ProviderStateRow) => (typeof row.data.tier_id === 'string' ? row.data.tier_id : null);

export const testModePageOf = async (ctx: AppContext, caller: Caller, token: string): Promise<TestModePage> => {
  const { row, kind } = await pageState(ctx, caller, token);
  const tierId = kind === 'subscription_checkout' ? tierIdOf(row) : null;
  const tier = tierId ? await tierWireOf(ctx, tierId) : null;
  return {
    id: row.id,
    kind,
    organization: caller.accountName,
    tier,
    subscription: kind === 'billing_portal' ? await subscriptionStateOf(ctx, caller.accountId) : null,
    expires_at: row.expiresAt.toISOString(),
  };
};

/**
 * What the person chose on a page. The page's state is used once (a second answer is a 404); what
 * the choice does is delivered as test events (the subscription handlers set the plan). Answers
 * where to go next.
 */
export const actOnTestModePage = async (
  ctx: AppContext,
  caller: Caller,
  token: string,
  action: 'complete' | 'cancel' | 'cancel_subscription' | 'fail_payment',
): Promise<{ url: string }> => {
  const { row, kind } = await pageState(ctx, caller, token);
  if (!ACTIONS[kind].includes(action)) {
    throw invalid(
      'action',
      kind === 'onboarding'
        ? 'The onboarding page connects through /api/stripe/oauth/: it has no actions here.'
        : `This page offers ${ACTIONS[kind].join(', ')}.`,
      'invalid_choice',
    );
  }
  const subscriptions = testModeSubscriptions(ctx);
  const account = await accountOrNotFound(ctx, caller.accountId);
  if (kind === 'billing_portal' && action !== 'cancel') await subscriptions.assertRunning(caller.accountId);
  // Used now, once: of parallel answers to one page, one goes on.
  const used = await useProviderState(ctx.db, ctx.config.JWT_SECRET, token, row.purpose, ctx.clock());
  if (!used) throw gone();

  if (kind === 'billing_portal') {
    if (action === 'cancel_subscription') await subscriptions.cancel(caller.accountId);
    if (action === 'fail_payment') await subscriptions.failPayment(caller.accountId);
    return { url: plansPathOf(account.type) };
  }
  const returnPath = typeof row.data.return_path === 'string' ? row.data.return_path : plansPathOf(account.type);
  if (action === 'cancel') return { url: withOutcome(returnPath, 'canceled') };
  const tierId = tierIdOf(row);
  if (!tierId) throw gone();
  await subscriptions.completeCheckout(caller.accountId, row.id, tierId);
  return { url: withOutcome(returnPath, 'success') };
};
