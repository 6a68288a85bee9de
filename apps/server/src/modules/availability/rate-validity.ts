/**
 * Which rates sell on which local dates. A rate sells on a date inside `valid_from … valid_to`
 * (both inclusive, a null end is open) and only when it prices at least one pricing category: a
 * rate without prices cannot produce a price, so it cannot make a slot bookable.
 * Dates are `YYYY-MM-DD`, which compare correctly as strings.
 */

export type RateValidity = {
  id: string;
  validFrom: string | null;
  validTo: string | null;
  /** Number of priced categories (or any count: only zero vs. non-zero matters). */
  priceCount: number;
};

/** Whether a rate's validity window contains the date (prices not considered). */
export const rateCoversDate = (rate: Pick<RateValidity, 'validFrom' | 'validTo'>, date: string): boolean =>
  (rate.validFrom === null || rate.validFrom <= date) && (rate.validTo === null || date <= rate.validTo);

/** The rates that can sell on a date: inside their validity and priced. Keeps the input order. */
export const ratesValidOn = <R extends RateValidity>(rates: readonly R[], date: string): R[] =>
  rates.filter((r) => r.priceCount > 0 && rateCoversDate(r, date));

/** The rates that can sell on at least one date of `from … to` (the `config` month's rates). */
export const ratesValidBetween = <R extends RateValidity>(rates: readonly R[], from: string, to: string): R[] =>
  rates.filter(
    (r) => r.priceCount > 0 && (r.validFrom === null || r.validFrom <= to) && (r.validTo === null || from <= r.validTo),
  );

/**
 * A per-date lookup of sellable rate ids for a generation run. Consecutive dates usually share
 * one set, so the same frozen array is handed out again (slots of a month then share a handful of
 * arrays instead of allocating one each).
 */
export const sellableRateIds = (rates: readonly RateValidity[]): ((date: string) => readonly string[]) => {
  const priced = rates.filter((r) => r.priceCount > 0);
  let last: readonly string[] = Object.freeze([]);
  return (date) => {
    let same = true;
    let n = 0;
    for (const r of priced) {
      if (!rateCoversDate(r, date)) continue;
      if (last[n] !== r.id) same = false;
      n++;
    }
    if (same && n === last.length) return last;
    last = Object.freeze(priced.filter((r) => rateCoversDate(r, date)).map((r) => r.id));
    return last;
  };
};
