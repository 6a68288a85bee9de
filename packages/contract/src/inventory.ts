import { z } from 'zod';
import { booleanFilter, choiceFilter, count, currency, money, shortText, title } from './catalog-common.ts';
import { id, timestamp } from './common.ts';

/** Specification §3: inventory item types. */
export const INVENTORY_ITEM_TYPES = ['equipment', 'extras', 'package'] as const;
export type InventoryItemType = (typeof INVENTORY_ITEM_TYPES)[number];
export const INVENTORY_ITEM_TYPE_LABELS: Record<InventoryItemType, string> = {
  equipment: 'Equipment',
  extras: 'Extras',
  package: 'Package',
};

const itemFields = {
  name: title,
  type: z.enum(INVENTORY_ITEM_TYPES),
  description: shortText(2000),
  sku: shortText(60),
  stock_quantity: count(0),
  price: money,
  currency,
  is_active: z.boolean(),
  category_id: id.nullable(),
  tag_ids: z.array(id).max(50),
};
export const inventoryItemInput = z.strictObject(itemFields).partial().required({ name: true, type: true });
export const inventoryItemPatchInput = z.strictObject(itemFields).partial();
export type InventoryItemInput = z.infer<typeof inventoryItemInput>;

export const inventoryItem = z.object({
  id,
  name: z.string(),
  type: z.enum(INVENTORY_ITEM_TYPES),
  description: z.string(),
  sku: z.string(),
  stock_quantity: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  is_active: z.boolean(),
  category: z.object({ id, name: z.string() }).nullable(),
  tags: z.array(z.object({ id, name: z.string() })),
  created_at: timestamp,
});
export type InventoryItem = z.infer<typeof inventoryItem>;
export const inventoryItemListFilters = {
  is_active: booleanFilter,
  type: choiceFilter(INVENTORY_ITEM_TYPES, INVENTORY_ITEM_TYPE_LABELS),
  category: id.optional(),
  tag: id.optional(),
};
export const INVENTORY_ITEM_ORDERING = ['name', 'type', 'stock_quantity', 'price', 'created_at'] as const;

/** Inventory categories (`/api/inventory-items-categories/`) and tags (`/api/inventory-tags/`) share a shape. */
export const inventoryCategoryInput = z.strictObject({ name: title, description: shortText(1000).default('') });
export const inventoryCategoryPatchInput = z.strictObject({ name: title, description: shortText(1000) }).partial();
export const inventoryCategory = z.object({
  id,
  name: z.string(),
  description: z.string(),
  items_count: z.number().int(),
  created_at: timestamp,
});
export type InventoryCategory = z.infer<typeof inventoryCategory>;
export const inventoryTagInput = z.strictObject({ name: title });
export const inventoryTagPatchInput = inventoryTagInput.partial();
export const inventoryTag = z.object({ id, name: z.string(), items_count: z.number().int(), created_at: timestamp });
export type InventoryTag = z.infer<typeof inventoryTag>;
export const INVENTORY_GROUP_ORDERING = ['name', 'items_count', 'created_at'] as const;

/** Items attached to an offer (`PUT /api/experiences/{id}/inventory-items/` replaces the set). */
export const EXPERIENCE_ITEM_USAGES = ['extra', 'equipment'] as const;
export const experienceInventoryInput = z.strictObject({
  items: z.array(z.strictObject({ item_id: id, usage: z.enum(EXPERIENCE_ITEM_USAGES), quantity: count(1).default(1) })).max(100),
});
export const experienceInventoryItem = z.object({
  item_id: id,
  name: z.string(),
  type: z.enum(INVENTORY_ITEM_TYPES),
  usage: z.enum(EXPERIENCE_ITEM_USAGES),
  quantity: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  stock_quantity: z.number().int(),
});
export type ExperienceInventoryItem = z.infer<typeof experienceInventoryItem>;
