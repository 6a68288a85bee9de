import type { ExperienceInventoryItem } from '@excursio/contract/inventory';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { type AttachmentValues, findOffer, listAttachments, replaceAttachments } from './experience-inventory.repository.ts';
import { shareLockItems } from './inventory-items.repository.ts';

type AttachmentInput = { item_id: string; usage: 'extra' | 'equipment'; quantity: number };
type Problem = { code: string; detail: string; attr: string };

export const getExperienceInventory = async (db: Executor, accountId: string, experienceId: string) => {
  if (!(await findOffer(db, accountId, experienceId, { lock: false }))) throw notFound();
  const rows = await listAttachments(db, accountId, experienceId);
  return {
    results: rows.map(
      (r): ExperienceInventoryItem => ({
        item_id: r.itemId,
        name: r.name,
        type: r.type,
        usage: r.usage,
        quantity: r.quantity,
        price: r.priceMinor,
        currency: r.currency,
        stock_quantity: r.stockQuantity,
      }),
    ),
  };
};

/**
 * Equipment is stock a rental consumes, so it is attached as equipment, and only to rentals;
 * extras and packages are sold alongside a booking of any offer.
 */
const usageProblem = (offerType: string, itemType: string, usage: AttachmentInput['usage']): string | null => {
  if (usage === 'equipment') {
    if (itemType !== 'equipment') return 'Only items of type Equipment can be used as equipment.';
    if (offerType !== 'rental') return 'Equipment can only be attached to rental offers.';
    return null;
  }
  return itemType === 'equipment' ? 'Items of type Equipment are attached as equipment (to rentals), not as extras.' : null;
};

/** Replaces the items attached to the offer; every item is checked before anything is written. */
export const setExperienceInventory = async (
  db: Db,
  accountId: string,
  experienceId: string,
  input: { items: AttachmentInput[] },
) => {
  await db.transaction(async (tx) => {
    const offer = await findOffer(tx, accountId, experienceId, { lock: true });
    if (!offer) throw notFound();
    const found = new Map(
      (await shareLockItems(tx, accountId, [...new Set(input.items.map((i) => i.item_id))])).map((item) => [item.id, item]),
    );
    const seen = new Set<string>();
    const problems: Problem[] = [];
    input.items.forEach((entry, i) => {
      const item = found.get(entry.item_id);
      if (!item) {
        problems.push({ code: 'does_not_exist', detail: 'This inventory item does not exist.', attr: `items.${i}.item_id` });
      } else if (seen.has(entry.item_id)) {
        problems.push({ code: 'invalid', detail: 'Each item can be attached once.', attr: `items.${i}.item_id` });
      } else {
        const detail = usageProblem(offer.type, item.type, entry.usage);
        if (detail) problems.push({ code: 'invalid', detail, attr: `items.${i}.usage` });
      }
      seen.add(entry.item_id);
    });
    if (problems.length) throw new AppError(400, problems);
    const rows: AttachmentValues[] = input.items.map((e) => ({ itemId: e.item_id, usage: e.usage, quantity: e.quantity }));
    await replaceAttachments(tx, accountId, experienceId, rows);
  });
  return getExperienceInventory(db, accountId, experienceId);
};
