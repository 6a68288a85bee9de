import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown.ts';

describe('hold countdown', () => {
  it('shows mm:ss, rounding up so 00:00 means the hold is over', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(754_000)).toBe('12:34');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
  });

  it('counts from the hold expiry and never below zero', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(remainingMs('2026-11-25T10:15:00Z', now)).toBe(900_000);
    expect(remainingMs('2026-11-25T09:59:00Z', now)).toBe(0);
  });
});
