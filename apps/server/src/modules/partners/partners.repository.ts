import { aliasedTable, and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sharedWith } from '../../db/partner-offers.ts';
import { likePattern } from '../../db/query.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { partnershipExperiences, partnerships } from '../../db/schema/partners.ts';
import type { Ordering } from '../../http/paging.ts';

export type PartnershipRow = typeof partnerships.$inferSelect;
export type PartnershipValues = Partial<Omit<typeof partnerships.$inferInsert, 'id' | 'createdAt'>>;

const supplierOrg = aliasedTable(baseAccounts, 'supplier_org');
const resellerOrg = aliasedTable(baseAccounts, 'reseller_org');

/** Partnerships an organization may see: its own sides, and email invitations addressed to its member. */
const visibleTo = (accountId: string, email: string | null) =>
  or(
    eq(partnerships.supplierAccountId, accountId),
    eq(partnerships.resellerAccountId, accountId),
    and(
      eq(partnerships.status, 'pending'),
      sql`lower(${partnerships.inviteEmail}) = lower(${email})`,
      sql`${partnerships.invitedByAccountId} <> ${accountId}`,
    ),
  );

// Explicit names (see db/partner-offers.ts): `partnerships` is the outer row.
const sharedCount = sql<number>`(case when "partnerships"."share_mode" = 'all'
    then (select count(*) from experiences e where e.account_id = "partnerships"."supplier_account_id" and e.status = 'active' and e.visibility = 'public')
    else (select count(*) from partnership_experiences pe join experiences e on e.id = pe.experience_id
          where pe.partnership_id = "partnerships"."id" and e.status = 'active' and e.visibility = 'public') end)`.mapWith(
  Number,
);

const columns = {
  row: partnerships,
  supplierName: supplierOrg.name,
  supplierSubdomain: supplierOrg.subdomain,
  resellerName: resellerOrg.name,
  resellerSubdomain: resellerOrg.subdomain,
  sharedCount,
  experienceIds: sql<string[]>`coalesce((select array_agg(pe.experience_id::text order by pe.experience_id)
    from partnership_experiences pe where pe.partnership_id = "partnerships"."id"), '{}')`,
};
export type PartnershipView = {
  row: PartnershipRow;
  supplierName: string | null;
  supplierSubdomain: string | null;
  resellerName: string | null;
  resellerSubdomain: string | null;
  sharedCount: number;
  experienceIds: string[];
};

const base = (db: Executor) =>
  db
    .select(columns)
    .from(partnerships)
    .leftJoin(supplierOrg, eq(supplierOrg.id, partnerships.supplierAccountId))
    .leftJoin(resellerOrg, eq(resellerOrg.id, partnerships.resellerAccountId));

/** The other organization's name column, seen from `accountId`. */
const partnerName = (accountId: string) =>
  sql<string>`coalesce(case when ${partnerships.supplierAccountId} = ${accountId} then ${resellerOrg.name} else ${supplierOrg.name} end, ${partnerships.inviteEmail}, '')`;

export type PartnershipFilters = {
  type?: 'resellers' | 'suppliers';
  status?: PartnershipRow['status'];
  search?: string;
  ordering: Ordering<'created_at' | 'name' | 'status'>;
  limit: number;
  offset: number;
};

export const partnershipsPage = async (db: Executor, accountId: string, email: string | null, f: PartnershipFilters) => {
  // "My resellers": I am (or will be) the supplier; "My suppliers": I am (or will be) the reseller.
  const mine = (side: 'supplier' | 'reseller'): SQL | undefined => {
    const own = side === 'supplier' ? partnerships.supplierAccountId : partnerships.resellerAccountId;
    const other = side === 'supplier' ? partnerships.resellerAccountId : partnerships.supplierAccountId;
    return or(eq(own, accountId), and(sql`${own} is null`, sql`${other} is not null`, sql`${other} <> ${accountId}`));
  };
  const words = f.search?.trim().toLowerCase();
  const where = and(
    visibleTo(accountId, email),
    f.type ? mine(f.type === 'resellers' ? 'supplier' : 'reseller') : undefined,
    f.status ? eq(partnerships.status, f.status) : undefined,
    words ? sql`lower(${partnerName(accountId)}) like ${likePattern(words)}` : undefined,
  );
  const direction = f.ordering.descending ? desc : asc;
  const column =
    f.ordering.field === 'name'
      ? partnerName(accountId)
      : f.ordering.field === 'status'
        ? partnerships.status
        : partnerships.createdAt;
  const rows = await base(db).where(where).orderBy(direction(column), desc(partnerships.id)).limit(f.limit).offset(f.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(partnerships)
    .leftJoin(supplierOrg, eq(supplierOrg.id, partnerships.supplierAccountId))
    .leftJoin(resellerOrg, eq(resellerOrg.id, partnerships.resellerAccountId))
    .where(where);
  return { rows: rows as PartnershipView[], total };
};

export const partnershipView = async (db: Executor, accountId: string, email: string | null, id: string) =>
  ((await base(db).where(and(eq(partnerships.id, id), visibleTo(accountId, email))))[0] as PartnershipView | undefined) ?? null;

/** The row locked for a change (every transition runs behind it). */
export const lockPartnership = async (tx: Executor, id: string) =>
  (await tx.select().from(partnerships).where(eq(partnerships.id, id)).for('update'))[0] ?? null;

export const insertPartnership = async (tx: Executor, values: typeof partnerships.$inferInsert) =>
  (await tx.insert(partnerships).values(values).returning())[0];

export const updatePartnership = async (tx: Executor, id: string, values: PartnershipValues) =>
  (await tx.update(partnerships).set(values).where(eq(partnerships.id, id)).returning())[0];

export const replaceSharedOffers = async (tx: Executor, partnershipId: string, experienceIds: string[]) => {
  await tx.delete(partnershipExperiences).where(eq(partnershipExperiences.partnershipId, partnershipId));
  if (experienceIds.length > 0) {
    await tx.insert(partnershipExperiences).values(experienceIds.map((experienceId) => ({ partnershipId, experienceId })));
  }
};

/** Which of `ids` are offers of `accountId` (shared offers must be the supplier's own). */
export const ownOfferIds = async (db: Executor, accountId: string, ids: string[]) =>
  ids.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .select({ id: experiences.id })
            .from(experiences)
            .where(and(eq(experiences.accountId, accountId), inArray(experiences.id, ids)))
        ).map((r) => r.id),
      );

