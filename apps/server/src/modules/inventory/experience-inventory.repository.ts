import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { experiences } from '../../db/schema/catalog.ts';
import { experienceInventoryItems, inventoryItems } from '../../db/schema/inventory.ts';

export type AttachmentValues = { itemId: string; usage: 'extra' | 'equipment'; quantity: number };

/** The offer of the account (its type decides which usages are allowed), locked when asked. */
export const findOffer = async (db: Executor, accountId: string, id: string, options: { lock: boolean }) => {
  const query = db
    .select({ id: experiences.id, type: experiences.type })
    .from(experiences)
    .where(and(eq(experiences.accountId, accountId), eq(experiences.id, id)));
  return (await (options.lock ? query.for('update') : query))[0] ?? null;
};

export const listAttachments = async (db: Executor, accountId: string, experienceId: string) =>
  db
    .select({
      itemId: experienceInventoryItems.itemId,
      name: inventoryItems.name,
      type: inventoryItems.type,
      usage: experienceInventoryItems.usage,
      quantity: experienceInventoryItems.quantity,
      priceMinor: inventoryItems.priceMinor,
      currency: inventoryItems.currency,
      stockQuantity: inventoryItems.stockQuantity,
    })
    .from(experienceInventoryItems)
    .innerJoin(inventoryItems, eq(inventoryItems.id, experienceInventoryItems.itemId))
    .where(
      and(
        eq(experienceInventoryItems.accountId, accountId),
        eq(inventoryItems.accountId, accountId),
        eq(experienceInventoryItems.experienceId, experienceId),
      ),
    )
    .orderBy(asc(experienceInventoryItems.usage), asc(inventoryItems.name), asc(inventoryItems.id));

/** Replaces the offer's items. The offer must belong to the account (the caller holds its lock). */
export const replaceAttachments = async (db: Executor, accountId: string, experienceId: string, rows: AttachmentValues[]) => {
  await db
    .delete(experienceInventoryItems)
    .where(and(eq(experienceInventoryItems.accountId, accountId), eq(experienceInventoryItems.experienceId, experienceId)));
  if (rows.length) {
    await db.insert(experienceInventoryItems).values(rows.map((row) => ({ accountId, experienceId, ...row })));
  }
};
