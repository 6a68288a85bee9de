/** The order endpoint's errors, placed: at a field of the form, at a booking, or on top. */
import type { ErrorItem } from './api.ts';
import type { CartLine } from './cart.ts';

const CONTACT = new Set(['first_name', 'last_name', 'email', 'phone']);

/**
 * `contact.email` → the email field, `lines.0.answers…` → the first booking's questions,
 * `note` / `terms_accepted` → their fields; everything else (and codes that are about the whole
 * order) → `top`.
 */
export const placeErrors = (items: ErrorItem[], lines: CartLine[]) => {
  const fields: Record<string, string> = {};
  const top: string[] = [];
  for (const item of items) {
    const parts = item.attr?.split('.') ?? [];
    if (parts[0] === 'contact' && CONTACT.has(parts[1])) fields[`contact-${parts[1]}`] ??= item.detail;
    else if (parts[0] === 'note') fields.note ??= item.detail;
    else if (parts[0] === 'terms_accepted') fields.terms ??= item.detail;
    else if (parts[0] === 'lines' && lines[Number(parts[1])]) fields[`line-${lines[Number(parts[1])].holdId}`] ??= item.detail;
    else top.push(item.detail);
  }
  return { fields, top };
};

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
