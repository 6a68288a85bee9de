import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EquipmentUsage,
  equipmentFit,
  intervalsOverlap,
  maxConcurrentUsage,
  participantsEquippable,
} from './equipment-stock.ts';

const H = 3_600_000;
const T0 = Date.parse('2026-07-01T00:00:00Z');
const at = (hour: number) => T0 + hour * H;
const use = (
  itemId: string,
  quantity: number,
  from: number,
  to: number,
  extra: Partial<EquipmentUsage> = {},
): EquipmentUsage => ({
  itemId,
  quantity,
  startMs: at(from),
  endMs: at(to),
  ...extra,
});
const NOW = at(0);
const KAYAK = 'kayak';
const PADDLE = 'paddle';

describe('equipment stock shared across rentals', () => {
  it('overlapping usages share the stock; touching ones do not', () => {
    // Offer A: 6 kayaks 09–11; offer B: 3 kayaks 10–12; offer A again: 6 kayaks 11–13.
    const usages = [use(KAYAK, 6, 9, 11), use(KAYAK, 3, 10, 12), use(KAYAK, 6, 11, 13)];
    expect(maxConcurrentUsage(usages, KAYAK, { startMs: at(9), endMs: at(13) }, NOW)).toBe(9);
    expect(maxConcurrentUsage(usages, KAYAK, { startMs: at(12), endMs: at(14) }, NOW)).toBe(6);
    expect(maxConcurrentUsage(usages, KAYAK, { startMs: at(13), endMs: at(14) }, NOW)).toBe(0);
    expect(maxConcurrentUsage(usages, PADDLE, { startMs: at(9), endMs: at(13) }, NOW)).toBe(0);
    expect(intervalsOverlap({ startMs: at(9), endMs: at(11) }, { startMs: at(11), endMs: at(13) })).toBe(false);
  });

  it('a new usage fits only while the peak plus it stays within stock (10 kayaks never become 11)', () => {
    const stock = new Map([[KAYAK, 10]]);
    const usages = [use(KAYAK, 6, 9, 11), use(KAYAK, 3, 10, 12)];
    const fit = (from: number, to: number, quantity: number) =>
      equipmentFit({
        stock,
        usages,
        interval: { startMs: at(from), endMs: at(to) },
        needs: [{ itemId: KAYAK, quantity }],
        nowMs: NOW,
      });
    expect(fit(10, 11, 1)).toMatchObject({
      fits: true,
      items: [{ itemId: KAYAK, stock: 10, used: 9, available: 1, requested: 1, fits: true }],
    });
    expect(fit(10, 11, 2).fits).toBe(false);
    expect(fit(11, 12, 7).fits).toBe(true); // only the 3 of offer B are out then
    expect(fit(12, 14, 10).fits).toBe(true);
    expect(
      equipmentFit({
        stock,
        usages: [],
        interval: { startMs: at(1), endMs: at(2) },
        needs: [{ itemId: PADDLE, quantity: 1 }],
        nowMs: NOW,
      }).fits,
    ).toBe(false);
  });

  it('expired holds free their equipment; a caller can leave its own usage out', () => {
    const usages = [use(KAYAK, 8, 9, 11, { id: 'hold-1', expiresAtMs: NOW + 1000 }), use(KAYAK, 2, 9, 11, { id: 'booking-1' })];
    const interval = { startMs: at(9), endMs: at(11) };
    expect(maxConcurrentUsage(usages, KAYAK, interval, NOW)).toBe(10);
    expect(maxConcurrentUsage(usages, KAYAK, interval, NOW + 1000)).toBe(2);
    expect(maxConcurrentUsage(usages, KAYAK, interval, NOW, new Set(['hold-1']))).toBe(2);
  });

  it('reads a usage without duration as occupying its start instant', () => {
    const usages = [use(KAYAK, 4, 10, 10)];
    expect(maxConcurrentUsage(usages, KAYAK, { startMs: at(9), endMs: at(11) }, NOW)).toBe(4);
    expect(maxConcurrentUsage(usages, KAYAK, { startMs: at(10), endMs: at(10) }, NOW)).toBe(4);
    expect(maxConcurrentUsage(usages, KAYAK, { startMs: at(10) + 1, endMs: at(11) }, NOW)).toBe(0);
  });

  it('turns stock into participants by the units each one needs', () => {
    const stock = new Map([
      [KAYAK, 10],
      [PADDLE, 30],
    ]);
    const usages = [use(KAYAK, 4, 9, 11), use(PADDLE, 20, 9, 11)];
    const interval = { startMs: at(10), endMs: at(12) };
    // Kayaks: 6 left, 1 each → 6; paddles: 10 left, 2 each → 5.
    const perParticipant = [
      { itemId: KAYAK, quantity: 1 },
      { itemId: PADDLE, quantity: 2 },
    ];
    expect(participantsEquippable({ stock, usages, interval, nowMs: NOW, perParticipant })).toBe(5);
    expect(participantsEquippable({ stock, usages, interval, nowMs: NOW, perParticipant: [] })).toBeNull();
  });

  it('matches a brute-force count, and admitting usages one by one never exceeds stock', () => {
    const usage = fc.record({
      start: fc.integer({ min: 0, max: 47 }),
      length: fc.integer({ min: 0, max: 12 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(usage, { maxLength: 30 }), fc.integer({ min: 1, max: 15 }), (raw, stockCount) => {
        // Half-hour grid: a usage covers the grid points start … start+length−1 (or its start when empty).
        const half = H / 2;
        const admitted: EquipmentUsage[] = [];
        const stock = new Map([[KAYAK, stockCount]]);
        for (const r of raw) {
          const candidate = {
            itemId: KAYAK,
            quantity: r.quantity,
            startMs: T0 + r.start * half,
            endMs: T0 + (r.start + r.length) * half,
          };
          const interval = { startMs: candidate.startMs, endMs: candidate.endMs };
          const peak = maxConcurrentUsage(admitted, KAYAK, interval, NOW);
          let brute = 0;
          for (let p = r.start; p <= r.start + Math.max(r.length, 1) - 1; p++) {
            const t = T0 + p * half;
            const inUse = admitted
              .filter((u) => u.startMs <= t && t < Math.max(u.endMs, u.startMs + 1))
              .reduce((s, u) => s + u.quantity, 0);
            brute = Math.max(brute, inUse);
          }
          expect(peak).toBe(brute);
          if (
            equipmentFit({ stock, usages: admitted, interval, needs: [{ itemId: KAYAK, quantity: r.quantity }], nowMs: NOW }).fits
          ) {
            admitted.push(candidate);
          }
        }
        for (let p = 0; p < 60; p++) {
          const t = T0 + p * half;
          const inUse = admitted
            .filter((u) => u.startMs <= t && t < Math.max(u.endMs, u.startMs + 1))
            .reduce((s, u) => s + u.quantity, 0);
          expect(inUse).toBeLessThanOrEqual(stockCount);
        }
      }),
    );
  });
});
