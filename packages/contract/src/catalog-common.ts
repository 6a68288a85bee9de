import { z } from 'zod';

/** Shared field shapes of the catalog (offers, pricing, inventory, booking info). */
export const blankError = { error: 'This field may not be blank.' };
export const title = z.string().trim().min(1, blankError).max(200);
export const shortText = (max = 200) => z.string().trim().max(max);
export const longText = z.string().trim().max(10_000);
/** Money: integer minor units (cents), never floats. */
export const money = z
  .number({ error: 'Enter an amount in minor units (e.g. cents).' })
  .int({ error: 'Amounts are whole minor units (e.g. cents).' })
  .min(0, { error: 'Ensure this value is greater than or equal to 0.' })
  .max(100_000_000);
export const count = (min = 0) =>
  z
    .number()
    .int()
    .min(min, { error: `Ensure this value is greater than or equal to ${min}.` })
    .max(100_000);
export const isoDate = z.iso.date({ error: 'Use the date format YYYY-MM-DD.' });
export const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use the time format HH:mm (24-hour).' });
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
/** Whether the runtime knows this IANA zone, canonical or alias (Asia/Kolkata and Asia/Calcutta alike). */
export const isTimeZone = (tz: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
export const timeZone = z.string().refine(isTimeZone, { error: 'Unknown time zone.' });
export const currency = z.string().regex(/^[A-Z]{3}$/, { error: 'Use a three-letter ISO 4217 currency code.' });
export const textList = z.array(z.string().trim().min(1).max(500)).max(50);

/**
 * A list filter that accepts the wire value or its label in any case ('Draft', 'draft', 'Ticket & Passes'),
 * and treats '' / 'All' as no filter (specification §2 "List behaviour").
 */
export const choiceFilter = <T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], string>) =>
  z.preprocess((raw) => {
    if (typeof raw !== 'string') return raw;
    const v = raw.trim().toLowerCase();
    if (v === '' || v === 'all') return undefined;
    const byLabel = (Object.entries(labels) as [string, string][]).find(([, label]) => label.toLowerCase() === v);
    return byLabel ? byLabel[0] : v;
  }, z.enum(values).optional());

export const booleanFilter = z.preprocess((raw) => {
  if (typeof raw !== 'string') return raw;
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'all') return undefined;
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  return raw;
}, z.boolean().optional());
