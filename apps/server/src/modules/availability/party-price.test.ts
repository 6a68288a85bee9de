import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricedRate, priceParty } from './party-price.ts';

const ADULT = 'cat-adult';
const CHILD = 'cat-child';
const GROUP = 'cat-group';
const perPerson: PricedRate = {
  id: 'rate-pp',
  pricingMode: 'per_person',
  minParticipants: 1,
  maxParticipants: 8,
  prices: [
    { pricingCategoryId: ADULT, priceMinor: 4_550 },
    { pricingCategoryId: CHILD, priceMinor: 2_275 },
  ],
};
const perGroup: PricedRate = {
  id: 'rate-pg',
  pricingMode: 'per_group',
  minParticipants: 2,
  maxParticipants: 6,
  prices: [{ pricingCategoryId: GROUP, priceMinor: 40_000 }],
};
const codes = (r: ReturnType<typeof priceParty>) => (r.ok ? [] : r.problems.map((p) => p.code));

describe('priceParty per person', () => {
  it('sums quantity × price per category, in integer minor units', () => {
    const r = priceParty(perPerson, {
      lines: [
        { pricingCategoryId: ADULT, quantity: 2 },
        { pricingCategoryId: CHILD, quantity: 3 },
      ],
    });
    expect(r).toEqual({
      ok: true,
      totalMinor: 2 * 4_550 + 3 * 2_275,
      participants: 5,
      groups: 0,
      capacityUnits: 5,
      lines: [
        { pricingCategoryId: ADULT, quantity: 2, unitPriceMinor: 4_550, amountMinor: 9_100 },
        { pricingCategoryId: CHILD, quantity: 3, unitPriceMinor: 2_275, amountMinor: 6_825 },
      ],
    });
    // A matching group size is accepted; another one is not.
    expect(priceParty(perPerson, { lines: [{ pricingCategoryId: ADULT, quantity: 2 }], groupSize: 2 }).ok).toBe(true);
    expect(codes(priceParty(perPerson, { lines: [{ pricingCategoryId: ADULT, quantity: 2 }], groupSize: 3 }))).toEqual([
      'group_size_mismatch',
    ]);
  });

  it('names unknown and unpriced categories, bad and duplicate quantities, an empty party', () => {
    const known = new Set([ADULT, CHILD, GROUP]);
    const r = priceParty(
      perPerson,
      {
        lines: [
          { pricingCategoryId: 'cat-nobody', quantity: 1 },
          { pricingCategoryId: GROUP, quantity: 1 },
          { pricingCategoryId: ADULT, quantity: 0 },
          { pricingCategoryId: CHILD, quantity: -2 },
          { pricingCategoryId: CHILD, quantity: 1 },
        ],
      },
      { knownCategoryIds: known },
    );
    expect(r.ok ? [] : r.problems.map((p) => [p.code, p.attr])).toEqual([
      ['unknown_category', 'pricing_options.0.pricing_category_id'],
      ['category_not_priced', 'pricing_options.1.pricing_category_id'],
      ['invalid_quantity', 'pricing_options.2.quantity'],
      ['invalid_quantity', 'pricing_options.3.quantity'],
      ['duplicate_category', 'pricing_options.4.pricing_category_id'],
    ]);
    expect(codes(priceParty(perPerson, { lines: [{ pricingCategoryId: ADULT, quantity: 1.5 }] }))).toEqual(['invalid_quantity']);
    expect(codes(priceParty(perPerson, { lines: [] }))).toEqual(['empty_party']);
  });

  it("enforces the rate's and the offer's participant limits", () => {
    const party = (n: number) => ({ lines: [{ pricingCategoryId: ADULT, quantity: n }] });
    expect(codes(priceParty({ ...perPerson, minParticipants: 2 }, party(1)))).toEqual(['below_rate_minimum']);
    expect(codes(priceParty(perPerson, party(9)))).toEqual(['above_rate_maximum']);
    expect(priceParty(perPerson, party(8)).ok).toBe(true);
    const limits = { minGroupSize: 2, maxGroupSize: 4 };
    expect(codes(priceParty(perPerson, party(1), { groupLimits: limits }))).toEqual(['below_group_minimum']);
    expect(codes(priceParty(perPerson, party(5), { groupLimits: limits }))).toEqual(['above_group_maximum']);
    expect(priceParty(perPerson, party(4), { groupLimits: limits }).ok).toBe(true);
  });
});

