import { INVENTORY_ITEM_TYPE_LABELS, INVENTORY_ITEM_TYPES, type InventoryItem } from '@excursio/contract/inventory';
import { z } from 'zod';
import { minorToAmount, parseMoney } from '../../../lib/format/format.ts';

export const INVENTORY_TYPE_OPTIONS = INVENTORY_ITEM_TYPES.map((value) => ({ value, label: INVENTORY_ITEM_TYPE_LABELS[value] }));

/** Currencies offered for an item's price (ISO 4217, all with two decimals). */
import { DEFAULT_CURRENCY } from '../../../lib/forms/currencies.ts';

export { currencyOptions } from '../../../lib/forms/currencies.ts';

/** The price in minor units; null when it is empty or unreadable (an item needs one). */
const priceMinor = (price: number | string) => {
  const parsed = parseMoney(price);
  return parsed.ok ? parsed.minor : null;
};

/** The item form: price as the input holds it (a number or text), converted to minor units on submit. */
export const itemFormSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter a name.' }).max(200),
  type: z.enum(INVENTORY_ITEM_TYPES, { error: 'Choose a type.' }),
  description: z.string().trim().max(2000),
  sku: z.string().trim().max(60, { error: 'Use at most 60 characters.' }),
  stock_quantity: z
    .number({ error: 'Enter the quantity in stock.' })
    .int({ error: 'Enter a whole number.' })
    .min(0, { error: 'The stock cannot be negative.' })
    .max(100_000),
  price: z.union([z.number(), z.string()]).refine((v) => priceMinor(v) !== null, {
    error: 'Enter a price of 0 or more, with at most two decimals.',
  }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Choose a currency.' }),
  is_active: z.boolean(),
  category_id: z.string().nullable(),
  tag_ids: z.array(z.string()),
});
export type ItemFormValues = z.infer<typeof itemFormSchema>;

export const itemFormDefaults = (item: InventoryItem | null): ItemFormValues => ({
  name: item?.name ?? '',
  type: item?.type ?? ('' as ItemFormValues['type']),
  description: item?.description ?? '',
  sku: item?.sku ?? '',
  stock_quantity: item?.stock_quantity ?? 0,
  price: item ? minorToAmount(item.price) : '',
  currency: item?.currency ?? DEFAULT_CURRENCY,
  is_active: item?.is_active ?? true,
  category_id: item?.category?.id ?? null,
  tag_ids: item?.tags.map((t) => t.id) ?? [],
});

/** Validated form values → the request body (price in minor units). */
export const itemFormToBody = (values: ItemFormValues) => ({
  name: values.name,
  type: values.type,
  description: values.description,
  sku: values.sku,
  stock_quantity: values.stock_quantity,
  price: priceMinor(values.price) ?? 0,
  currency: values.currency,
  is_active: values.is_active,
  category_id: values.category_id,
  tag_ids: values.tag_ids,
});

/** The currency options, keeping an item's own currency when it is not in the usual list. */

const CREATE_PREFIX = '__create__:';

/** The tag options: known tags, plus "Create …" for a typed name that matches none (case-insensitive). */
export const tagOptions = (tags: { id: string; name: string }[], search: string) => {
  const options = tags.map((t) => ({ value: t.id, label: t.name }));
  const name = search.trim();
  const exists = tags.some((t) => t.name.toLowerCase() === name.toLowerCase());
  return name && !exists ? [...options, { value: `${CREATE_PREFIX}${name}`, label: `+ Create "${name}"` }] : options;
};

/** The name of the tag to create when the picked option is "Create …"; null for an existing tag. */
export const createdTagName = (value: string) => (value.startsWith(CREATE_PREFIX) ? value.slice(CREATE_PREFIX.length) : null);
