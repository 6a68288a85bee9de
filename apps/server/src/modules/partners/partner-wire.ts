import type { Partnership } from '@excursio/contract/partners';
import type { PartnershipRow, PartnershipView } from './partners.repository.ts';

/** Who reads: an organization, and the signed-in person's email (null for an API key: nothing is addressed to it). */
export type Viewer = { accountId: string; email: string | null };

/** Which side `accountId` is on (or will be, for an invitation addressed to its member). */
export const sideOf = (row: PartnershipRow, accountId: string): 'supplier' | 'reseller' => {
  if (row.supplierAccountId === accountId) return 'supplier';
  if (row.resellerAccountId === accountId) return 'reseller';
  // An email invitation: the invitee takes the side left open.
  return row.supplierAccountId === null ? 'supplier' : 'reseller';
};

/** What the viewer may do with the partnership now (the routes enforce the same rules). */
export const allowed = (row: PartnershipRow, accountId: string) => {
  const invitedByUs = row.invitedByAccountId === accountId;
  const open = row.status === 'pending' || row.status === 'active' || row.status === 'paused';
  return {
    accept: row.status === 'pending' && !invitedByUs,
    decline: row.status === 'pending' && !invitedByUs,
    // The supplier sets the terms; while pending, the inviter may still change what it proposed.
    edit_terms:
      open &&
      (sideOf(row, accountId) === 'supplier' ? row.status !== 'pending' || invitedByUs : row.status === 'pending' && invitedByUs),
    pause: row.status === 'active',
    resume: row.status === 'paused',
    // Pending: the inviter withdraws (the invitee declines instead).
    end: (row.status === 'pending' && invitedByUs) || row.status === 'active' || row.status === 'paused',
  };
};

const org = (id: string | null, name: string | null, subdomain: string | null) =>
  id && name !== null && subdomain !== null ? { id, name, subdomain } : null;

export const partnershipWire = (view: PartnershipView, viewer: Viewer): Partnership => {
  const { row } = view;
  const side = sideOf(row, viewer.accountId);
  const supplier = org(row.supplierAccountId, view.supplierName, view.supplierSubdomain);
  const reseller = org(row.resellerAccountId, view.resellerName, view.resellerSubdomain);
  return {
    id: row.id,
    status: row.status,
    partner_type: side === 'supplier' ? 'resellers' : 'suppliers',
    partner: side === 'supplier' ? reseller : supplier,
    supplier,
    reseller,
    invited_by_us: row.invitedByAccountId === viewer.accountId,
    invite_email: row.inviteEmail,
    message: row.message,
    terms: {
      pricing_mode: row.pricingMode,
      commission_percent: row.commissionBp / 100,
      share_mode: row.shareMode,
      // The chosen set is the supplier's business; the reseller sees how many are shared.
      experience_ids: side === 'supplier' ? view.experienceIds : [],
      allocation: row.allocation,
      payment_collector: row.paymentCollector,
    },
    can: allowed(row, viewer.accountId),
    created_at: row.createdAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    shared_offers_count: row.supplierAccountId ? view.sharedCount : 0,
  };
};