export const accountBySubdomain = async (db: Executor, subdomain: string) =>
  (
    await db
      .select({ id: baseAccounts.id, name: baseAccounts.name, isActive: baseAccounts.isActive })
      .from(baseAccounts)
      .where(eq(baseAccounts.subdomain, subdomain))
  )[0] ?? null;

export type SaleTerms = Pick<
  PartnershipRow,
  'id' | 'supplierAccountId' | 'resellerAccountId' | 'allocation' | 'pricingMode' | 'commissionBp' | 'paymentCollector'
> & { supplierAccountId: string; resellerAccountId: string };

/**
 * The partnership under which `resellerAccountId` may sell this offer now, or null: the offer is
 * Active, the partnership active and sharing it. Read from the database every time.
 */
export const saleTermsFor = async (db: Executor, resellerAccountId: string, experienceId: string) =>
  ((
    await db
      .select({
        id: partnerships.id,
        supplierAccountId: partnerships.supplierAccountId,
        resellerAccountId: partnerships.resellerAccountId,
        allocation: partnerships.allocation,
        pricingMode: partnerships.pricingMode,
        commissionBp: partnerships.commissionBp,
        paymentCollector: partnerships.paymentCollector,
      })
      .from(experiences)
      .innerJoin(
        partnerships,
        and(
          eq(partnerships.supplierAccountId, experiences.accountId),
          eq(partnerships.resellerAccountId, resellerAccountId),
          eq(partnerships.status, 'active'),
        ),
      )
      .where(and(eq(experiences.id, experienceId), sharedWith(resellerAccountId)))
      .limit(1)
  )[0] as SaleTerms | undefined) ?? null;

/** A page of the offers shared with `resellerAccountId` (the back-office checkout's picker). */
export const sharedOffersPage = async (
  db: Executor,
  resellerAccountId: string,
  f: { search?: string; limit: number; offset: number },
) => {
  const words = f.search?.trim().toLowerCase();
  const rows = await db
    .select({
      id: experiences.id,
      title: experiences.title,
      type: experiences.type,
      currency: experiences.currency,
      supplierId: baseAccounts.id,
      supplierName: baseAccounts.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(experiences)
    .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
    .where(and(sharedWith(resellerAccountId), words ? sql`${experiences.searchText} like ${likePattern(words)}` : undefined))
    .orderBy(asc(experiences.title), asc(experiences.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows;
};

/** The organizations that share offers with `resellerAccountId` now. */
export const activeSupplierIds = async (db: Executor, resellerAccountId: string) =>
  (
    await db
      .select({ id: partnerships.supplierAccountId })
      .from(partnerships)
      .where(and(eq(partnerships.resellerAccountId, resellerAccountId), eq(partnerships.status, 'active')))
  ).flatMap((r) => (r.id ? [r.id] : []));

/** Who collects the payment under each active partnership where this organization resells. */
export const activeCollectors = async (db: Executor, resellerAccountId: string) =>
  (
    await db
      .select({ supplierAccountId: partnerships.supplierAccountId, collector: partnerships.paymentCollector })
      .from(partnerships)
      .where(and(eq(partnerships.resellerAccountId, resellerAccountId), eq(partnerships.status, 'active')))
  ).flatMap((r) => (r.supplierAccountId ? [{ supplierAccountId: r.supplierAccountId, collector: r.collector }] : []));

/** One offer shared with `resellerAccountId` now, or null. */
export const sharedOfferRow = async (db: Executor, resellerAccountId: string, experienceId: string) =>
  (
    await db
      .select({
        id: experiences.id,
        title: experiences.title,
        type: experiences.type,
        currency: experiences.currency,
        timeZone: experiences.timeZone,
        supplierId: baseAccounts.id,
        supplierName: baseAccounts.name,
      })
      .from(experiences)
      .innerJoin(baseAccounts, eq(baseAccounts.id, experiences.accountId))
      .where(and(eq(experiences.id, experienceId), sharedWith(resellerAccountId)))
  )[0] ?? null;
