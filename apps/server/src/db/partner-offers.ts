import { type SQL, sql } from 'drizzle-orm';
import { experiences } from './schema/catalog.ts';
import { partnershipExperiences, partnerships } from './schema/partners.ts';

/**
 * The one rule of what a reseller may sell: an Active offer of a supplier with which the reseller
 * has an active partnership that shares it (all the supplier's Active offers, or the chosen set).
 * A paused or ended partnership shares nothing, read at the moment of the query (never cached), so
 * ending one stops new sales at once. Used by every query that lists or sells partners' offers.
 */
export const sharedWith = (resellerAccountId: string | SQL): SQL =>
  sql`(${experiences.status} = 'active' and exists (
    select 1 from ${partnerships}
    where ${partnerships.resellerAccountId} = ${resellerAccountId}
      and ${partnerships.supplierAccountId} = ${experiences.accountId}
      and ${partnerships.status} = 'active'
      and (${partnerships.shareMode} = 'all' or exists (
        select 1 from ${partnershipExperiences}
        where ${partnershipExperiences.partnershipId} = ${partnerships.id}
          and ${partnershipExperiences.experienceId} = ${experiences.id}))))`;

/** Offers `accountId` may put in its stores: its own, or shared with it. */
export const ownOrShared = (accountId: string): SQL =>
  sql`(${experiences.accountId} = ${accountId} or ${sharedWith(accountId)})`;

/** The organizations whose offers `resellerAccountId` may sell now (its active suppliers). */
export const activeSuppliersOf = (resellerAccountId: string): SQL =>
  sql`(select ${partnerships.supplierAccountId} from ${partnerships}
    where ${partnerships.resellerAccountId} = ${resellerAccountId} and ${partnerships.status} = 'active')`;
