import { createHash } from 'node:crypto';
import type { PaymentConnection } from '@excursio/contract/payments';
import { baseUrl } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { canCharge } from './card-payments.ts';
import {
  type ConnectionRow,
  connectionByExternalId,
  connectionOf,
  deleteConnection,
  organizationForProvider,
  platformFeeOf,
  updateConnectionFlags,
  upsertConnection,
} from './connections.repository.ts';
import { connectTestMode } from './provider-for.ts';
import { createProviderState, useProviderState } from './provider-states.ts';
import type { ProviderEvent } from './webhooks.service.ts';

/**
 * Connecting an organization's card payment provider account (specification §7: POST/DELETE
 * /api/stripe/connect/, GET /api/stripe/oauth/).
 *
 * Stripe: an Express account (created once per connection, under an idempotency key of the
 * connection's id) and an account link for its onboarding; the link returns through
 * GET /api/stripe/oauth/ with a signed single-use state, where the account's capabilities are read
 * again. `account.updated` webhooks keep them current afterwards. The test mode: a page of ours
 * stands in for the onboarding and returns through the same route.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'stripe' | 'clock'>;
const STATE_MINUTES = 60;
export const ONBOARDING = 'onboarding';
const SETTINGS_PATH = '/settings/payment-providers';

const unavailable = () =>
  new AppError(502, [
    { code: 'provider_unavailable', detail: 'The payment provider did not answer. Nothing was changed: try again.', attr: null },
  ]);

export const toConnection = (row: ConnectionRow | null, testMode: boolean, feeBp: number): PaymentConnection => ({
  provider: row?.provider ?? (testMode ? 'test' : 'stripe'),
  test_mode: row ? row.provider === 'test' : testMode,
  status: !row ? 'not_connected' : canCharge(row) && row.detailsSubmitted ? 'connected' : 'incomplete',
  external_account_id: row?.externalAccountId ?? null,
  details_submitted: row?.detailsSubmitted ?? false,
  charges_enabled: row?.chargesEnabled ?? false,
  payouts_enabled: row?.payoutsEnabled ?? false,
  connected_at: row ? row.createdAt.toISOString() : null,
  platform_fee_bp: feeBp,
});

export const getConnection = async (ctx: Ctx, accountId: string) => {
  const [row, fee] = await Promise.all([connectionOf(ctx.db, accountId), platformFeeOf(ctx.db, accountId)]);
  return toConnection(row, ctx.config.PAYMENT_PROVIDER === 'test', fee);
};

/** POST /api/stripe/connect/: where the person goes to connect (or finish connecting). */
export const startConnect = async (ctx: Ctx, principal: { accountId: string; userId: string; subdomain: string }) => {
  const now = ctx.clock();
  const { token } = await createProviderState(ctx.db, ctx.config.JWT_SECRET, {
    accountId: principal.accountId,
    userId: principal.userId,
    purpose: ONBOARDING,
    ttlMinutes: STATE_MINUTES,
    now,
  });
  if (!ctx.stripe) return { url: `/test-mode/onboarding/${token}` };

  const existing = await connectionOf(ctx.db, principal.accountId);
  if (existing && existing.provider !== 'stripe') await deleteConnection(ctx.db, principal.accountId);
  const connection =
    existing?.provider === 'stripe'
      ? existing
      : await upsertConnection(ctx.db, {
          accountId: principal.accountId,
          provider: 'stripe',
          connectedByUserId: principal.userId,
        });
  const origin = baseUrl(ctx.config, principal.subdomain);
  try {
    let external = connection.externalAccountId;
    if (!external) {
      const organization = await organizationForProvider(ctx.db, principal.accountId);
      const account = await ctx.stripe.accounts.create(
        {
          type: 'express',
          ...(organization?.contact.email ? { email: organization.contact.email } : {}),
          business_profile: { name: organization?.name ?? undefined, url: origin.startsWith('https') ? origin : undefined },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { account_id: principal.accountId, connection_id: connection.id },
        },
        // The connection's own id: a repeated click (or a retry after a lost answer) is the same account.
        { idempotencyKey: `connect-account:${connection.id}` },
      );
      external = account.id;
      await upsertConnection(ctx.db, {
        accountId: principal.accountId,
        provider: 'stripe',
        externalAccountId: external,
        detailsSubmitted: account.details_submitted ?? false,
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        connectedByUserId: principal.userId,
      });
    }
    const link = await ctx.stripe.accountLinks.create(
      {
        account: external,
        type: 'account_onboarding',
        refresh_url: `${origin}${SETTINGS_PATH}?refresh=1`,
        return_url: `${origin}/api/stripe/oauth/?state=${encodeURIComponent(token)}`,
      },
      { idempotencyKey: `connect-link:${createHash('sha256').update(token).digest('hex').slice(0, 32)}` },
    );
    return { url: link.url };
  } catch (error) {
    // A connection begun here and never given an account is taken back: nothing changed.
    if (existing?.provider !== 'stripe') {
      const row = await connectionOf(ctx.db, principal.accountId);
      if (row && !row.externalAccountId) await deleteConnection(ctx.db, principal.accountId);
    }
    if (error instanceof AppError) throw error;
    throw unavailable();
  }
};

