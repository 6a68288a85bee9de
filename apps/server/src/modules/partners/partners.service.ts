import { MESSAGES } from '@excursio/contract/messages';
import type { PartnershipInvite, partnershipTermsPatch } from '@excursio/contract/partners';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { AppError, forbidden, invalid, notFound, refusedByState } from '../../http/app-error.ts';
import { allowed, partnershipWire, sideOf, type Viewer } from './partner-wire.ts';
import {
  accountBySubdomain,
  insertPartnership,
  lockPartnership,
  ownOfferIds,
  type PartnershipFilters,
  type PartnershipRow,
  partnershipsPage,
  partnershipView,
  replaceSharedOffers,
  saleTermsFor,
  sharedOfferRow,
  sharedOffersPage,
  updatePartnership,
} from './partners.repository.ts';
import { auditPartnership, partnershipBefore } from './partnership-audit.ts';

export type Acting = Viewer & { features: string[] };
type TermsPatch = z.output<typeof partnershipTermsPatch>;
type Invite = Omit<PartnershipInvite, 'terms' | 'message'> & {
  message: string;
  terms: TermsPatch & Required<Pick<TermsPatch, 'pricing_mode'>>;
};

export { activeCollectors, activeSupplierIds, type SaleTerms, saleTermsFor } from './partners.repository.ts';

/** Selling partners' offers (being a reseller) is the plan feature `resales`. */
const assertMayResell = (acting: Acting) => {
  if (!acting.features.includes('resales')) throw forbidden(MESSAGES.noFeature, 'feature_not_in_plan');
};

const ALREADY = 'You already have a partnership with this organization: open it in the list.';

const get = async (db: Db, viewer: Viewer, id: string) => {
  const view = await partnershipView(db, viewer.accountId, viewer.email, id);
  if (!view) throw notFound('This partnership does not exist.');
  return view;
};

export const listPartnerships = async (db: Db, viewer: Viewer, f: PartnershipFilters) => {
  const { rows, total } = await partnershipsPage(db, viewer.accountId, viewer.email, f);
  return { results: rows.map((v) => partnershipWire(v, viewer)), count: total };
};

export const getPartnership = async (db: Db, viewer: Viewer, id: string) => partnershipWire(await get(db, viewer, id), viewer);

const termsValues = (terms: TermsPatch) => ({
  ...(terms.pricing_mode !== undefined ? { pricingMode: terms.pricing_mode } : {}),
  ...(terms.commission_percent !== undefined ? { commissionBp: Math.round(terms.commission_percent * 100) } : {}),
  ...(terms.share_mode !== undefined ? { shareMode: terms.share_mode } : {}),
  ...(terms.allocation !== undefined ? { allocation: terms.allocation } : {}),
  ...(terms.payment_collector !== undefined ? { paymentCollector: terms.payment_collector } : {}),
});

/** The chosen offers must be the supplier's own; only the supplier can choose them. */
const checkSharedOffers = async (
  db: Executor,
  supplierAccountId: string | null,
  ids: string[] | undefined,
  attr: 'terms.experience_ids' | 'experience_ids',
) => {
  if (!ids || ids.length === 0) return;
  if (!supplierAccountId) throw invalid(attr, 'Only the supplier chooses which of its offers are shared.');
  const own = await ownOfferIds(db, supplierAccountId, ids);
  const stranger = ids.findIndex((id) => !own.has(id));
  if (stranger >= 0) throw invalid(`${attr}.${stranger}`, 'This offer is not one of yours.', 'does_not_exist');
};

/**
 * Invite an organization: by subdomain (it sees the invitation at once) or by email (whoever
 * signs in with that address answers for their organization). Returns the partnership and, for an
 * email invitation, the address to mail.
 */
export const invitePartner = async (db: Db, acting: Acting, input: Invite) => {
  const weAreSupplier = input.partner_type === 'resellers';
  if (!weAreSupplier) assertMayResell(acting);
  let otherId: string | null = null;
  if (input.subdomain) {
    const other = await accountBySubdomain(db, input.subdomain);
    if (!other?.isActive) throw invalid('subdomain', 'No organization uses this subdomain.', 'does_not_exist');
    if (other.id === acting.accountId) throw invalid('subdomain', 'This is your own organization.');
    otherId = other.id;
  }
  const ids = input.terms.share_mode === 'selected' ? (input.terms.experience_ids ?? []) : [];
  if (input.terms.share_mode === 'selected' && weAreSupplier && ids.length === 0) {
    throw invalid('terms.experience_ids', 'Choose at least one offer to share, or share all active offers.');
  }
  await checkSharedOffers(db, weAreSupplier ? acting.accountId : null, ids, 'terms.experience_ids');
  const created = await db
    .transaction(async (tx) => {
      const row = await insertPartnership(tx, {
        supplierAccountId: weAreSupplier ? acting.accountId : otherId,
        resellerAccountId: weAreSupplier ? otherId : acting.accountId,
        invitedByAccountId: acting.accountId,
        inviteEmail: input.email ?? null,
        message: input.message,
        status: 'pending',
        ...termsValues(input.terms),
      });
      await replaceSharedOffers(tx, row.id, ids);
      await auditPartnership(tx, acting, row.id, null, 'invited');
      return row;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) throw invalid('subdomain', ALREADY, 'unique');
      throw error;
    });
  return { partnership: await getPartnership(db, acting, created.id), mailTo: input.email ?? null };
};

