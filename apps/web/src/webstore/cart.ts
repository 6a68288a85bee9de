/**
 * The visitor's cart, one per store, in localStorage: the holds made with `/api/1/reserve/` and what
 * the visitor chose, so a reload or a return within the hold's time finds it again. Prices are the
 * server's (the hold's price, the extras' listed prices); nothing here computes a charge.
 */

export type CartUnit = { pricingCategoryId: string; name: string; quantity: number };
export type CartExtra = { itemId: string; name: string; quantity: number; price: number };
export type CartLine = {
  holdId: string;
  expiresAt: string;
  experienceId: string;
  title: string;
  imageUrl: string | null;
  availabilityId: string;
  rateId: string;
  startsAt: string;
  date: string;
  timeZone: string;
  /** An open-dated pass day: no start time to show. */
  allDay: boolean;
  units: CartUnit[];
  extras: CartExtra[];
  currency: string;
  /** The party's price as the hold answered it (minor units). */
  partyTotal: number;
};

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;
const browserStorage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export const cartKey = (store: string) => `excursio.webstore.cart.${store}`;
export const MAX_CART_LINES = 10;

const isLine = (value: unknown): value is CartLine => {
  const line = value as CartLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.holdId === 'string' &&
    typeof line.expiresAt === 'string' &&
    typeof line.experienceId === 'string' &&
    Array.isArray(line.units) &&
    Array.isArray(line.extras)
  );
};

/** The store's cart; an unreadable or foreign value is an empty cart. */
export const loadCart = (store: string, storage: Storage | null = browserStorage()): CartLine[] => {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(cartKey(store)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
};

export const saveCart = (store: string, lines: CartLine[], storage: Storage | null = browserStorage()) => {
  try {
    if (lines.length === 0) storage?.removeItem(cartKey(store));
    else storage?.setItem(cartKey(store), JSON.stringify(lines));
  } catch {
    // Private mode or a full storage: the cart lives as long as the page.
  }
};

export const addLine = (lines: CartLine[], line: CartLine) => [...lines.filter((l) => l.holdId !== line.holdId), line];
export const removeLine = (lines: CartLine[], holdId: string) => lines.filter((l) => l.holdId !== holdId);
export const extendLine = (lines: CartLine[], holdId: string, expiresAt: string) =>
  lines.map((l) => (l.holdId === holdId ? { ...l, expiresAt } : l));

export const participants = (line: Pick<CartLine, 'units'>) => line.units.reduce((n, u) => n + u.quantity, 0);
/** What the line costs as shown: the party's price plus the extras at their listed price. */
export const lineTotal = (line: Pick<CartLine, 'partyTotal' | 'extras'>) =>
  line.partyTotal + line.extras.reduce((sum, e) => sum + e.price * e.quantity, 0);
export const isExpired = (line: Pick<CartLine, 'expiresAt'>, now = Date.now()) => Date.parse(line.expiresAt) <= now;
