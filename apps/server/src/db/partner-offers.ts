import { type SQL, sql } from 'drizzle-orm';

/*
 * Written with explicit table names: inside a select from one table drizzle renders columns
 * unqualified, and an unqualified `id` inside these subqueries would be read as the subquery's own.
 * They refer to the outer query's `experiences` row.
 */

/**
 * The one rule of what a reseller may sell: an Active public offer of a supplier with which the reseller
 * has an active partnership that shares it (all the supplier's Active offers, or the chosen set).
 * A paused or ended partnership shares nothing, read at the moment of the query (never cached), so
 * ending one stops new sales at once. Used by every query that lists or sells partners' offers.
 */
export const sharedWith = (resellerAccountId: string): SQL =>
  sql`("experiences"."status" = 'active' and "experiences"."visibility" = 'public' and exists (
    select 1 from partnerships p
    where p.reseller_account_id = ${resellerAccountId}
      and p.supplier_account_id = "experiences"."account_id"
      and p.status = 'active'
      and (p.share_mode = 'all' or exists (
        select 1 from partnership_experiences pe
        where pe.partnership_id = p.id and pe.experience_id = "experiences"."id"))))`;

/** Offers `accountId` may put in its stores: its own, or shared with it. */
export const ownOrShared = (accountId: string): SQL =>
  sql`("experiences"."account_id" = ${accountId} or ${sharedWith(accountId)})`;
