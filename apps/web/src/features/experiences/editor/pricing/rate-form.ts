import { type PRICING_MODES, type PricingCategory, type PricingRate, rateProblems } from '@excursio/contract/pricing';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import { formatMinor, parseMoney } from '../../../../lib/format/format.ts';

type PricingMode = (typeof PRICING_MODES)[number];

/** One row per pricing category: a price typed as text ("12.50"), optional net price. */
export type PriceRow = { pricing_category_id: string; category_name: string; price: string; net_price: string };

export type RateFormValues = {
  name: string;
  valid_from: string | null;
  valid_to: string | null;
  pricing_mode: PricingMode;
  /** NumberInput gives '' when empty. */
  min_participants: number | string;
  max_participants: number | string;
  prices: PriceRow[];
};

/** The wire body of a rate (POST adds experience_id). */
export type RateFields = {
  name: string;
  valid_from: string | null;
  valid_to: string | null;
  pricing_mode: PricingMode;
  min_participants: number;
  max_participants: number | null;
  prices: { pricing_category_id: string; price: number; net_price: number | null }[];
};

/** Form path → message. Form-wide price problems use `prices.root`. */
export type PathErrors = Record<string, string>;

export const rateFormDefaults = (rate: PricingRate | null, categories: PricingCategory[]): RateFormValues => {
  const rows: PriceRow[] = categories.map((category) => {
    const priced = rate?.prices.find((p) => p.pricing_category_id === category.id);
    return {
      pricing_category_id: category.id,
      category_name: category.name,
      price: priced ? formatMinor(priced.price) : '',
      net_price: priced?.net_price != null ? formatMinor(priced.net_price) : '',
    };
  });
  // A priced category missing from the loaded list still gets its row (nothing is dropped on save).
  for (const priced of rate?.prices ?? []) {
    if (!rows.some((row) => row.pricing_category_id === priced.pricing_category_id)) {
      rows.push({
        pricing_category_id: priced.pricing_category_id,
        category_name: priced.pricing_category_name,
        price: formatMinor(priced.price),
        net_price: priced.net_price != null ? formatMinor(priced.net_price) : '',
      });
    }
  }
  return {
    name: rate?.name ?? '',
    valid_from: rate?.valid_from ?? null,
    valid_to: rate?.valid_to ?? null,
    pricing_mode: rate?.pricing_mode ?? 'per_person',
    min_participants: rate?.min_participants ?? 1,
    max_participants: rate?.max_participants ?? '',
    prices: rows,
  };
};

const readCount = (value: number | string, required: boolean, label: string): { value: number | null; error?: string } => {
  if (value === '' || value === null || value === undefined) {
    return required ? { value: null, error: `Enter the ${label}.` } : { value: null };
  }
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) return { value: null, error: 'Enter a whole number.' };
  if (n < 1) return { value: null, error: 'Ensure this value is greater than or equal to 1.' };
  if (n > 100_000) return { value: null, error: 'Ensure this value is less than or equal to 100000.' };
  return { value: n };
};

/**
 * Reads the form into the wire body, with the contract's `rateProblems` (at least one price, net ≤
 * price, validity and participant ranges) reported on the form's own paths.
 */
export const readRateForm = (values: RateFormValues): { fields: RateFields | null; errors: PathErrors; rowOfPrice: number[] } => {
  const errors: PathErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter a name for the rate.';
  else if (name.length > 200) errors.name = 'Use at most 200 characters.';

  const min = readCount(values.min_participants, true, 'minimum participants');
  if (min.error) errors.min_participants = min.error;
  const max = readCount(values.max_participants, false, 'maximum participants');
  if (max.error) errors.max_participants = max.error;

  const prices: RateFields['prices'] = [];
  const rowOfPrice: number[] = [];
  values.prices.forEach((row, index) => {
    const price = parseMoney(row.price);
    const net = parseMoney(row.net_price);
    if (!price.ok) errors[`prices.${index}.price`] = price.error;
    if (!net.ok) errors[`prices.${index}.net_price`] = net.error;
    if (!price.ok || !net.ok) return;
    if (price.minor === null) {
      if (net.minor !== null) errors[`prices.${index}.price`] = 'Enter the retail price too.';
      return;
    }
    rowOfPrice.push(index);
    prices.push({ pricing_category_id: row.pricing_category_id, price: price.minor, net_price: net.minor });
  });

  const fields: RateFields = {
    name,
    valid_from: values.valid_from || null,
    valid_to: values.valid_to || null,
    pricing_mode: values.pricing_mode,
    min_participants: min.value ?? 1,
    max_participants: max.value,
    prices,
  };
  const rowErrors = Object.keys(errors).some((path) => path.startsWith('prices.'));
  for (const problem of rateProblems(fields)) {
    const path = formPathOfRateAttr(problem.attr, rowOfPrice);
    // "No price at all" is only true once every row reads cleanly.
    if (path === 'prices.root' && rowErrors) continue;
    if (path === 'max_participants' && (min.error || max.error)) continue;
    errors[path] ??= problem.detail;
  }
  return { fields: Object.keys(errors).length === 0 ? fields : null, errors, rowOfPrice };
};

/**
 * A contract / server attribute of a rate → the form path: `prices.{i}.x` counts only the priced
 * rows that were sent, so `rowOfPrice` maps it back to the category's row.
 */
export const formPathOfRateAttr = (attr: string, rowOfPrice: number[]): string => {
  if (attr === 'prices' || attr === '') return 'prices.root';
  const match = /^prices\.(\d+)\.(\w+)$/.exec(attr);
  if (match) {
    const row = rowOfPrice[Number(match[1])];
    if (row === undefined) return 'prices.root';
    const field = match[2] === 'net_price' ? 'net_price' : 'price';
    return `prices.${row}.${field}`;
  }
  return attr;
};

/** Path errors → react-hook-form's nested error object. */
export const toFieldErrors = <T extends Record<string, unknown>>(errors: PathErrors): FieldErrors<T> => {
  const result = {};
  for (const [path, message] of Object.entries(errors)) set(result, path, { type: 'validate', message });
  return result as FieldErrors<T>;
};

export const rateFormResolver: Resolver<RateFormValues> = async (values) => {
  const { fields, errors } = readRateForm(values);
  return fields ? { values, errors: {} } : { values: {}, errors: toFieldErrors<RateFormValues>(errors) };
};
