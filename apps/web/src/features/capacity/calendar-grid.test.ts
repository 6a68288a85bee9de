import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayDescription,
  isoWeekday,
  localToday,
  monthGrid,
  monthTitle,
  shiftMonth,
  TONE_COLOR,
  utilisationTone,
} from './calendar-grid.ts';

const day = (over: Partial<Parameters<typeof utilisationTone>[0] & object> = {}) => ({
  slots: 2,
  closed_slots: 0,
  capacity: 20,
  booked: 0,
  held: 0,
  utilisation: 0,
  ...over,
});

describe('month grid', () => {
  it('starts on Monday and fills whole weeks with the neighbouring months', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthGrid({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0][0]).toEqual({ date: '2026-11-30', day: 30, inMonth: false });
    expect(weeks[0][1]).toEqual({ date: '2026-12-01', day: 1, inMonth: true });
    expect(weeks[4][3]).toEqual({ date: '2026-12-31', day: 31, inMonth: true });
    expect(weeks[4][6]).toEqual({ date: '2027-01-03', day: 3, inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
    for (const week of weeks) expect(isoWeekday(week[0].date)).toBe(1);
  });

  it('has no leading days when the 1st is a Monday, and six weeks when the month needs them', () => {
    const june = monthGrid({ year: 2026, month: 6 }); // 1 June 2026 is a Monday
    expect(june[0][0]).toEqual({ date: '2026-06-01', day: 1, inMonth: true });
    const august = monthGrid({ year: 2026, month: 8 }); // Saturday 1st, 31 days → 6 rows
    expect(august).toHaveLength(6);
    const february = monthGrid({ year: 2027, month: 2 }); // a Monday, 28 days → exactly 4 rows
    expect(february).toHaveLength(4);
  });

  it('counts leap days and crosses DST changes without losing or repeating a day', () => {
    const leap = monthGrid({ year: 2028, month: 2 })
      .flat()
      .filter((d) => d.inMonth);
    expect(leap.at(-1)?.date).toBe('2028-02-29');
    const march = monthGrid({ year: 2026, month: 3 })
      .flat()
      .map((d) => d.date);
    expect(new Set(march).size).toBe(march.length);
    expect(march).toContain('2026-03-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});

describe('months and days', () => {
  it('moves across year ends both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(monthTitle({ year: 2026, month: 12 })).toBe('December 2026');
  });

  it("takes today from the browser's local date", () => {
    expect(localToday(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});

describe('utilisation tone', () => {
  it('is green below 50 %, orange below 85 %, red from 85 %', () => {
    expect(utilisationTone(day({ utilisation: 0 }))).toBe('low');
    expect(utilisationTone(day({ utilisation: 49 }))).toBe('low');
    expect(utilisationTone(day({ utilisation: 50 }))).toBe('medium');
    expect(utilisationTone(day({ utilisation: 84 }))).toBe('medium');
    expect(utilisationTone(day({ utilisation: 85 }))).toBe('high');
    expect(utilisationTone(day({ utilisation: 130 }))).toBe('high');
    expect([TONE_COLOR.low, TONE_COLOR.medium, TONE_COLOR.high]).toEqual(['green', 'orange', 'red']);
  });

  it('is grey without starts or when every start is closed, blue without any limit', () => {
    expect(utilisationTone(undefined)).toBe('none');
    expect(utilisationTone(day({ slots: 0 }))).toBe('none');
    expect(utilisationTone(day({ closed_slots: 2, utilisation: 90 }))).toBe('closed');
    expect(utilisationTone(day({ closed_slots: 1, utilisation: 10 }))).toBe('low');
    expect(utilisationTone(day({ capacity: null, utilisation: null }))).toBe('unlimited');
    expect([TONE_COLOR.none, TONE_COLOR.closed, TONE_COLOR.unlimited]).toEqual(['gray', 'gray', 'blue']);
  });
});

describe('day description', () => {
  it('names the day and its figures', () => {
    expect(dayDescription('2026-12-05', undefined)).toBe('Saturday, 5. December 2026: no slots');
    expect(
      dayDescription('2026-12-07', day({ slots: 3, capacity: 45, booked: 10, held: 2, utilisation: 27, closed_slots: 1 })),
    ).toBe('Monday, 7. December 2026: 3 slots, 12 of 45 places taken (27 %), 1 closed');
    expect(dayDescription('2026-12-08', day({ slots: 1, capacity: null, booked: 4, utilisation: null }))).toBe(
      'Tuesday, 8. December 2026: 1 slot, 4 places taken, no limit',
    );
  });
});