type Action = 'accept' | 'decline' | 'pause' | 'resume' | 'end';
const REFUSED: Record<Action, string> = {
  accept: 'Only an invitation sent to you, still open, can be accepted.',
  decline: 'Only an invitation sent to you, still open, can be declined.',
  pause: 'Only an active partnership can be paused.',
  resume: 'Only a paused partnership can be resumed.',
  end: 'This partnership has already ended.',
};

const DONE: Record<Action, string> = {
  accept: 'accepted',
  decline: 'declined',
  pause: 'paused',
  resume: 'resumed',
  end: 'ended',
};

/** Accept, decline, pause, resume or end — one transition at a time, behind the row's lock. */
export const changeStatus = async (db: Db, acting: Acting, id: string, action: Action, clock: () => Date) => {
  await get(db, acting, id);
  await db
    .transaction(async (tx) => {
      const row = await lockPartnership(tx, id);
      if (!row) throw notFound('This partnership does not exist.');
      // The time is read behind the lock: a sale holding the partnership's share lock commits first,
      // so every sale is stamped no later than the end.
      const now = clock();
      if (!allowed(row, acting.accountId)[action]) throw refusedByState('invalid_state', REFUSED[action]);
      const before = await partnershipBefore(tx, acting, id);
      const audited = async <T>(result: T) => {
        await auditPartnership(tx, acting, id, before, DONE[action]);
        return result;
      };
      const side = sideOf(row, acting.accountId);
      if (action === 'accept') {
        if (side === 'reseller') assertMayResell(acting);
        const values: Partial<PartnershipRow> = { status: 'active', acceptedAt: now };
        if (side === 'supplier' && row.supplierAccountId === null) values.supplierAccountId = acting.accountId;
        if (side === 'reseller' && row.resellerAccountId === null) values.resellerAccountId = acting.accountId;
        if (values.supplierAccountId === row.resellerAccountId || values.resellerAccountId === row.supplierAccountId) {
          throw refusedByState('invalid_state', 'Your organization cannot partner with itself.');
        }
        return audited(await updatePartnership(tx, id, values));
      }
      if (action === 'decline') return audited(await updatePartnership(tx, id, { status: 'declined', endedAt: now }));
      if (action === 'pause') {
        return audited(await updatePartnership(tx, id, { status: 'paused', pausedByAccountId: acting.accountId }));
      }
      if (action === 'resume') return audited(await updatePartnership(tx, id, { status: 'active', pausedByAccountId: null }));
      return audited(await updatePartnership(tx, id, { status: 'ended', endedAt: now }));
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) throw refusedByState('unique', ALREADY);
      throw error;
    });
  return getPartnership(db, acting, id);
};

/** The supplier changes the terms (while pending, the inviter may change what it proposed). */
export const changeTerms = async (db: Db, acting: Acting, id: string, patch: TermsPatch) => {
  await get(db, acting, id);
  await db.transaction(async (tx) => {
    const row = await lockPartnership(tx, id);
    if (!row) throw notFound('This partnership does not exist.');
    if (!allowed(row, acting.accountId).edit_terms) {
      throw new AppError(409, [
        {
          code: 'invalid_state',
          detail:
            row.status === 'ended' || row.status === 'declined'
              ? 'This partnership has ended: its terms can no longer change.'
              : 'The supplier sets the terms of this partnership.',
          attr: null,
        },
      ]);
    }
    const shareMode = patch.share_mode ?? row.shareMode;
    const supplierSide = sideOf(row, acting.accountId) === 'supplier';
    // Which of its offers are shared is the supplier's choice alone.
    if (patch.experience_ids?.length && !supplierSide) {
      throw invalid('experience_ids', 'Only the supplier chooses which of its offers are shared.');
    }
    const ids = shareMode === 'selected' ? patch.experience_ids : [];
    const switchingWithout = row.shareMode !== 'selected' && (ids ?? []).length === 0;
    if (shareMode === 'selected' && supplierSide && (switchingWithout || ids?.length === 0)) {
      throw invalid('experience_ids', 'Choose at least one offer to share, or share all active offers.');
    }
    // Read inside the transaction: PGlite has one connection, and the transaction holds it.
    await checkSharedOffers(tx, row.supplierAccountId, ids, 'experience_ids');
    const before = await partnershipBefore(tx, acting, id);
    await updatePartnership(tx, id, termsValues(patch));
    if (ids !== undefined) await replaceSharedOffers(tx, id, ids);
    await auditPartnership(tx, acting, id, before);
  });
  return getPartnership(db, acting, id);
};

/** The offers shared with the reseller (the back-office checkout's picker). */
export const sharedOffers = async (db: Db, resellerAccountId: string, f: { search?: string; limit: number; offset: number }) => {
  const rows = await sharedOffersPage(db, resellerAccountId, f);
  return {
    results: rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      currency: r.currency,
      supplier: { id: r.supplierId, name: r.supplierName },
    })),
    count: rows[0]?.total ?? 0,
  };
};

/**
 * Who sells an offer for `accountId`: itself, or a supplier sharing it now — then the supplier's
 * engine answers and holds, under the partnership (its allocation applies).
 */
export const sellerOfOffer = async (db: Db, accountId: string, experienceId: string) => {
  const partnership = await saleTermsFor(db, accountId, experienceId);
  return { owner: partnership?.supplierAccountId ?? accountId, partnership };
};

/** One offer shared with the reseller now (404 otherwise): what it is and who supplies it. */
export const sharedOffer = async (db: Db, resellerAccountId: string, experienceId: string) => {
  const row = await sharedOfferRow(db, resellerAccountId, experienceId);
  if (!row) throw notFound('This offer is not shared with you.');
  return row;
};
