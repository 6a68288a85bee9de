import { describe, expect, it } from 'vitest';
import { commissionAtSale, resaleFigures, settlementLabel } from './resale-money.ts';

const line = (amounts: [string, number, number][], extrasMinor = 0) => ({
  rateId: 'rate',
  party: amounts.map(([pricing_category_id, quantity, amount]) => ({ pricing_category_id, quantity, amount })),
  extrasMinor,
});

describe('commissionAtSale', () => {
  it('takes the percentage of the gross, extras included, rounded to the minor unit', () => {
    expect(
      commissionAtSale({ pricingMode: 'commission', commissionBp: 1500 }, [line([['adult', 2, 5000]], 1001)], () => null),
    ).toEqual({
      grossMinor: 6001,
      commissionMinor: 900,
    });
    expect(
      commissionAtSale({ pricingMode: 'commission', commissionBp: 1250 }, [line([['adult', 1, 999]])], () => null)
        .commissionMinor,
    ).toBe(125);
  });

  it('earns the difference to the net prices; no net price and extras earn nothing', () => {
    const net = (_rate: string | null, category: string) => (category === 'adult' ? 2000 : null);
    const sold = [
      line(
        [
          ['adult', 2, 5000],
          ['child', 1, 1500],
        ],
        700,
      ),
    ];
    expect(commissionAtSale({ pricingMode: 'net_rates', commissionBp: 0 }, sold, net)).toEqual({
      grossMinor: 7200,
      commissionMinor: 1000,
    });
  });

  it('never goes below zero when a net price exceeds what was charged', () => {
    expect(
      commissionAtSale({ pricingMode: 'net_rates', commissionBp: 0 }, [line([['adult', 1, 1000]])], () => 5000).commissionMinor,
    ).toBe(0);
  });
});

describe('resaleFigures', () => {
  const base = { grossMinor: 10_000, commissionAtSaleMinor: 1500, totalMinor: 10_000, collectedMinor: 10_000 } as const;

  it('the reseller collected: it owes the supplier what it took less its commission', () => {
    expect(resaleFigures({ ...base, collector: 'reseller' })).toEqual({
      commissionableMinor: 10_000,
      commissionMinor: 1500,
      netMinor: 8500,
      resellerOwesSupplier: 8500,
    });
  });

  it('the supplier collected: it owes the reseller the commission, also before the customer paid', () => {
    expect(resaleFigures({ ...base, collectedMinor: 0, collector: 'supplier' }).resellerOwesSupplier).toBe(-1500);
  });

  it('a Stripe-paid resale was split at checkout: the supplier holds the money, the reseller got its commission', () => {
    const paidByCard = { ...base, atSupplierMinor: 10_000, transferredMinor: 1500 };
    expect(resaleFigures({ ...paidByCard, collector: 'reseller' }).resellerOwesSupplier).toBe(0);
    expect(resaleFigures({ ...paidByCard, collector: 'supplier' }).resellerOwesSupplier).toBe(0);
    // Half refunded by card: the reversal took back half the transfer; the commission follows the total.
    const halfRefunded = { ...paidByCard, totalMinor: 5000, collectedMinor: 5000, atSupplierMinor: 5000, transferredMinor: 750 };
    expect(resaleFigures({ ...halfRefunded, collector: 'reseller' })).toMatchObject({
      commissionMinor: 750,
      resellerOwesSupplier: 0,
    });
    // A goodwill refund of 20 % through the split (cancels nothing): Stripe reversed 20 % of the
    // transfer with it, so the commission follows what the customer kept and nobody owes anything.
    const goodwill = {
      ...paidByCard,
      collectedMinor: 8000,
      atSupplierMinor: 8000,
      transferredMinor: 1200,
      splitRefundedMinor: 2000,
    };
    for (const collector of ['reseller', 'supplier'] as const) {
      expect(resaleFigures({ ...goodwill, collector })).toMatchObject({ commissionMinor: 1200, resellerOwesSupplier: 0 });
    }
    // A refund of a canceled part through the split: the cancellation already lowered the total.
    const canceledHalf = { ...halfRefunded, splitRefundedMinor: 5000 };
    expect(resaleFigures({ ...canceledHalf, collector: 'reseller' })).toMatchObject({
      commissionMinor: 750,
      resellerOwesSupplier: 0,
    });
    // Part by card, part in cash at the reseller's desk: the cash is the reseller's to hand on.
    const mixed = { ...base, atSupplierMinor: 6000, transferredMinor: 900 };
    expect(resaleFigures({ ...mixed, collector: 'reseller' }).resellerOwesSupplier).toBe(4000 + 900 - 1500);
  });

  it('a canceled sale earns commission only on the fee the supplier kept', () => {
    const canceled = resaleFigures({ ...base, totalMinor: 0, collectedMinor: 5000, collector: 'reseller' });
    expect(canceled).toMatchObject({ commissionableMinor: 5000, commissionMinor: 750, resellerOwesSupplier: 4250 });
    expect(resaleFigures({ ...base, totalMinor: 0, collectedMinor: 0, collector: 'supplier' })).toMatchObject({
      commissionMinor: 0,
      resellerOwesSupplier: 0,
    });
  });

  it('says who owes whom', () => {
    const money = (m: number) => `€${(m / 100).toFixed(2)}`;
    const names = { supplier: 'Harbour Tours', reseller: 'City Guide' };
    expect(settlementLabel(8500, names, money)).toBe('City Guide owes Harbour Tours €85.00');
    expect(settlementLabel(-1500, names, money)).toBe('Harbour Tours owes City Guide €15.00');
    expect(settlementLabel(0, names, money)).toBe('Settled: nobody owes anything');
  });
});
