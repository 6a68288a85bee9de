import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/client.ts';
import { agendaItems, bookingQuestions, pricingRatePrices, pricingRates, startTimes } from '../../db/schema/catalog.ts';
import { experienceInventoryItems } from '../../db/schema/inventory.ts';
import { experienceImages, videos } from '../../db/schema/media.ts';

/** A copied row for the other offer: its own id and timestamps (defaults), the rest unchanged. */
const copyOf = <R extends { id: string; createdAt: Date; updatedAt: Date }>(row: R, experienceId: string) => {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return { ...rest, experienceId };
};

/**
 * Copies every part of an offer onto another offer of the same account: rates with their prices,
 * start times, booking questions, agenda items, gallery (the same stored images, same positions),
 * videos and attached inventory items. Runs inside the transaction that created the copy.
 */
export const copyExperienceParts = async (db: Executor, accountId: string, fromId: string, toId: string) => {
  const rates = await db
    .select()
    .from(pricingRates)
    .where(and(eq(pricingRates.accountId, accountId), eq(pricingRates.experienceId, fromId)));
  if (rates.length) {
    // Ids chosen here, so prices map to their new rate without relying on the order of RETURNING.
    const newIdOf = new Map(rates.map((r) => [r.id, uuidv7()]));
    await db.insert(pricingRates).values(rates.map((r) => ({ ...copyOf(r, toId), id: newIdOf.get(r.id) as string })));
    const prices = await db
      .select()
      .from(pricingRatePrices)
      .where(and(eq(pricingRatePrices.accountId, accountId), inArray(pricingRatePrices.rateId, [...newIdOf.keys()])));
    if (prices.length) {
      await db.insert(pricingRatePrices).values(prices.map((p) => ({ ...p, rateId: newIdOf.get(p.rateId) as string })));
    }
  }

  const lines = await db
    .select()
    .from(startTimes)
    .where(and(eq(startTimes.accountId, accountId), eq(startTimes.experienceId, fromId)));
  if (lines.length) await db.insert(startTimes).values(lines.map((r) => copyOf(r, toId)));

  const questions = await db
    .select()
    .from(bookingQuestions)
    .where(and(eq(bookingQuestions.accountId, accountId), eq(bookingQuestions.experienceId, fromId)));
  if (questions.length) await db.insert(bookingQuestions).values(questions.map((r) => copyOf(r, toId)));

  const agenda = await db
    .select()
    .from(agendaItems)
    .where(and(eq(agendaItems.accountId, accountId), eq(agendaItems.experienceId, fromId)));
  if (agenda.length) await db.insert(agendaItems).values(agenda.map((r) => copyOf(r, toId)));

  const gallery = await db
    .select()
    .from(experienceImages)
    .where(and(eq(experienceImages.accountId, accountId), eq(experienceImages.experienceId, fromId)));
  if (gallery.length) await db.insert(experienceImages).values(gallery.map((r) => ({ ...r, experienceId: toId })));

  const clips = await db
    .select()
    .from(videos)
    .where(and(eq(videos.accountId, accountId), eq(videos.experienceId, fromId)));
  if (clips.length) await db.insert(videos).values(clips.map((r) => copyOf(r, toId)));

  const items = await db
    .select()
    .from(experienceInventoryItems)
    .where(and(eq(experienceInventoryItems.accountId, accountId), eq(experienceInventoryItems.experienceId, fromId)));
  if (items.length) await db.insert(experienceInventoryItems).values(items.map((r) => ({ ...r, experienceId: toId })));
};
