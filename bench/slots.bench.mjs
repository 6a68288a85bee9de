// The pure availability core in process, no server, no database: what slot generation, pricing and
// capacity arithmetic cost per call for the worst offer (36 starts a day, every day: ~1,100
// slots a month, ~13,000 a year). Node runs the .ts sources directly (type stripping).
//   node_modules/.bin/node bench/slots.bench.mjs        (BENCH_ITERATIONS=… to change the sample)
import { Temporal } from 'temporal-polyfill';
import { slotAvailability } from '../apps/server/src/modules/availability/capacity-math.ts';
import { bookableDays, summariseDays } from '../apps/server/src/modules/availability/day-summary.ts';
import { maxConcurrentUsage } from '../apps/server/src/modules/availability/equipment-stock.ts';
import { priceParty } from '../apps/server/src/modules/availability/party-price.ts';
import { generatePassDays } from '../apps/server/src/modules/availability/pass-days.ts';
import { generateSlots } from '../apps/server/src/modules/availability/slot-generation.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-01-01T00:00:00Z');

// 36 starts a day: every 20 minutes from 06:00 to 17:40, plus the DST-awkward 00:30 and 02:30 instead of two of them.
const times = Array.from({ length: 36 }, (_, i) => {
  const minute = 6 * 60 + i * 20;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
});
times[0] = '00:30';
times[1] = '02:30';
const startTimes = times.map((time, i) => ({
  id: `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`,
  time,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  dateFrom: '2026-01-01',
  dateTo: null,
  capacity: 20,
}));
const rate = {
  id: '0190a000-0000-7000-8000-0000000000aa',
  pricingMode: 'per_person',
  minParticipants: 1,
  maxParticipants: 10,
  prices: [
    { pricingCategoryId: 'adult', priceMinor: 4550 },
    { pricingCategoryId: 'child', priceMinor: 2275 },
  ],
};
const rates = [{ id: rate.id, validFrom: null, validTo: null, priceCount: 2 }];
const offer = { timeZone: ZONE, startTimes, durationMinutes: 120, cutoffMinutes: 60, rates, nowMs: NOW };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const measure = (name, fn, iterations = ITERATIONS) => {
  let result;
  for (let i = 0; i < Math.min(1000, iterations); i++) result = fn(); // warm-up: JIT tiers and the zone table
  // Wall time per call, and CPU time of the process per call: on a shared machine the wall-time
  // tail is mostly other processes' turns, the CPU time is what the call itself costs (GC included).
  const wall = new Float64Array(iterations);
  const cpu = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    result = fn();
    wall[i] = performance.now() - t;
    const used = process.cpuUsage(c);
    cpu[i] = (used.user + used.system) / 1000;
  }
  const w = [...wall].sort((a, b) => a - b);
  const u = [...cpu].sort((a, b) => a - b);
  const mean = w.reduce((s, t) => s + t, 0) / w.length;
  const size = Array.isArray(result) ? result.length : (result ?? '');
  const f = (n) => n.toFixed(3).padStart(7);
  console.log(
    `${name.padEnd(58)} ${String(size).padStart(6)} ${f(mean)} ${f(percentile(w, 50))} ${f(percentile(w, 95))} ${f(percentile(w, 99))}  | ${f(u.reduce((s, t) => s + t, 0) / u.length)} ${f(percentile(u, 95))}`,
  );
  return { mean, p95: percentile(w, 95) };
};

console.log(`node ${process.version}, ${ITERATIONS} iterations each, offer in ${ZONE} with ${startTimes.length} starts a day`);
console.log(`${'ms per call'.padEnd(58)} ${'items'.padStart(6)}    mean     p50     p95     p99  | cpu mean cpu p95`);

