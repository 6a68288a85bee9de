import { describe, expect, it } from 'vitest';
import { bookedLabel, changeLabel, checkInPercent, dayColor, percentChange } from './home-figures.ts';

const sales = (gross: number) => ({ orders: gross ? 1 : 0, gross, commission: 0 });

describe('home figures', () => {
  it('compares this month with last month to date', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(10, 0)).toBeNull();
    expect(changeLabel(sales(11200), sales(10000))).toEqual({ text: '+12 % vs last month to date', color: 'teal' });
    expect(changeLabel(sales(9500), sales(10000))).toEqual({ text: '−5 % vs last month to date', color: 'red' });
    expect(changeLabel(sales(100), sales(100)).color).toBe('gray');
    expect(changeLabel(sales(100), sales(0)).text).toBe('New this month');
    expect(changeLabel(sales(0), sales(0)).text).toBe('No sales yet');
  });

  it('measures check-in progress and how full a day is', () => {
    expect(checkInPercent({ arrived: 3, participants: 5 })).toBe(60);
    expect(checkInPercent({ arrived: 0, participants: 0 })).toBe(0);
    expect(checkInPercent({ arrived: 6, participants: 5 })).toBe(100);
    expect(bookedLabel({ booked: 5, capacity: 12 })).toBe('5 / 12');
    expect(bookedLabel({ booked: 5, capacity: null })).toBe('5 booked');
    expect(dayColor({ slots: 0, utilisation: null })).toBe('gray');
    expect(dayColor({ slots: 3, utilisation: 20 })).toBe('teal');
    expect(dayColor({ slots: 3, utilisation: 60 })).toBe('orange');
    expect(dayColor({ slots: 3, utilisation: 90 })).toBe('red');
  });
});
