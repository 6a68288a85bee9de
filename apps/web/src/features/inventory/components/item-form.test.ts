import type { InventoryItem } from '@excursio/contract/inventory';
import { describe, expect, it } from 'vitest';
import { createdTagName, currencyOptions, itemFormDefaults, itemFormSchema, itemFormToBody, tagOptions } from './item-form.ts';

const item: InventoryItem = {
  id: '0190a000-0000-7000-8000-000000000001',
  name: 'Wetsuit',
  type: 'equipment',
  description: 'Size M',
  sku: 'WS-M',
  stock_quantity: 12,
  price: 1999,
  currency: 'EUR',
  is_active: true,
  category: { id: 'c1', name: 'Diving' },
  tags: [{ id: 't1', name: 'Summer' }],
  created_at: '2026-05-01T10:00:00Z',
};

describe('item form', () => {
  it('starts a new item active, in euros, with nothing in stock', () => {
    const values = itemFormDefaults(null);
    expect(values).toMatchObject({ stock_quantity: 0, price: '', currency: 'EUR', is_active: true, tag_ids: [] });
  });

  it('round-trips an item: minor units to the input and back', () => {
    const values = itemFormDefaults(item);
    expect(values.price).toBe(19.99);
    expect(values.category_id).toBe('c1');
    expect(values.tag_ids).toEqual(['t1']);
    const parsed = itemFormSchema.parse(values);
    expect(itemFormToBody(parsed)).toEqual({
      name: 'Wetsuit',
      type: 'equipment',
      description: 'Size M',
      sku: 'WS-M',
      stock_quantity: 12,
      price: 1999,
      currency: 'EUR',
      is_active: true,
      category_id: 'c1',
      tag_ids: ['t1'],
    });
  });

  it('accepts a typed price and converts it to minor units', () => {
    const parsed = itemFormSchema.parse({ ...itemFormDefaults(null), name: 'Snack', type: 'extras', price: '4,50' });
    expect(itemFormToBody(parsed).price).toBe(450);
    const grouped = itemFormSchema.parse({ ...itemFormDefaults(null), name: 'Boat', type: 'equipment', price: '1,234.50' });
    expect(itemFormToBody(grouped).price).toBe(123450);
  });

  it('rejects negative, empty and over-precise prices, and negative stock', () => {
    const base = { ...itemFormDefaults(null), name: 'Snack', type: 'extras' };
    for (const price of [-1, '-1', '', '1.234', 'ten', '1000000.01']) {
      const result = itemFormSchema.safeParse({ ...base, price });
      expect(result.success, String(price)).toBe(false);
      expect(result.error?.issues[0].path).toEqual(['price']);
    }
    expect(itemFormSchema.safeParse({ ...base, price: 0 }).success).toBe(true);
    expect(itemFormSchema.safeParse({ ...base, price: 1, stock_quantity: -1 }).success).toBe(false);
  });

  it('needs a name and a type', () => {
    const result = itemFormSchema.safeParse({ ...itemFormDefaults(null), price: 1 });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['name', 'type']);
  });

  it("keeps an item's unusual currency in the options", () => {
    expect(currencyOptions('EUR')[0]).toBe('EUR');
    expect(currencyOptions('THB')[0]).toBe('THB');
    expect(currencyOptions('THB')).toContain('EUR');
  });
});

describe('tag options', () => {
  const tags = [
    { id: 't1', name: 'Summer' },
    { id: 't2', name: 'Kids' },
  ];

  it('offers to create a typed name that no tag has', () => {
    const options = tagOptions(tags, '  Rental ');
    expect(options.map((o) => o.label)).toEqual(['Summer', 'Kids', '+ Create "Rental"']);
    expect(createdTagName(options[2].value)).toBe('Rental');
    expect(createdTagName('t1')).toBeNull();
  });

  it('does not offer to create an existing name (any case) or a blank one', () => {
    expect(tagOptions(tags, 'summer')).toHaveLength(2);
    expect(tagOptions(tags, '   ')).toHaveLength(2);
  });
});