// Cold: the first call for a zone and year asks Temporal for that year's transitions (cached after).
{
  const t = performance.now();
  const slots = generateSlots({ ...offer, timeZone: 'America/New_York', from: '2026-06-01', to: '2026-06-30' });
  console.log(
    `${'cold month (first use of a zone: Temporal table load)'.padEnd(58)} ${String(slots.length).padStart(6)}  once ${(performance.now() - t).toFixed(3)}`,
  );
}

const month = (from, to) => () => generateSlots({ ...offer, from, to });
// Bring the process to a steady state first (JIT tiers, V8's young generation grown to the
// allocation rate), as a server that has been answering for a while is: otherwise whichever
// scenario runs first pays for it.
for (let i = 0; i < 300; i++) month('2026-01-01', '2026-12-31')();
const june = measure('generateSlots, June (no DST change)', month('2026-06-01', '2026-06-30'));
measure('generateSlots, March (spring forward, 02:30 skipped)', month('2026-03-01', '2026-03-31'));
measure('generateSlots, October (fall back, 02:30 ambiguous)', month('2026-10-01', '2026-10-31'));
measure('generateSlots, one day (check-availability)', month('2026-06-10', '2026-06-10'));
measure('generateSlots, a whole year', month('2026-01-01', '2026-12-31'), 200);
measure('generateSlots, 30 days of an open-ended schedule in 2031', month('2031-05-01', '2031-05-30'));

// What the endpoints add on top of generation (counts would come from the database).
const noUse = { bookedUnits: 3, holds: [{ id: 'h', units: 2, expiresAtMs: NOW + 60_000 }] };
measure('config: month + capacity per slot + day summaries', () =>
  bookableDays(
    summariseDays(
      generateSlots({ ...offer, from: '2026-06-01', to: '2026-06-30' }).map((slot) => ({
        slot,
        availability: slotAvailability({ capacity: slot.capacity, ...noUse }, NOW),
      })),
    ),
  ),
);
const party = {
  lines: [
    { pricingCategoryId: 'adult', quantity: 2 },
    { pricingCategoryId: 'child', quantity: 1 },
  ],
};
measure('check-availability: day + capacity + party price per slot', () =>
  generateSlots({ ...offer, from: '2026-06-10', to: '2026-06-10' }).map((s) => {
    const price = priceParty(rate, party, { groupLimits: { minGroupSize: 1, maxGroupSize: 12 } });
    const a = slotAvailability({ capacity: s.capacity, ...noUse }, NOW);
    return { s, a, price, fits: price.ok && a.remaining !== null && price.capacityUnits <= a.remaining };
  }),
);
measure('generatePassDays, a month', () =>
  generatePassDays({ timeZone: ZONE, rates, dailyCap: 300, cutoffMinutes: 0, from: '2026-06-01', to: '2026-06-30', nowMs: NOW }),
);

const usages = Array.from({ length: 500 }, (_, i) => ({
  itemId: i % 2 ? 'kayak' : 'sup',
  quantity: 1 + (i % 3),
  startMs: NOW + (i % 48) * 1_800_000,
  endMs: NOW + ((i % 48) + 4) * 1_800_000,
}));
measure('maxConcurrentUsage, 500 usages of two items', () =>
  maxConcurrentUsage(usages, 'kayak', { startMs: NOW + 10 * 3_600_000, endMs: NOW + 14 * 3_600_000 }, NOW),
);

// The naive way, for scale: one Temporal conversion per slot.
const naive = measure(
  'reference: June with one Temporal call per slot',
  () => {
    const out = [];
    for (
      let d = Temporal.PlainDate.from('2026-06-01');
      Temporal.PlainDate.compare(d, '2026-06-30') <= 0;
      d = d.add({ days: 1 })
    ) {
      for (const line of startTimes) {
        const z = d.toPlainDateTime(line.time).toZonedDateTime(ZONE, { disambiguation: 'earlier' });
        out.push({ startsAt: z.toInstant().toString() });
      }
    }
    return out;
  },
  100,
);
console.log(`speed-up over the naive Temporal month: ${(naive.mean / june.mean).toFixed(0)}×`);
