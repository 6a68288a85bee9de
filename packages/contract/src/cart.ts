import { z } from 'zod';
import { MAX_PARTY_LINES, slotKeySchema } from './availability.ts';
import { email, id, requiredName, timestamp } from './common.ts';

/**
 * The back-office cart (specification §7 "Cart lines", CRUD `cart`): one per team member. Each line
 * holds its places through the availability engine until the order is created or the hold expires.
 * Every price here is computed on the server.
 */

const quantity = z.number().int().min(1).max(100_000);

export const cartLineInput = z.strictObject({
  experience_id: id,
  rate_id: id,
  /** The slot (`availability_id` of the availability answers). */
  availability_id: slotKeySchema,
  units: z
    .array(z.strictObject({ pricing_category_id: id, quantity }))
    .min(1, { error: 'Add at least one participant.' })
    .max(MAX_PARTY_LINES),
  /** People in the party; required by per-group rates. */
  group_size: quantity.optional(),
  /** The offer's extras (inventory items attached as extras), priced by the item. */
  extras: z
    .array(z.strictObject({ item_id: id, quantity: z.number().int().min(1).max(1000) }))
    .max(20)
    .default([]),
  answers: z
    .array(z.strictObject({ question_id: id, answer: z.string().trim().max(2000) }))
    .max(50)
    .default([]),
});
export type CartLineInput = z.infer<typeof cartLineInput>;
/** PATCH: any part of a line; the line is re-held with the result (its own places do not count against it). */
export const cartLinePatch = cartLineInput.partial().omit({ experience_id: true });
export type CartLinePatch = z.infer<typeof cartLinePatch>;

const money = z.number().int();

export const cartLine = z.object({
  id,
  experience_id: id,
  experience_title: z.string(),
  rate_id: id.nullable(),
  availability_id: z.string(),
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  starts_at: timestamp,
  participants: z.number().int(),
  /** The party, with each category's name (the offer's organization's: a resold offer's are its supplier's). */
  units: z.array(
    z.object({ pricing_category_id: id, name: z.string(), quantity: z.number().int(), unit_price: money, amount: money }),
  ),
  group_size: z.number().int().nullable(),
  extras: z.array(z.object({ item_id: id, name: z.string(), quantity: z.number().int(), unit_price: money, amount: money })),
  answers: z.array(z.object({ question_id: id, question: z.string(), answer: z.string() })),
  currency: z.string(),
  party_total: money,
  extras_total: money,
  total: money,
  hold: z.object({
    id,
    expires_at: timestamp,
    /** False once the hold expired or was given up: change the line (or add it again) to hold anew. */
    active: z.boolean(),
  }),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  id,
  customer_id: id.nullable(),
  currency: z.string().nullable(),
  total: money,
  /** The earliest hold expiry among the lines: the cart must be checked out before it. */
  expires_at: timestamp.nullable(),
  lines: z.array(cartLine),
});
export type Cart = z.infer<typeof cart>;

export const cartPatch = z.strictObject({ customer_id: id.nullable() });

export const cartParams = z.strictObject({ cartPk: id });
export const cartLineParams = z.strictObject({ cartPk: id, id });

/**
 * POST /api/orders/: the cart becomes an order. The buyer is an existing customer or a contact
 * (a new customer is created for a new email).
 */
export const createOrderInput = z
  .strictObject({
    cart_id: id,
    customer_id: id.optional(),
    contact: z
      .strictObject({
        first_name: requiredName,
        last_name: requiredName,
        email: email.optional(),
        phone: z.string().trim().max(40).optional(),
      })
      .optional(),
    note: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.customer_id !== undefined || v.contact !== undefined, {
    error: 'Choose a customer or enter a contact.',
    path: ['customer_id'],
  });
export type CreateOrderInput = z.infer<typeof createOrderInput>;
