import type { OnboardingKind, OnboardingStepCode } from '@excursio/contract/home';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { onboardingSteps, onboardings } from '../../db/schema/home.ts';
import { partnerships, resales } from '../../db/schema/partners.ts';
import { paymentConnections } from '../../db/schema/payments.ts';
import { orders } from '../../db/schema/sales.ts';
import { storeExperiences, stores } from '../../db/schema/stores.ts';
import { stableId } from '../../db/stable-id.ts';

export type OnboardingRow = typeof onboardings.$inferSelect;
export type OnboardingStepRow = typeof onboardingSteps.$inferSelect;

export const findOnboarding = async (db: Executor, accountId: string, onboardingId?: string) =>
  (
    await db
      .select()
      .from(onboardings)
      .where(and(eq(onboardings.accountId, accountId), onboardingId ? eq(onboardings.id, onboardingId) : undefined))
  )[0] ?? null;

/** The ids the checklist and its steps have (or will have once stored): reads answer them unstored. */
export const onboardingIdOf = (accountId: string) => stableId('onboarding', accountId);
export const stepIdOf = (accountId: string, code: string) => stableId('onboarding-step', accountId, code);

/** The account's checklist, made once: of parallel first requests one inserts, the others find it. */
export const insertOnboarding = async (
  db: Executor,
  accountId: string,
  kind: OnboardingKind,
  steps: readonly OnboardingStepCode[],
  dismissedAt: Date | null = null,
) => {
  const [created] = await db
    .insert(onboardings)
    .values({ id: onboardingIdOf(accountId), accountId, kind, dismissedAt })
    .onConflictDoNothing({ target: onboardings.accountId })
    .returning();
  if (created) {
    await db
      .insert(onboardingSteps)
      .values(
        steps.map((code, position) => ({ id: stepIdOf(accountId, code), accountId, onboardingId: created.id, code, position })),
      );
  }
  return created ?? null;
};

export const updateOnboarding = async (
  db: Executor,
  accountId: string,
  onboardingId: string,
  values: { dismissedAt: Date | null; dismissedByUserId: string | null },
) =>
  (
    await db
      .update(onboardings)
      .set(values)
      .where(and(eq(onboardings.accountId, accountId), eq(onboardings.id, onboardingId)))
      .returning()
  )[0] ?? null;

export const deleteOnboarding = async (db: Executor, accountId: string, onboardingId: string) =>
  (
    await db
      .delete(onboardings)
      .where(and(eq(onboardings.accountId, accountId), eq(onboardings.id, onboardingId)))
      .returning({ id: onboardings.id })
  ).length > 0;

export const stepsOf = (db: Executor, accountId: string, onboardingId?: string) =>
  db
    .select()
    .from(onboardingSteps)
    .where(
      and(eq(onboardingSteps.accountId, accountId), onboardingId ? eq(onboardingSteps.onboardingId, onboardingId) : undefined),
    )
    .orderBy(asc(onboardingSteps.position), asc(onboardingSteps.code));

export const findStep = async (db: Executor, accountId: string, stepId: string) =>
  (
    await db
      .select()
      .from(onboardingSteps)
      .where(and(eq(onboardingSteps.accountId, accountId), eq(onboardingSteps.id, stepId)))
  )[0] ?? null;

/** Puts a step back (null when it is on the checklist already: the unique (onboarding, code)). */
export const insertStep = async (
  db: Executor,
  accountId: string,
  onboardingId: string,
  code: OnboardingStepCode,
  position: number,
) =>
  (
    await db
      .insert(onboardingSteps)
      .values({ id: stepIdOf(accountId, code), accountId, onboardingId, code, position })
      .onConflictDoNothing({ target: [onboardingSteps.onboardingId, onboardingSteps.code] })
      .returning()
  )[0] ?? null;

export const updateStep = async (db: Executor, accountId: string, stepId: string, dismissedAt: Date | null) =>
  (
    await db
      .update(onboardingSteps)
      .set({ dismissedAt })
      .where(and(eq(onboardingSteps.accountId, accountId), eq(onboardingSteps.id, stepId)))
      .returning()
  )[0] ?? null;

export const deleteStep = async (db: Executor, accountId: string, stepId: string) =>
  (
    await db
      .delete(onboardingSteps)
      .where(and(eq(onboardingSteps.accountId, accountId), eq(onboardingSteps.id, stepId)))
      .returning({ id: onboardingSteps.id })
  ).length > 0;

/**
 * What the organization has done, read from its data in one statement (each an `exists` down an
 * index that leads with the account): the steps are derived from these, never stored.
 */
export const progressFacts = async (db: Executor, accountId: string) => {
  const [row] = await db
    .select({
      hasOffer: sql<boolean>`exists (select 1 from ${experiences} where ${experiences.accountId} = ${accountId})`,
      hasActiveOffer: sql<boolean>`exists (select 1 from ${experiences} where ${experiences.accountId} = ${accountId} and ${experiences.status} = 'active')`,
      paymentsConnected: sql<boolean>`exists (select 1 from ${paymentConnections} where ${paymentConnections.accountId} = ${accountId} and ${paymentConnections.chargesEnabled})`,
      storeOpen: sql<boolean>`exists (select 1 from ${stores} where ${stores.accountId} = ${accountId} and ${stores.status} = 'active')`,
      hasOrder: sql<boolean>`exists (select 1 from ${orders} where ${orders.accountId} = ${accountId})`,
      hasPartner: sql<boolean>`exists (select 1 from ${partnerships} where ${partnerships.resellerAccountId} = ${accountId} and ${partnerships.status} = 'active')`,
      sellsPartnerOffer: sql<boolean>`exists (select 1 from ${stores} s join ${storeExperiences} se on se.store_id = s.id
        join ${experiences} e on e.id = se.experience_id where s.account_id = ${accountId} and e.account_id <> ${accountId})`,
      hasResale: sql<boolean>`exists (select 1 from ${resales} where ${resales.resellerAccountId} = ${accountId})`,
    })
    .from(sql`(select 1) as one`);
  return row;
};
export type ProgressFacts = Awaited<ReturnType<typeof progressFacts>>;
