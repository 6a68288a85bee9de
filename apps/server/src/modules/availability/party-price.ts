/**
 * The price of a party under one rate, in integer minor units, and the capacity it takes.
 *
 * How a party is described (the `pricing_options` + `group_size` of check-availability):
 * - per person: `lines` = participants per pricing category (Adult × 2, Child × 1); the people
 *   are their sum; price = Σ quantity × the category's price.
 * - per group: the rate's prices are prices of one group ("Private boat" = 40000 per group), and
 *   `lines` = the number of groups booked per priced category (usually one line, quantity 1);
 *   price = Σ groups × price. How many people come is `groupSize` (required: capacity, the group
 *   limits and the crew need it). The rate's min/max participants bound each group, so N groups
 *   hold between N × min and N × max people.
 * Capacity taken: the people, or — only when the operator says a group counts as one
 * (`groupCapacity: 'one_per_group'`) — the number of groups.
 * The offer's group size limits (min_group_size / max_group_size) bound the people of a booking.
 */

export type PricedRate = {
  id: string;
  pricingMode: 'per_person' | 'per_group';
  minParticipants: number;
  maxParticipants: number | null;
  prices: readonly { pricingCategoryId: string; priceMinor: number }[];
};

export type PartyLine = { pricingCategoryId: string; quantity: number };

export type Party = {
  lines: readonly PartyLine[];
  /** People in the party: required for per-group rates; for per-person rates, when given, it must equal the sum. */
  groupSize?: number | null;
};

export type GroupCapacity = 'people' | 'one_per_group';

export type PriceOptions = {
  /** The account's pricing categories: an id outside it is "unknown" rather than "not priced". */
  knownCategoryIds?: ReadonlySet<string>;
  /** The offer's limits on people per booking. */
  groupLimits?: { minGroupSize: number; maxGroupSize: number | null };
  groupCapacity?: GroupCapacity;
};

export type PartyProblemCode =
  | 'empty_party'
  | 'invalid_quantity'
  | 'duplicate_category'
  | 'unknown_category'
  | 'category_not_priced'
  | 'group_size_required'
  | 'invalid_group_size'
  | 'group_size_mismatch'
  | 'below_rate_minimum'
  | 'above_rate_maximum'
  | 'below_group_minimum'
  | 'above_group_maximum'
  | 'amount_too_large';

/** `attr` names the wire field (`pricing_options.{i}.quantity`, `group_size`) as 400 answers do. */
export type PartyProblem = { code: PartyProblemCode; attr: string; detail: string };

export type PricedLine = { pricingCategoryId: string; quantity: number; unitPriceMinor: number; amountMinor: number };

export type PartyPrice =
  | {
      ok: true;
      totalMinor: number;
      /** People in the party. */
      participants: number;
      /** Groups booked (per-group rates); 0 for per-person rates. */
      groups: number;
      /** Units of slot capacity the party takes. */
      capacityUnits: number;
      lines: PricedLine[];
    }
  | { ok: false; problems: PartyProblem[] };

const isPositiveInt = (n: number) => Number.isSafeInteger(n) && n > 0;

export const priceParty = (rate: PricedRate, party: Party, options: PriceOptions = {}): PartyPrice => {
  const problems: PartyProblem[] = [];
  const priceOf = new Map(rate.prices.map((p) => [p.pricingCategoryId, p.priceMinor]));
  const perGroup = rate.pricingMode === 'per_group';
  const seen = new Set<string>();
  const lines: PricedLine[] = [];
  let units = 0;
  let total = 0;

  party.lines.forEach((line, i) => {
    const at = `pricing_options.${i}`;
    const id = line.pricingCategoryId;
    if (seen.has(id)) {
      problems.push({
        code: 'duplicate_category',
        attr: `${at}.pricing_category_id`,
        detail: 'Each pricing category can be given once.',
      });
      return;
    }
    seen.add(id);
    const price = priceOf.get(id);
    if (price === undefined) {
      const unknown = options.knownCategoryIds !== undefined && !options.knownCategoryIds.has(id);
      problems.push(
        unknown
          ? { code: 'unknown_category', attr: `${at}.pricing_category_id`, detail: 'Unknown pricing category.' }
          : {
              code: 'category_not_priced',
              attr: `${at}.pricing_category_id`,
              detail: 'This rate has no price for this pricing category.',
            },
      );
    }
    // Zero is refused too: the core sees only what is booked (the wire parser drops empty lines).
    if (!isPositiveInt(line.quantity)) {
      problems.push({ code: 'invalid_quantity', attr: `${at}.quantity`, detail: 'Enter a whole number of at least 1.' });
      return;
    }
    if (price === undefined) return;
    units += line.quantity;
    total += line.quantity * price;
    lines.push({ pricingCategoryId: id, quantity: line.quantity, unitPriceMinor: price, amountMinor: line.quantity * price });
  });

  if (party.lines.length === 0) {
    problems.push({ code: 'empty_party', attr: 'pricing_options', detail: 'Choose at least one participant.' });
  }

  const groupSize = party.groupSize ?? null;
  if (groupSize !== null && !isPositiveInt(groupSize)) {
    problems.push({ code: 'invalid_group_size', attr: 'group_size', detail: 'Enter a whole number of at least 1.' });
  } else if (perGroup && groupSize === null) {
    problems.push({
      code: 'group_size_required',
      attr: 'group_size',
      detail: 'Say how many people come (this rate is priced per group).',
    });
  } else if (!perGroup && groupSize !== null && problems.length === 0 && groupSize !== units) {
    problems.push({
      code: 'group_size_mismatch',
      attr: 'group_size',
      detail: `The group size (${groupSize}) does not match the participants chosen (${units}).`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };

  const groups = perGroup ? units : 0;
  const people = perGroup ? (groupSize as number) : units;
  // Per group the rate bounds each group; with N groups the party spans N × min … N × max.
  const per = perGroup ? groups : 1;
  const what = perGroup ? 'per group' : 'per booking';
  if (people < rate.minParticipants * per) {
    problems.push({
      code: 'below_rate_minimum',
      attr: perGroup ? 'group_size' : 'pricing_options',
      detail: `This rate needs at least ${rate.minParticipants} participants ${what}.`,
    });
  }
  if (rate.maxParticipants !== null && people > rate.maxParticipants * per) {
    problems.push({
      code: 'above_rate_maximum',
      attr: perGroup ? 'group_size' : 'pricing_options',
      detail: `This rate allows at most ${rate.maxParticipants} participants ${what}.`,
    });
  }
  const limits = options.groupLimits;
  if (limits && people < limits.minGroupSize) {
    problems.push({
      code: 'below_group_minimum',
      attr: 'group_size',
      detail: `This offer needs at least ${limits.minGroupSize} participants per booking.`,
    });
  }
  if (limits && limits.maxGroupSize !== null && people > limits.maxGroupSize) {
    problems.push({
      code: 'above_group_maximum',
      attr: 'group_size',
      detail: `This offer allows at most ${limits.maxGroupSize} participants per booking.`,
    });
  }
  if (!Number.isSafeInteger(total)) {
    problems.push({ code: 'amount_too_large', attr: 'pricing_options', detail: 'The amount is too large.' });
  }
  if (problems.length > 0) return { ok: false, problems };

  const capacityUnits = perGroup && options.groupCapacity === 'one_per_group' ? groups : people;
  return { ok: true, totalMinor: total, participants: people, groups, capacityUnits, lines };
};
