import { randomUUID } from 'node:crypto';
import { startTimes } from '../db/schema/catalog.ts';
import { experienceInventoryItems } from '../db/schema/inventory.ts';
import type { TestApp } from './app.ts';
import { createExperience } from './catalog-factories.ts';
import type { TestAccount } from './factories.ts';
import { createInventoryItem } from './inventory-factories.ts';
import { createPricingCategory, createRate } from './pricing-factories.ts';

type Line = { time: string; weekdays?: number[]; dateFrom?: string; dateTo?: string | null; capacity?: number };

/**
 * An Active offer that sells: Adult and Child categories priced by one rate (3500 / 1500), and a
 * schedule of the given lines (every day from 2026-01-01, open-ended, capacity 10 unless said).
 */
export const createSellableOffer = async (
  t: TestApp,
  account: TestAccount,
  options: {
    lines?: Line[];
    overrides?: Parameters<typeof createExperience>[2];
    rate?: Parameters<typeof createRate>[4];
    prices?: { adult: number; child: number };
  } = {},
) => {
  const offer = await createExperience(t, account, {
    status: 'active',
    title: `Sellable ${randomUUID().slice(0, 8)}`,
    timeZone: 'Europe/Berlin',
    durationMinutes: 120,
    ...options.overrides,
  });
  const adult = await createPricingCategory(t, account, { type: 'adult', name: `Adult ${randomUUID().slice(0, 6)}` });
  const child = await createPricingCategory(t, account, { type: 'child', name: `Child ${randomUUID().slice(0, 6)}` });
  const rate = await createRate(
    t,
    account,
    offer,
    [
      { category: adult, price: options.prices?.adult ?? 3500 },
      { category: child, price: options.prices?.child ?? 1500 },
    ],
    options.rate,
  );
  const lines = options.lines ?? [{ time: '10:00' }];
  const rows = lines.length
    ? await t.db
        .insert(startTimes)
        .values(
          lines.map((l) => ({
            accountId: account.account.id,
            experienceId: offer.id,
            time: l.time,
            weekdays: l.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
            dateFrom: l.dateFrom ?? '2026-01-01',
            dateTo: l.dateTo ?? null,
            capacity: l.capacity ?? 10,
          })),
        )
        .returning()
    : [];
  return { offer, adult, child, rate, startTimes: rows };
};

/** Equipment (stock) attached to a rental offer, `perPlace` units per place. */
export const attachEquipment = async (
  t: TestApp,
  account: TestAccount,
  offers: { id: string }[],
  stock: number,
  perPlace = 1,
) => {
  const item = await createInventoryItem(t, account, {
    type: 'equipment',
    stockQuantity: stock,
    name: `Kayak ${randomUUID().slice(0, 6)}`,
  });
  await t.db.insert(experienceInventoryItems).values(
    offers.map((o) => ({
      accountId: account.account.id,
      experienceId: o.id,
      itemId: item.id,
      usage: 'equipment' as const,
      quantity: perPlace,
    })),
  );
  return item;
};

/** The slot key of a start (see the contract's slotKey). */
export const keyAt = (date: string, startTimeId: string) => `${date}_${startTimeId}`;
