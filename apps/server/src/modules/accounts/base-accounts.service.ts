import type { BaseAccount, BillingInfo, ContactInfo, LegalInfo, Profile } from '@excursio/contract/accounts';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { type AccountRow, findAccount, lockAccount, updateAccount } from './base-accounts.repository.ts';
import { activeAccountIdBySubdomain } from './organization.repository.ts';

const toBaseAccount = (row: AccountRow): BaseAccount => ({
  id: row.id,
  name: row.name,
  subdomain: row.subdomain,
  type: row.type,
  subscription_tier:
    row.tierId && row.tierCode && row.tierName ? { id: row.tierId, code: row.tierCode, name: row.tierName } : null,
  active_subscription_features: row.features ?? [],
  contact_info: row.contactInfo,
  profile: row.profile,
  legal_info: row.legalInfo,
  billing_info: row.billingInfo,
  created_at: row.createdAt.toISOString(),
});

/** The caller's organization as a one-row list (a user belongs to exactly one organization). */
export const listOwnAccount = async (db: Db, accountId: string, search?: string) => {
  const row = await findAccount(db, accountId, search);
  return row ? [toBaseAccount(row)] : [];
};

/** Another organization's id is indistinguishable from an unknown one. */
export const getOwnAccount = async (db: Executor, accountId: string, requestedId: string) => {
  const row = requestedId === accountId ? await findAccount(db, accountId) : null;
  if (!row) throw notFound();
  return toBaseAccount(row);
};

export type AccountChange = {
  name?: string;
  contact_info?: Partial<ContactInfo>;
  profile?: Partial<Profile>;
  legal_info?: Partial<LegalInfo>;
  billing_info?: Partial<BillingInfo>;
};

/** PUT sends every section whole; PATCH merges the given keys of each given section. */
export const changeOwnAccount = async (db: Db, accountId: string, requestedId: string, change: AccountChange) => {
  if (requestedId !== accountId) throw notFound();
  await db.transaction(async (tx) => {
    const current = await lockAccount(tx, accountId);
    if (!current) throw notFound();
    await updateAccount(tx, accountId, {
      name: change.name ?? current.name,
      contactInfo: { ...current.contactInfo, ...change.contact_info },
      profile: { ...current.profile, ...change.profile },
      legalInfo: { ...current.legalInfo, ...change.legal_info },
      billingInfo: { ...current.billingInfo, ...change.billing_info },
    });
  });
  return getOwnAccount(db, accountId, accountId);
};

/** The organization a public (unauthenticated) request is for: the one on its subdomain, if active. */
export const publicAccountOf = async (db: Db, subdomain: string | null) => {
  const accountId = subdomain ? await activeAccountIdBySubdomain(db, subdomain) : null;
  if (!accountId) throw notFound('There is no organization at this address.');
  return accountId;
};
