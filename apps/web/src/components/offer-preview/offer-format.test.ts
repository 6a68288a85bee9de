import { describe, expect, it } from 'vitest';
import { formatDuration, formatGroupSize, formatHours, formatLanguages, paragraphs, policyInWords } from './offer-format.ts';

describe('policyInWords', () => {
  it('reads tiers from the earliest to the latest cancellation', () => {
    expect(
      policyInWords([
        { hours_before: 6, refund_percent: 50 },
        { hours_before: 24, refund_percent: 100 },
      ]),
    ).toBe('Full refund up to 24 hours before the start, 50 % up to 6 hours, then no refund');
  });

  it('names a partial first tier as a refund and whole days as days', () => {
    expect(policyInWords([{ hours_before: 72, refund_percent: 80 }])).toBe(
      '80 % refund up to 3 days before the start, then no refund',
    );
  });

  it('ends at the start when the last tier is at 0 hours', () => {
    expect(policyInWords([{ hours_before: 0, refund_percent: 100 }])).toBe('Full refund up to the start');
    expect(
      policyInWords([
        { hours_before: 48, refund_percent: 100 },
        { hours_before: 0, refund_percent: 25 },
      ]),
    ).toBe('Full refund up to 2 days before the start, 25 % up to the start');
  });

  it('drops trailing tiers without a refund and says so once', () => {
    expect(
      policyInWords([
        { hours_before: 24, refund_percent: 100 },
        { hours_before: 12, refund_percent: 0 },
        { hours_before: 0, refund_percent: 0 },
      ]),
    ).toBe('Full refund up to 24 hours before the start, then no refund');
  });

  it('says when nothing is refunded', () => {
    expect(policyInWords([])).toBe('No refund on cancellation');
    expect(policyInWords([{ hours_before: 24, refund_percent: 0 }])).toBe('No refund on cancellation');
  });

  it('keeps unusual (rising) tiers literal', () => {
    expect(
      policyInWords([
        { hours_before: 48, refund_percent: 0 },
        { hours_before: 1, refund_percent: 100 },
      ]),
    ).toBe('No refund up to 2 days before the start, full refund up to 1 hour, then no refund');
  });
});

describe('offer wording', () => {
  it('formats hours and durations', () => {
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(36)).toBe('36 hours');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(1440)).toBe('1 day');
    expect(formatDuration(4320)).toBe('3 days');
  });

  it('formats group sizes', () => {
    expect(formatGroupSize(1, null)).toBeNull();
    expect(formatGroupSize(1, 12)).toBe('Up to 12 people');
    expect(formatGroupSize(2, 8)).toBe('2–8 people');
    expect(formatGroupSize(4, 4)).toBe('4 people');
    expect(formatGroupSize(4, null)).toBe('From 4 people');
    expect(formatGroupSize(1, 1)).toBe('Up to 1 person');
  });

  it('names languages and splits paragraphs', () => {
    expect(formatLanguages(['de', 'en'])).toBe('German, English');
    expect(formatLanguages([])).toBeNull();
    expect(paragraphs('One\nline two\n\n  \nThree ')).toEqual(['One\nline two', 'Three']);
  });
});
