import type { TestApp } from './app.ts';
import { createAccount, type TestAccount } from './factories.ts';
import { connectTestProvider } from './payment-factories.ts';

/**
 * A supplier and an affiliate (each on its top plan) — the two sides of a partnership — both taking
 * card payments in test mode (`card: false` leaves them unconnected).
 */
export const supplierAndReseller = async (t: TestApp, options: { card?: boolean } = {}) => {
  const supplier = await createAccount(t, { type: 'supplier' });
  const reseller = await createAccount(t, { type: 'affiliate' });
  if (options.card !== false) {
    await connectTestProvider(t.db, supplier.account.id);
    await connectTestProvider(t.db, reseller.account.id);
  }
  return { supplier, reseller };
};

/** The supplier invites the reseller by subdomain with these terms; the reseller accepts. Answers the partnership. */
export const partnerUp = async (
  t: TestApp,
  supplier: TestAccount,
  reseller: TestAccount,
  terms: Record<string, unknown> = {},
) => {
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/partners/',
    headers: supplier.owner.headers,
    payload: { partner_type: 'resellers', subdomain: reseller.subdomain, terms },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/partners/${invited.json().id}/accept/`,
    headers: reseller.owner.headers,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return accepted.json() as { id: string; status: string };
};

/** A partnership transition (pause, resume, end…) by one side: the raw response. */
export const partnerAction = (t: TestApp, account: TestAccount, id: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/api/partners/${id}/${action}/`, headers: account.owner.headers });