describe('priceParty per group', () => {
  const oneGroup = (people: number) => ({ lines: [{ pricingCategoryId: GROUP, quantity: 1 }], groupSize: people });

  it('charges the group price once per group, whatever the number of people', () => {
    const three = priceParty(perGroup, oneGroup(3));
    const six = priceParty(perGroup, oneGroup(6));
    expect(three).toMatchObject({ ok: true, totalMinor: 40_000, participants: 3, groups: 1, capacityUnits: 3 });
    expect(six).toMatchObject({ ok: true, totalMinor: 40_000, participants: 6 });
    expect(priceParty(perGroup, { lines: [{ pricingCategoryId: GROUP, quantity: 2 }], groupSize: 9 })).toMatchObject({
      ok: true,
      totalMinor: 80_000,
      groups: 2,
      capacityUnits: 9,
    });
  });

  it('counts a group as one unit of capacity only when the operator says so', () => {
    expect(priceParty(perGroup, oneGroup(5), { groupCapacity: 'one_per_group' })).toMatchObject({ ok: true, capacityUnits: 1 });
    expect(priceParty(perGroup, oneGroup(5), { groupCapacity: 'people' })).toMatchObject({ ok: true, capacityUnits: 5 });
  });

  it('needs the number of people and bounds each group by the rate', () => {
    expect(codes(priceParty(perGroup, { lines: [{ pricingCategoryId: GROUP, quantity: 1 }] }))).toEqual(['group_size_required']);
    expect(codes(priceParty(perGroup, oneGroup(0)))).toEqual(['invalid_group_size']);
    expect(codes(priceParty(perGroup, oneGroup(1)))).toEqual(['below_rate_minimum']);
    expect(codes(priceParty(perGroup, oneGroup(7)))).toEqual(['above_rate_maximum']);
    // Two groups hold 4 … 12 people.
    const two = (people: number) =>
      priceParty(perGroup, { lines: [{ pricingCategoryId: GROUP, quantity: 2 }], groupSize: people });
    expect([two(3).ok, two(4).ok, two(12).ok, two(13).ok]).toEqual([false, true, true, false]);
    expect(codes(priceParty(perGroup, oneGroup(6), { groupLimits: { minGroupSize: 1, maxGroupSize: 5 } }))).toEqual([
      'above_group_maximum',
    ]);
  });
});

describe('priceParty: properties', () => {
  it('per person: the total is the exact integer sum of the lines and the people are their quantities', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            id: fc.uuid(),
            price: fc.integer({ min: 0, max: 100_000_000 }),
            quantity: fc.integer({ min: 1, max: 100_000 }),
          }),
          { minLength: 1, maxLength: 20, selector: (l) => l.id },
        ),
        (cats) => {
          const rate: PricedRate = {
            id: 'r',
            pricingMode: 'per_person',
            minParticipants: 1,
            maxParticipants: null,
            prices: cats.map((c) => ({ pricingCategoryId: c.id, priceMinor: c.price })),
          };
          const r = priceParty(rate, { lines: cats.map((c) => ({ pricingCategoryId: c.id, quantity: c.quantity })) });
          if (!r.ok) throw new Error(JSON.stringify(r.problems));
          const expected = cats.reduce((sum, c) => sum + BigInt(c.price) * BigInt(c.quantity), 0n);
          expect(BigInt(r.totalMinor)).toBe(expected);
          expect(Number.isInteger(r.totalMinor)).toBe(true);
          expect(r.participants).toBe(cats.reduce((s, c) => s + c.quantity, 0));
          expect(r.capacityUnits).toBe(r.participants);
        },
      ),
    );
  });
});