/** Reads the account's capabilities from the provider into the connection. */
const refreshFromStripe = async (ctx: Ctx, connection: ConnectionRow) => {
  if (!ctx.stripe || !connection.externalAccountId) return connection;
  const account = await ctx.stripe.accounts.retrieve(connection.externalAccountId);
  return (
    (await updateConnectionFlags(ctx.db, connection.id, {
      detailsSubmitted: account.details_submitted ?? false,
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
    })) ?? connection
  );
};

/**
 * GET /api/stripe/oauth/: the return from the provider's onboarding. The signed single-use state is
 * the authority (the person's session may have lapsed during onboarding), and it must belong to the
 * organization whose address this is. Answers the path to send the browser to.
 */
export const finishConnect = async (
  ctx: Ctx,
  subdomainAccountId: string | null,
  query: { state?: string; code?: string; error?: string },
) => {
  const back = (outcome: string) => `${SETTINGS_PATH}?${outcome}`;
  if (!query.state) return back('error=invalid_state');
  const state = await useProviderState(ctx.db, ctx.config.JWT_SECRET, query.state, ONBOARDING, ctx.clock());
  if (!state || state.accountId !== subdomainAccountId) return back('error=invalid_state');
  if (query.error) return back(query.error === 'access_denied' ? 'error=access_denied' : 'error=provider_error');
  if (!ctx.stripe) {
    // The test mode's onboarding: an account of ours, able to charge at once; no money moves.
    await connectTestMode(ctx.db, state.accountId, state.userId);
    return back('connected=1');
  }
  const connection = await connectionOf(ctx.db, state.accountId);
  if (connection?.provider !== 'stripe' || !connection.externalAccountId) return back('error=invalid_state');
  try {
    const refreshed = await refreshFromStripe(ctx, connection);
    return back(canCharge(refreshed) ? 'connected=1' : 'error=incomplete');
  } catch {
    return back('error=provider_error');
  }
};

/** DELETE /api/stripe/connect/: card payments stop; the provider account itself stays the operator's. */
export const disconnect = async (ctx: Ctx, accountId: string) => {
  if (!(await deleteConnection(ctx.db, accountId))) {
    throw new AppError(404, [{ code: 'not_found', detail: 'No payment provider is connected.', attr: null }]);
  }
};

/** `account.updated`: the capabilities read again from the provider (never the event's copy). */
export const connectEventHandlers = (ctx: Ctx) => ({
  'account.updated': async (event: ProviderEvent) => {
    const id = event.account ?? (event.data.object as { id?: string }).id;
    if (!id) return;
    const connection = await connectionByExternalId(ctx.db, ctx.stripe ? 'stripe' : 'test', id);
    if (connection) await refreshFromStripe(ctx, connection);
  },
});
