import type { ExperienceType } from '@excursio/contract/experiences';
import type { EXPERIENCE_ITEM_USAGES, InventoryItemType } from '@excursio/contract/inventory';

export type ItemUsage = (typeof EXPERIENCE_ITEM_USAGES)[number];
export type AttachedRow = { item_id: string; usage: ItemUsage; quantity: number };

/**
 * The server's rule: equipment is stock a rental consumes, so Equipment items are attached as
 * equipment and only to rentals; Extras and Packages are sold as extras with any offer. The usage
 * therefore follows from the item's type.
 */
export const usageFor = (itemType: InventoryItemType): ItemUsage => (itemType === 'equipment' ? 'equipment' : 'extra');

export const canAttach = (offerType: ExperienceType, itemType: InventoryItemType) =>
  itemType !== 'equipment' || offerType === 'rental';

export const USAGE_LABELS: Record<ItemUsage, string> = { extra: 'Extra', equipment: 'Equipment' };

/** A row being edited: the quantity input may be empty for a moment ('' is saved as 1). */
type Attachment = Omit<AttachedRow, 'quantity'> & { quantity: number | '' };

/** Whether two attachment lists would store the same set (order does not matter). */
export const sameAttachments = (a: readonly Attachment[], b: readonly Attachment[]) => {
  if (a.length !== b.length) return false;
  const key = (row: Attachment) => `${row.item_id}|${row.usage}|${row.quantity}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((value, index) => value === right[index]);
};
