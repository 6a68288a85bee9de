/**
 * The price of a cart (or of the order it becomes), pure: each line's party is priced by the
 * availability engine (`priceForOffer`, from the rate's stored prices), extras by the inventory
 * item's stored price; nothing a client sends is a price. One cart, one currency.
 */

export type PricedCartLine = {
  /** The party's price as the engine computed it for the line's rate. */
  partyMinor: number;
  currency: string;
  extras: readonly { quantity: number; unitPriceMinor: number; currency: string }[];
};

export type CartPrice =
  | {
      ok: true;
      currency: string | null;
      lines: { partyMinor: number; extrasMinor: number; totalMinor: number }[];
      totalMinor: number;
    }
  | { ok: false; problem: string };

export const cartPrice = (lines: readonly PricedCartLine[]): CartPrice => {
  const currency = lines[0]?.currency ?? null;
  const priced: { partyMinor: number; extrasMinor: number; totalMinor: number }[] = [];
  let totalMinor = 0;
  for (const line of lines) {
    if (line.currency !== currency || line.extras.some((e) => e.currency !== currency)) {
      return { ok: false, problem: `Everything in one order is paid in one currency (${currency}).` };
    }
    let extrasMinor = 0;
    for (const extra of line.extras) {
      if (!Number.isSafeInteger(extra.quantity) || extra.quantity < 1)
        return { ok: false, problem: 'An extra needs a whole quantity of 1 or more.' };
      extrasMinor += extra.quantity * extra.unitPriceMinor;
    }
    const lineTotal = line.partyMinor + extrasMinor;
    priced.push({ partyMinor: line.partyMinor, extrasMinor, totalMinor: lineTotal });
    totalMinor += lineTotal;
  }
  if (!Number.isSafeInteger(totalMinor)) return { ok: false, problem: 'This order is too large.' };
  return { ok: true, currency, lines: priced, totalMinor };
};
