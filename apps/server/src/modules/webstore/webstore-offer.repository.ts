import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  agendaItems,
  bookingQuestions,
  cancellationPolicies,
  meetingPoints,
  pricingCategories,
  pricingRatePrices,
  pricingRates,
} from '../../db/schema/catalog.ts';
import { experienceInventoryItems, inventoryItems } from '../../db/schema/inventory.ts';
import { experienceImages, filerImages } from '../../db/schema/media.ts';

/** The public parts of one offer's page, read in parallel by the webstore service. */

export const galleryOf = (db: Executor, experienceId: string) =>
  db
    .select({
      id: filerImages.id,
      variants: filerImages.variants,
      altText: filerImages.altText,
      width: filerImages.width,
      height: filerImages.height,
    })
    .from(experienceImages)
    .innerJoin(filerImages, eq(filerImages.id, experienceImages.imageId))
    .where(eq(experienceImages.experienceId, experienceId))
    .orderBy(asc(experienceImages.position));

export const meetingPointOf = async (db: Executor, accountId: string, id: string | null) =>
  id
    ? ((
        await db
          .select()
          .from(meetingPoints)
          .where(and(eq(meetingPoints.accountId, accountId), eq(meetingPoints.id, id)))
      )[0] ?? null)
    : null;

export const policyOf = async (db: Executor, accountId: string, id: string | null) =>
  id
    ? ((
        await db
          .select()
          .from(cancellationPolicies)
          .where(and(eq(cancellationPolicies.accountId, accountId), eq(cancellationPolicies.id, id)))
      )[0] ?? null)
    : null;

export const agendaOf = (db: Executor, experienceId: string) =>
  db
    .select({ title: agendaItems.title, description: agendaItems.description, durationMinutes: agendaItems.durationMinutes })
    .from(agendaItems)
    .where(eq(agendaItems.experienceId, experienceId))
    .orderBy(asc(agendaItems.position));

/** The pricing categories the offer's rates price (the steppers of the booking panel). */
export const pricedCategoriesOf = async (db: Executor, experienceId: string) => {
  const ids = (
    await db
      .selectDistinct({ id: pricingRatePrices.pricingCategoryId })
      .from(pricingRatePrices)
      .innerJoin(pricingRates, eq(pricingRates.id, pricingRatePrices.rateId))
      .where(eq(pricingRates.experienceId, experienceId))
  ).map((r) => r.id);
  if (!ids.length) return [];
  return db
    .select({
      id: pricingCategories.id,
      name: pricingCategories.name,
      type: pricingCategories.type,
      minAge: pricingCategories.minAge,
      maxAge: pricingCategories.maxAge,
      description: pricingCategories.description,
    })
    .from(pricingCategories)
    .where(inArray(pricingCategories.id, ids))
    // Adults first, then down the ages (Adult, Child, Infant), as booking forms list them.
    .orderBy(sql`${pricingCategories.minAge} desc nulls last`, asc(pricingCategories.name));
};

/** Extras sold with the offer: active items attached as extras, in its currency. */
export const extrasFor = (db: Executor, experienceId: string, currency: string) =>
  db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      description: inventoryItems.description,
      price: inventoryItems.priceMinor,
    })
    .from(experienceInventoryItems)
    .innerJoin(inventoryItems, eq(inventoryItems.id, experienceInventoryItems.itemId))
    .where(
      and(
        eq(experienceInventoryItems.experienceId, experienceId),
        eq(experienceInventoryItems.usage, 'extra'),
        eq(inventoryItems.isActive, true),
        eq(inventoryItems.currency, currency),
      ),
    )
    .orderBy(asc(inventoryItems.name));

export const questionsFor = (db: Executor, experienceId: string, requiredOnly: boolean) =>
  db
    .select({
      id: bookingQuestions.id,
      question: bookingQuestions.question,
      scope: bookingQuestions.scope,
      answerType: bookingQuestions.answerType,
      options: bookingQuestions.options,
      required: bookingQuestions.required,
    })
    .from(bookingQuestions)
    .where(and(eq(bookingQuestions.experienceId, experienceId), requiredOnly ? eq(bookingQuestions.required, true) : undefined))
    .orderBy(asc(bookingQuestions.position));
