import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holds, slots } from '../../db/schema/availability.ts';
import { cartLines, carts } from '../../db/schema/carts.ts';
import { bookingQuestions, experiences } from '../../db/schema/catalog.ts';
import { experienceInventoryItems, inventoryItems } from '../../db/schema/inventory.ts';
import { stableId } from '../../db/stable-id.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

const ownCart = (accountId: string, userId: string) => and(eq(carts.accountId, accountId), eq(carts.userId, userId));

/** The user's cart as stored, or null (reads answer an empty one under `cartIdOf` instead of storing it). */
export const findCartOfUser = async (db: Executor, accountId: string, userId: string): Promise<CartRow | null> =>
  (await db.select().from(carts).where(ownCart(accountId, userId)))[0] ?? null;

/** The id the user's cart has (or will have once something is put in it). */
export const cartIdOf = (accountId: string, userId: string) => stableId('cart', accountId, userId);

/** The user's cart, stored on the first write (race-free: one per user and organization). */
export const cartOfUser = async (db: Executor, accountId: string, userId: string): Promise<CartRow> => {
  const found = await findCartOfUser(db, accountId, userId);
  if (found) return found;
  await db
    .insert(carts)
    .values({ id: cartIdOf(accountId, userId), accountId, userId })
    .onConflictDoNothing({ target: [carts.accountId, carts.userId] });
  return (await db.select().from(carts).where(ownCart(accountId, userId)))[0];
};

/** A cart by id, only the user's own. */
export const findCart = async (db: Executor, accountId: string, userId: string, cartId: string) =>
  (
    await db
      .select()
      .from(carts)
      .where(and(ownCart(accountId, userId), eq(carts.id, cartId)))
  )[0] ?? null;

/** The same, locked: checkouts of one cart serialize on it. */
export const lockCart = async (tx: Executor, accountId: string, userId: string, cartId: string) =>
  (
    await tx
      .select()
      .from(carts)
      .where(and(ownCart(accountId, userId), eq(carts.id, cartId)))
      .for('update')
  )[0] ?? null;

export const updateCart = async (db: Executor, cartId: string, values: Pick<CartRow, 'customerId'>) =>
  (await db.update(carts).set(values).where(eq(carts.id, cartId)).returning())[0];

export const deleteCart = (db: Executor, cartId: string) => db.delete(carts).where(eq(carts.id, cartId));

/** A cart's lines with their holds, slots and offers, oldest first. */
export const linesOfCart = (db: Executor, accountId: string, cartId: string) =>
  db
    .select({
      line: cartLines,
      hold: holds,
      slot: { slotKey: slots.slotKey, localDate: slots.localDate, startsAt: slots.startsAt },
      offer: { title: experiences.title, timeZone: experiences.timeZone },
      // The party's category names, from the offer's organization (a resold offer's are its supplier's).
      categoryNames: sql<Record<string, string>>`(select coalesce(json_object_agg(pc.id, pc.name), '{}'::json)
        from pricing_categories pc where pc.id::text in (
          select p->>'pricing_category_id' from jsonb_array_elements("holds"."party") p))`,
    })
    .from(cartLines)
    .innerJoin(holds, eq(holds.id, cartLines.holdId))
    .innerJoin(slots, eq(slots.id, holds.slotId))
    .innerJoin(experiences, eq(experiences.id, cartLines.experienceId))
    .where(and(eq(cartLines.accountId, accountId), eq(cartLines.cartId, cartId)))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));

export type CartLineView = Awaited<ReturnType<typeof linesOfCart>>[number];

export const insertCartLine = async (db: Executor, values: typeof cartLines.$inferInsert) =>
  (await db.insert(cartLines).values(values).returning())[0];

export const updateCartLine = async (
  db: Executor,
  lineId: string,
  values: Partial<Pick<CartLineRow, 'holdId' | 'units' | 'groupSize' | 'extras' | 'answers' | 'extrasMinor'>>,
) => (await db.update(cartLines).set(values).where(eq(cartLines.id, lineId)).returning())[0];

export const deleteCartLine = (db: Executor, lineId: string) => db.delete(cartLines).where(eq(cartLines.id, lineId));

export const deleteLinesOfCart = (db: Executor, cartId: string) => db.delete(cartLines).where(eq(cartLines.cartId, cartId));

/** The offer's extras among `itemIds`: attached to it as extras and active, with their stored prices. */
export const extrasOfOffer = (db: Executor, accountId: string, experienceId: string, itemIds: string[]) =>
  itemIds.length
    ? db
        .select({
          id: inventoryItems.id,
          name: inventoryItems.name,
          priceMinor: inventoryItems.priceMinor,
          currency: inventoryItems.currency,
        })
        .from(experienceInventoryItems)
        .innerJoin(inventoryItems, eq(inventoryItems.id, experienceInventoryItems.itemId))
        .where(
          and(
            eq(experienceInventoryItems.accountId, accountId),
            eq(experienceInventoryItems.experienceId, experienceId),
            eq(experienceInventoryItems.usage, 'extra'),
            eq(inventoryItems.isActive, true),
            inArray(inventoryItems.id, itemIds),
          ),
        )
    : Promise.resolve([]);

export const questionsOfOffer = (db: Executor, accountId: string, experienceId: string) =>
  db
    .select({
      id: bookingQuestions.id,
      question: bookingQuestions.question,
      scope: bookingQuestions.scope,
      required: bookingQuestions.required,
    })
    .from(bookingQuestions)
    .where(and(eq(bookingQuestions.accountId, accountId), eq(bookingQuestions.experienceId, experienceId)))
    .orderBy(asc(bookingQuestions.position));
