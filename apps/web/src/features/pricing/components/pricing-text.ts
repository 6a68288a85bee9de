import { formatDisplayDate, formatMoney } from '../../../lib/format/format.ts';

/** A category's ages: '3–12 years', '18+', 'Up to 2 years', '5 years', or '—' when open. */
export const ageRangeText = (min: number | null, max: number | null) => {
  if (min === null && max === null) return '—';
  if (max === null) return `${min}+`;
  if (min === null || min === 0) return max === 0 ? 'Under 1 year' : `Up to ${max} ${max === 1 ? 'year' : 'years'}`;
  if (min === max) return `${min} ${min === 1 ? 'year' : 'years'}`;
  return `${min}–${max} years`;
};

/** A rate's validity in pieces that each stay on one line: ['01. May 2026 –', '30. September 2026']. */
export const validityParts = (from: string | null, to: string | null) => {
  if (from && to) return [`${formatDisplayDate(from)} –`, formatDisplayDate(to)];
  if (from) return [`From ${formatDisplayDate(from)}`];
  if (to) return [`Until ${formatDisplayDate(to)}`];
  return ['Always'];
};

/** Participants per booking: '2–8', '1+'. */
export const participantsText = (min: number, max: number | null) => {
  if (max === null) return `${min}+`;
  return min === max ? String(min) : `${min}–${max}`;
};

/** 'Adult €45.00' for each priced category, in the rate's currency. */
export const ratePriceLabels = (
  prices: { pricing_category_id: string; pricing_category_name: string; price: number }[],
  currency: string,
  locale?: string,
) =>
  prices.map((p) => ({
    id: p.pricing_category_id,
    name: p.pricing_category_name,
    amount: formatMoney(p.price, currency, locale),
  }));
