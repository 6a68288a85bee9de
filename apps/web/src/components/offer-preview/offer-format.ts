/** Wording of an offer as visitors read it (shared by the editor preview and the webstore). */

import { capitalise } from '../../lib/format/format.ts';

export type RefundTier = { hours_before: number; refund_percent: number };

/** 6 → "6 hours", 24 → "24 hours", 72 → "3 days" (whole days from two days on). */
export const formatHours = (hours: number): string => {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

const share = (percent: number) => (percent >= 100 ? 'full refund' : percent <= 0 ? 'no refund' : `${percent} %`);
const until = (hours: number, first: boolean) =>
  hours === 0 ? 'up to the start' : first ? `up to ${formatHours(hours)} before the start` : `up to ${formatHours(hours)}`;

/**
 * A cancellation policy in one sentence, e.g. "Full refund up to 24 hours before the start, 50 % up
 * to 6 hours, then no refund". Tiers mean: cancelled at least `hours_before` hours before the start →
 * `refund_percent` back (the contract's `refundPercent`); later than the last tier → nothing.
 */
export const policyInWords = (tiers: readonly RefundTier[]): string => {
  const ordered = [...tiers].sort((a, b) => b.hours_before - a.hours_before);
  // Trailing tiers without a refund say nothing that "then no refund" does not already say.
  while (ordered.length > 0 && ordered[ordered.length - 1].refund_percent <= 0) ordered.pop();
  if (ordered.length === 0) return 'No refund on cancellation';
  const parts = ordered.map((tier, index) => {
    const amount =
      index === 0 && tier.refund_percent > 0 && tier.refund_percent < 100
        ? `${tier.refund_percent} % refund`
        : share(tier.refund_percent);
    return `${amount} ${until(tier.hours_before, index === 0)}`;
  });
  if (ordered[ordered.length - 1].hours_before > 0) parts.push('then no refund');
  return capitalise(parts.join(', '));
};

/** 45 → "45 min", 90 → "1 h 30 min", 120 → "2 h", 1440 → "1 day", 2880 → "2 days". */
export const formatDuration = (minutes: number | null | undefined): string | null => {
  if (!minutes || minutes <= 0) return null;
  if (minutes >= 1440 && minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
};

/** min 1 / max 12 → "Up to 12 people"; 2 / 8 → "2–8 people"; 4 / none → "From 4 people". */
export const formatGroupSize = (min: number, max: number | null): string | null => {
  const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
  if (max !== null && max > 0) {
    if (min <= 1) return `Up to ${people(max)}`;
    return min === max ? people(max) : `${min}–${max} people`;
  }
  return min > 1 ? `From ${people(min)}` : null;
};

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

/** ['de', 'en'] → "German, English" (codes the runtime does not know stay as written). */
export const formatLanguages = (codes: readonly string[]): string | null => {
  if (codes.length === 0) return null;
  return codes.map((code) => languageNames?.of(code) ?? code).join(', ');
};

/** Non-empty paragraphs of a plain-text description (blank lines separate them). */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
