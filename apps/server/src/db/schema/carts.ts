import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { holds } from './availability.ts';
import { experiences } from './catalog.ts';
import { createdAt, pk, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** What a cart line sells beside the party: an offer's extra at the item's stored price. */
export type CartExtra = { item_id: string; name: string; quantity: number; unit_price: number; amount: number };
/** An answer to one of the offer's booking questions. */
export type CartAnswer = { question_id: string; question: string; answer: string };

/**
 * A team member's cart in the back office: one per user and organization. Its lines hold capacity
 * through the availability engine (each line owns one hold); checking out turns the holds into the
 * bookings of one order.
 */
export const carts = pgTable(
  'carts',
  {
    id: pk(),
    accountId: accountId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_account_user_key').on(t.accountId, t.userId)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey(),
    accountId: accountId(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    /** The places this line holds; replaced when the line changes. */
    holdId: uuid('hold_id')
      .notNull()
      .references(() => holds.id, { onDelete: 'cascade' }),
    /** The party as asked (pricing category → quantity) and the group size for per-group rates. */
    units: jsonb('units').$type<{ pricing_category_id: string; quantity: number }[]>().notNull(),
    groupSize: integer('group_size'),
    extras: jsonb('extras').$type<CartExtra[]>().notNull().default(sql`'[]'::jsonb`),
    answers: jsonb('answers').$type<CartAnswer[]>().notNull().default(sql`'[]'::jsonb`),
    extrasMinor: integer('extras_minor').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cart_lines_cart_idx').on(t.cartId, t.createdAt)],
);
