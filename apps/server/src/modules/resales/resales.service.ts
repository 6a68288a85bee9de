import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Ordering } from '../../http/paging.ts';
import { cancelOrder, getOrder } from '../orders/orders.service.ts';
import { getPartnership } from '../partners/partners.service.ts';
import { resaleWire, statementOf } from './resale-wire.ts';
import {
  type ResaleFilters,
  resalePartners,
  resaleStatuses,
  resalesOfPartnership,
  resalesPage,
  resaleView,
} from './resales.repository.ts';

export const listResales = async (
  db: Db,
  accountId: string,
  f: ResaleFilters & { ordering: Ordering<'created_at' | 'total' | 'commission'>; limit: number; offset: number; now: Date },
) => {
  const { rows, total } = await resalesPage(db, accountId, f);
  return { results: rows.map((r) => resaleWire(r, accountId)), count: total };
};

const view = async (db: Db, accountId: string, id: string) => {
  const found = await resaleView(db, accountId, id);
  if (!found) throw notFound('This resale does not exist.');
  return found;
};

/** One resale with its lines and contact: the order as the supplier has it, read for either side. */
export const getResale = async (db: Db, accountId: string, id: string) => {
  const found = await view(db, accountId, id);
  const order = await getOrder(db, found.resale.accountId, id);
  return {
    ...resaleWire(found, accountId),
    lines: order.lines.map((l) => ({
      id: l.id,
      title: l.description,
      status: l.status,
      starts_at: l.booking?.starts_at ?? null,
      participants: l.booking?.participants ?? 0,
      total: l.total,
    })),
    contact: order.contact,
  };
};

/**
 * Either side cancels the whole sale: the supplier's order is canceled under the supplier's
 * cancellation policy (places back once; the proposed refund is the policy's).
 */
export const cancelResale = async (db: Db, accountId: string, id: string, now: Date) => {
  const found = await view(db, accountId, id);
  const { proposed_refund } = await cancelOrder(db, found.resale.accountId, id, now, { canceledBy: accountId });
  return { resale: await getResale(db, accountId, id), proposed_refund };
};

export const resaleFilterOptions = async (db: Db, accountId: string) => {
  const [partners, statuses] = await Promise.all([resalePartners(db, accountId), resaleStatuses(db, accountId)]);
  const distinct = (values: string[]) => [...new Set(values)].sort();
  return {
    side: [
      { value: 'reseller', label: 'Sold by us (as reseller)' },
      { value: 'supplier', label: 'Sold for us (by resellers)' },
    ],
    partner: partners.map((p) => ({ value: p.id, label: p.name })).sort((a, b) => a.label.localeCompare(b.label)),
    status: distinct(statuses.map((s) => s.status)),
    payment_status: distinct(statuses.map((s) => s.paymentStatus)),
    date_range: [
      { value: 'last_7_days', label: 'Last 7 days' },
      { value: 'last_30_days', label: 'Last 30 days' },
      { value: 'last_2_months', label: 'Last 2 months' },
    ],
  };
};

/** The month's statement of a partnership (UTC month), for either side of it. */
export const partnershipStatement = async (
  db: Db,
  viewer: { accountId: string; email: string | null },
  partnershipId: string,
  month: string,
) => {
  const partnership = await getPartnership(db, viewer, partnershipId);
  if (!partnership.supplier || !partnership.reseller || partnership.status === 'pending' || partnership.status === 'declined') {
    throw notFound('This partnership has no statement: it was never active.');
  }
  const [year, m] = month.split('-').map(Number);
  const from = new Date(Date.UTC(year, m - 1, 1));
  const to = new Date(Date.UTC(year, m, 1));
  const rows = await resalesOfPartnership(db, partnershipId, from, to);
  return statementOf(partnershipId, month, { supplier: partnership.supplier.name, reseller: partnership.reseller.name }, rows);
};
