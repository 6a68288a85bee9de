import { aliasedTable, and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { partnerships, resales } from '../../db/schema/partners.ts';
import { orders } from '../../db/schema/sales.ts';
import { stores } from '../../db/schema/stores.ts';
import type { Ordering } from '../../http/paging.ts';

const supplierOrg = aliasedTable(baseAccounts, 'supplier_org');
const resellerOrg = aliasedTable(baseAccounts, 'reseller_org');

/*
 * A resale is readable by both sides: the supplier (the order's organization, `resales.account_id`)
 * and the reseller that sold it (`resales.reseller_account_id`). Nothing here reads the supplier's
 * other orders or customers; the columns are the sale's own.
 */
const visibleTo = (accountId: string) => or(eq(resales.accountId, accountId), eq(resales.resellerAccountId, accountId));

// Explicit names: the outer row is `orders` (see db/partner-offers.ts for why).
const collected = sql<number>`coalesce((select sum(case when pm.kind = 'payment' then pm.amount_minor else -pm.amount_minor end)
  from payments pm where pm.order_id = "orders"."id" and pm.status = 'succeeded'), 0)`.mapWith(Number);
/*
 * Stripe money reaches the supplier's account whatever the terms (destination charges), and the
 * reseller's commission is transferred on at checkout (`payments.transfers`; a refund records the
 * reversals it made): the statement must not ask for that money twice.
 */
const signedStripe = (amount: SQL) =>
  sql`coalesce((select sum(case when pm.kind = 'payment' then ${amount} else -(${amount}) end)
  from payments pm where pm.order_id = "orders"."id" and pm.status = 'succeeded' and pm.provider = 'stripe'), 0)`;
const atSupplier = sql<number>`${signedStripe(sql`pm.amount_minor`)}`.mapWith(Number);
const transferred = sql<number>`${signedStripe(
  sql`coalesce((select sum((t ->> 'amount')::int) from jsonb_array_elements(pm.transfers) t), 0)`,
)}`.mapWith(Number);
// Refunds through Stripe of an order whose Stripe payment split a commission off (each reversed its share).
const splitRefunded = sql<number>`coalesce((select sum(pm.amount_minor) from payments pm where pm.order_id = "orders"."id"
  and pm.status = 'succeeded' and pm.provider = 'stripe' and pm.kind <> 'payment'
  and exists (select 1 from payments sp where sp.order_id = "orders"."id" and sp.status = 'succeeded'
    and sp.provider = 'stripe' and sp.kind = 'payment' and jsonb_array_length(sp.transfers) > 0)), 0)`.mapWith(Number);
const offerTitles = sql<
  string[]
>`coalesce((select array_agg(distinct ol.description) from order_lines ol where ol.order_id = "orders"."id"), '{}')`;

const columns = {
  resale: resales,
  order: orders,
  supplierName: supplierOrg.name,
  resellerName: resellerOrg.name,
  storeName: stores.name,
  collected,
  atSupplier,
  transferred,
  splitRefunded,
  offers: offerTitles,
};
export type ResaleRowView = {
  resale: typeof resales.$inferSelect;
  order: typeof orders.$inferSelect;
  supplierName: string;
  resellerName: string;
  storeName: string | null;
  collected: number;
  atSupplier: number;
  transferred: number;
  splitRefunded: number;
  offers: string[];
};

const base = (db: Executor) =>
  db
    .select(columns)
    .from(resales)
    .innerJoin(orders, eq(orders.id, resales.orderId))
    .innerJoin(supplierOrg, eq(supplierOrg.id, resales.accountId))
    .innerJoin(resellerOrg, eq(resellerOrg.id, resales.resellerAccountId))
    .leftJoin(stores, eq(stores.id, resales.storeId));

export type ResaleFilters = {
  side?: 'reseller' | 'supplier';
  partner?: string;
  status?: (typeof orders.$inferSelect)['status'];
  payment_status?: (typeof orders.$inferSelect)['paymentStatus'];
  date_range?: 'last_7_days' | 'last_30_days' | 'last_2_months';
  search?: string;
};
const RANGE_DAYS = { last_7_days: 7, last_30_days: 30, last_2_months: 61 } as const;

const conditions = (accountId: string, f: ResaleFilters, now: Date): (SQL | undefined)[] => {
  const words = f.search?.trim().toLowerCase().replace(/^#/, '');
  return [
    f.side === 'supplier'
      ? eq(resales.accountId, accountId)
      : f.side === 'reseller'
        ? eq(resales.resellerAccountId, accountId)
        : visibleTo(accountId),
    f.partner ? eq(resales.partnershipId, f.partner) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.payment_status ? eq(orders.paymentStatus, f.payment_status) : undefined,
    f.date_range ? gte(orders.createdAt, new Date(now.getTime() - RANGE_DAYS[f.date_range] * 86_400_000)) : undefined,
    words ? sql`${orders.searchText} like ${likePattern(words)}` : undefined,
  ];
};

export const resalesPage = async (
  db: Executor,
  accountId: string,
  f: ResaleFilters & { ordering: Ordering<'created_at' | 'total' | 'commission'>; limit: number; offset: number; now: Date },
) => {
  const where = and(...conditions(accountId, f, f.now));
  const column = { created_at: orders.createdAt, total: orders.totalMinor, commission: resales.commissionMinor }[
    f.ordering.field
  ];
  const direction = f.ordering.descending ? desc : asc;
  const rows = await base(db).where(where).orderBy(direction(column), desc(orders.id)).limit(f.limit).offset(f.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(resales)
    .innerJoin(orders, eq(orders.id, resales.orderId))
    .where(where);
  return { rows: rows as ResaleRowView[], total };
};

export const resaleView = async (db: Executor, accountId: string, orderId: string) =>
  ((await base(db).where(and(eq(resales.orderId, orderId), visibleTo(accountId))))[0] as ResaleRowView | undefined) ?? null;

/** A partnership's resales made in [from, to) — the monthly statement. */
export const resalesOfPartnership = async (db: Executor, partnershipId: string, from: Date, to: Date) =>
  (await base(db)
    .where(and(eq(resales.partnershipId, partnershipId), gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .orderBy(asc(orders.createdAt), asc(orders.number))) as ResaleRowView[];

/** The partnerships that have resales the organization may see, named by the other side. */
export const resalePartners = async (db: Executor, accountId: string) =>
  db
    .selectDistinct({
      id: partnerships.id,
      name: sql<string>`case when ${resales.accountId} = ${accountId} then ${resellerOrg.name} else ${supplierOrg.name} end`,
    })
    .from(resales)
    .innerJoin(partnerships, eq(partnerships.id, resales.partnershipId))
    .innerJoin(supplierOrg, eq(supplierOrg.id, resales.accountId))
    .innerJoin(resellerOrg, eq(resellerOrg.id, resales.resellerAccountId))
    .where(visibleTo(accountId));

/** Which statuses the organization's resales have (the filters offer only those). */
export const resaleStatuses = async (db: Executor, accountId: string) =>
  db
    .selectDistinct({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(resales)
    .innerJoin(orders, eq(orders.id, resales.orderId))
    .where(visibleTo(accountId));
