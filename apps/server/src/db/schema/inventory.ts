import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';

export const inventoryCategories = pgTable(
  'inventory_categories',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inventory_categories_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const inventoryTags = pgTable(
  'inventory_tags',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inventory_tags_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

/** Equipment a rental consumes, extras sold with a booking, or packages. Price in minor units. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: pk(),
    accountId: accountId(),
    name: text('name').notNull(),
    type: text('type', { enum: ['equipment', 'extras', 'package'] }).notNull(),
    description: text('description').notNull().default(''),
    sku: text('sku').notNull().default(''),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    priceMinor: integer('price_minor').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    isActive: boolean('is_active').notNull().default(true),
    categoryId: uuid('category_id').references(() => inventoryCategories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inventory_items_account_type_idx').on(t.accountId, t.type, t.isActive)],
);

export const inventoryItemTags = pgTable(
  'inventory_item_tags',
  {
    accountId: accountId(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => inventoryTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.tagId] }), index('inventory_item_tags_tag_idx').on(t.accountId, t.tagId)],
);

/**
 * Items attached to an offer: `extra` = optional add-on sold with a booking; `equipment` = consumed by
 * a rental (quantity per participant), which limits availability by stock.
 */
export const experienceInventoryItems = pgTable(
  'experience_inventory_items',
  {
    accountId: accountId(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    usage: text('usage', { enum: ['extra', 'equipment'] }).notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.experienceId, t.itemId] }),
    index('experience_inventory_items_item_idx').on(t.accountId, t.itemId),
  ],
);
