/**
 * The built-in test mode's card form (no real money moves): checks a card the way a provider's
 * client would and turns it into the token the server's test mode takes. A card number never
 * leaves the browser; only the token does.
 */

export type CardInput = { number: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardInput;
/** i18n keys of the problems, per field. */
export type CardErrors = Partial<Record<CardField, string>>;

export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn check digit test every card number passes. */
export const luhnValid = (value: string): boolean => {
  const digits = digitsOnly(value);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** "MM/YY" (also "MM / YY", "MMYY", "MM/YYYY") → month and full year, or null. */
export const parseExpiry = (value: string): { month: number; year: number } | null => {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
};

/** A card is valid through the last day of its expiry month. */
export const expiryInFuture = (value: string, now = new Date()): boolean => {
  const parsed = parseExpiry(value);
  if (!parsed) return false;
  const current = now.getFullYear() * 12 + now.getMonth();
  return parsed.year * 12 + (parsed.month - 1) >= current;
};

/** The i18n keys of what is wrong with the card, per field; empty when it may be sent. */
export const validateCard = (card: CardInput, now = new Date()): CardErrors => {
  const errors: CardErrors = {};
  if (digitsOnly(card.number) === '') errors.number = 'card.errors.numberRequired';
  else if (!luhnValid(card.number)) errors.number = 'card.errors.numberInvalid';
  if (card.expiry.trim() === '') errors.expiry = 'card.errors.expiryRequired';
  else if (!parseExpiry(card.expiry)) errors.expiry = 'card.errors.expiryInvalid';
  else if (!expiryInFuture(card.expiry, now)) errors.expiry = 'card.errors.expiryPast';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'card.errors.cvcInvalid';
  if (card.name.trim() === '') errors.name = 'card.errors.nameRequired';
  return errors;
};

/** The test mode's token: the decline card declines, every other valid card succeeds. */
export const cardToken = (number: string): 'tok_visa' | 'tok_chargeDeclined' =>
  digitsOnly(number) === digitsOnly(TEST_CARDS.declined) ? 'tok_chargeDeclined' : 'tok_visa';

/** "4242424242424242" → "4242 4242 4242 4242" while typing (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1229" → "12/29" while typing. */
export const formatExpiry = (value: string) => {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};
