import {
  type PartnershipInvite,
  type PartnershipTerms,
  type PartnerType,
  partnershipInvite,
  partnershipTermsPatch,
} from '@excursio/contract/partners';
import type { z } from 'zod';

/** What the terms fields hold while edited (number inputs may be empty: ''). */
export type TermsDraft = {
  pricing_mode: PartnershipTerms['pricing_mode'];
  commission_percent: number | '';
  share_mode: PartnershipTerms['share_mode'];
  experience_ids: string[];
  allocation: number | '';
  payment_collector: PartnershipTerms['payment_collector'];
};

export type InviteDraft = {
  partner_type: PartnerType;
  via: 'subdomain' | 'email';
  subdomain: string;
  email: string;
  message: string;
  terms: TermsDraft;
};

export type FieldErrors = Record<string, string>;

export const DEFAULT_TERMS: TermsDraft = {
  pricing_mode: 'commission',
  commission_percent: 15,
  share_mode: 'all',
  experience_ids: [],
  allocation: '',
  payment_collector: 'reseller',
};

export const emptyInvite = (partner_type: PartnerType = 'resellers'): InviteDraft => ({
  partner_type,
  via: 'subdomain',
  subdomain: '',
  email: '',
  message: '',
  terms: DEFAULT_TERMS,
});

export const termsDraftOf = (terms: PartnershipTerms): TermsDraft => ({ ...terms, allocation: terms.allocation ?? '' });

/**
 * The form's key for an error path or a server error's `attr`: 'terms.commission_percent' →
 * 'commission_percent', 'terms.experience_ids.3' → 'experience_ids', 'subdomain' → 'subdomain'.
 */
export const fieldKey = (path: string | readonly PropertyKey[]) => {
  const segments = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((s) => s !== 'terms');
  return segments[0] ?? '';
};

const issuesToErrors = (issues: readonly z.core.$ZodIssue[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
};

/** The errors left once these fields were edited. */
export const withoutErrors = (errors: FieldErrors, keys: readonly string[]): FieldErrors =>
  keys.some((k) => k in errors) ? Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k))) : errors;

/** The terms fields that differ (none when `next` is not given). */
export const changedKeys = (current: TermsDraft, next: TermsDraft | undefined) =>
  next ? (Object.keys(next) as (keyof TermsDraft)[]).filter((k) => next[k] !== current[k]) : [];

/** 'https://acme.excursio.app/…' or 'acme.excursio.app' → 'acme': what people paste is the address. */
export const subdomainOf = (input: string) =>
  input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .split(/[./]/)[0] ?? '';

/**
 * The terms as sent. `sharing`: we are the supplier, so the share mode and the chosen offers are
 * ours to set; otherwise they are left to the supplier (not sent).
 */
export const termsPayload = (draft: TermsDraft, sharing: boolean) => ({
  pricing_mode: draft.pricing_mode,
  // Net rates ignore the percentage; an emptied field still sends a valid number.
  commission_percent:
    draft.pricing_mode === 'commission'
      ? draft.commission_percent === ''
        ? Number.NaN
        : draft.commission_percent
      : draft.commission_percent || 0,
  ...(sharing
    ? { share_mode: draft.share_mode, experience_ids: draft.share_mode === 'selected' ? draft.experience_ids : [] }
    : {}),
  allocation: draft.allocation === '' ? null : draft.allocation,
  payment_collector: draft.payment_collector,
});

const sharingErrors = (draft: TermsDraft, sharing: boolean): FieldErrors =>
  sharing && draft.share_mode === 'selected' && draft.experience_ids.length === 0
    ? { experience_ids: 'Choose at least one offer to share, or share all active offers.' }
    : {};

/** The invitation as sent, or the errors to show under the fields (the contract's rules). */
export const validateInvite = (
  draft: InviteDraft,
): { ok: true; body: PartnershipInvite } | { ok: false; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const subdomain = subdomainOf(draft.subdomain);
  const email = draft.email.trim();
  if (draft.via === 'subdomain' && !subdomain) errors.subdomain = 'Enter the organization’s subdomain.';
  if (draft.via === 'email' && !email) errors.email = 'Enter an email address.';
  const sharing = draft.partner_type === 'resellers';
  const body = {
    partner_type: draft.partner_type,
    ...(draft.via === 'subdomain' ? { subdomain } : { email }),
    message: draft.message.trim(),
    terms: termsPayload(draft.terms, sharing),
  };
  const parsed = partnershipInvite.safeParse(body);
  const all = {
    ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)),
    ...sharingErrors(draft.terms, sharing),
    ...errors,
  };
  if (Object.keys(all).length) return { ok: false, errors: all };
  return { ok: true, body: body as PartnershipInvite };
};

/** The terms change as sent (PATCH), or the errors to show. */
export const validateTerms = (
  draft: TermsDraft,
  sharing: boolean,
): { ok: true; body: z.input<typeof partnershipTermsPatch> } | { ok: false; errors: FieldErrors } => {
  const body = termsPayload(draft, sharing);
  const parsed = partnershipTermsPatch.safeParse(body);
  const errors = { ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)), ...sharingErrors(draft, sharing) };
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body };
};
