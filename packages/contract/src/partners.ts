import { z } from 'zod';
import { subdomain as subdomainRule } from './auth.ts';
import { choiceFilter } from './catalog-common.ts';
import { email, id, timestamp } from './common.ts';
import { ORDER_STATUSES, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from './orders.ts';

/**
 * Partners and resales (specification §1, §2 `/sales/partners` and `/resales/overview`, §3
 * "Partner types", §7 `/api/resales/`). A partnership joins a supplier organization (whose offers
 * are sold) and a reseller organization (an affiliate or another supplier that sells them in its own
 * stores). A resale is an order in the supplier's account sold by the reseller, with the
 * commission frozen on it.
 */

/** Which side the other organization is, seen from the one asking: §3 "Partner types". */
export const PARTNER_TYPES = ['resellers', 'suppliers'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];
export const PARTNER_TYPE_LABELS: Record<PartnerType, string> = { resellers: 'My resellers', suppliers: 'My suppliers' };

export const PARTNERSHIP_STATUSES = ['pending', 'active', 'paused', 'ended', 'declined'] as const;
export type PartnershipStatus = (typeof PARTNERSHIP_STATUSES)[number];
export const PARTNERSHIP_STATUS_LABELS: Record<PartnershipStatus, string> = {
  pending: 'Invited',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  declined: 'Declined',
};

/** How the reseller earns: a percentage of the sale, or the difference to the rates' net prices. */
export const PRICING_MODES = ['commission', 'net_rates'] as const;
export const PRICING_MODE_LABELS = { commission: 'Commission', net_rates: 'Net rates' } as const;
/** Which offers the supplier shares: every Active one, or a chosen set. */
export const SHARE_MODES = ['all', 'selected'] as const;
export const SHARE_MODE_LABELS = { all: 'All active offers', selected: 'Chosen offers' } as const;
/** Who takes the customer's money. The other side settles the balance with the monthly statement. */
export const PAYMENT_COLLECTORS = ['reseller', 'supplier'] as const;
export const PAYMENT_COLLECTOR_LABELS = { reseller: 'The reseller collects', supplier: 'The supplier collects' } as const;

const commissionPercent = z
  .number({ error: 'Enter a commission between 0 and 100 %.' })
  .min(0, { error: 'Enter a commission between 0 and 100 %.' })
  .max(100, { error: 'Enter a commission between 0 and 100 %.' })
  .refine((n) => Number.isInteger(n * 100), { error: 'Use at most two decimals.' });

const termsFields = {
  pricing_mode: z.enum(PRICING_MODES),
  /** Percent of the sale (commission mode); ignored for net rates. */
  commission_percent: commissionPercent,
  share_mode: z.enum(SHARE_MODES),
  /** The supplier's offers shared when `share_mode` is `selected`. */
  experience_ids: z.array(id).max(500),
  /** At most this many places per start may the reseller sell (null: no cap beyond the start's own). */
  allocation: z.number().int().min(1, { error: 'Allow at least 1 place, or leave it empty.' }).max(10_000).nullable(),
  payment_collector: z.enum(PAYMENT_COLLECTORS),
};
const TERMS_DEFAULTS = {
  pricing_mode: 'commission',
  commission_percent: 15,
  share_mode: 'all',
  experience_ids: [],
  allocation: null,
  payment_collector: 'reseller',
} as const;

export const partnershipTerms = z.strictObject({
  pricing_mode: termsFields.pricing_mode.default(TERMS_DEFAULTS.pricing_mode),
  commission_percent: termsFields.commission_percent.default(TERMS_DEFAULTS.commission_percent),
  share_mode: termsFields.share_mode.default(TERMS_DEFAULTS.share_mode),
  experience_ids: termsFields.experience_ids.default([]),
  allocation: termsFields.allocation.default(null),
  payment_collector: termsFields.payment_collector.default(TERMS_DEFAULTS.payment_collector),
});
export type PartnershipTerms = z.output<typeof partnershipTerms>;

/**
 * POST /api/partners/ — invite an organization: by its subdomain (it sees the invitation at once)
 * or by an email address (mailed; whoever signs in with that email sees it in their organization).
 * `partner_type` is what the other organization will be to you: one of your resellers, or one of
 * your suppliers.
 */
export const partnershipInvite = z
  .strictObject({
    partner_type: z.enum(PARTNER_TYPES),
    subdomain: subdomainRule.optional(),
    email: email.optional(),
    message: z.string().trim().max(1000).default(''),
    terms: partnershipTerms.default(() => ({ ...TERMS_DEFAULTS, experience_ids: [] })),
  })
  .refine((v) => Boolean(v.subdomain) !== Boolean(v.email), {
    error: 'Enter the organization’s subdomain or an email address (one of them).',
    path: ['subdomain'],
  });
export type PartnershipInvite = z.input<typeof partnershipInvite>;

/** PATCH /api/partners/{id}/ — the terms (the supplier's to change; the reseller accepts them). */
export const partnershipTermsPatch = z.strictObject({
  pricing_mode: termsFields.pricing_mode.optional(),
  commission_percent: termsFields.commission_percent.optional(),
  share_mode: termsFields.share_mode.optional(),
  experience_ids: termsFields.experience_ids.optional(),
  allocation: termsFields.allocation.optional(),
  payment_collector: termsFields.payment_collector.optional(),
});

const organization = z.object({ id, name: z.string(), subdomain: z.string() });

export const partnership = z.object({
  id,
  status: z.enum(PARTNERSHIP_STATUSES),
  /** What the other organization is to the one asking. */
  partner_type: z.enum(PARTNER_TYPES),
  /** The other organization (null while an email invitation is unanswered). */
  partner: organization.nullable(),
  supplier: organization.nullable(),
  reseller: organization.nullable(),
  /** Whether the asking organization sent the invitation (then it cannot accept it itself). */
  invited_by_us: z.boolean(),
  invite_email: z.string().nullable(),
  message: z.string(),
  terms: z.object(termsFields),
  /** What the asking organization may do now. */
  can: z.object({
    accept: z.boolean(),
    decline: z.boolean(),
    edit_terms: z.boolean(),
    pause: z.boolean(),
    resume: z.boolean(),
    end: z.boolean(),
  }),
  created_at: timestamp,
  accepted_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  /** Offers shared now (all Active ones, or the chosen Active ones). */
  shared_offers_count: z.number().int(),
  /**
   * On the reseller's answer to accept or resume: why its stores' visitors cannot pay for this
   * partnership's offers now (the party that collects under the terms cannot take card payments),
   * or null. A warning: the partnership is active all the same.
   */
  payment_warning: z.string().nullable().optional(),
});
export type Partnership = z.infer<typeof partnership>;

export const PARTNERSHIP_ORDERING = ['created_at', 'name', 'status'] as const;
export const partnershipListFilters = {
  type: choiceFilter(PARTNER_TYPES, PARTNER_TYPE_LABELS),
  status: choiceFilter(PARTNERSHIP_STATUSES, PARTNERSHIP_STATUS_LABELS),
};

/** GET /api/partners/{id}/statement/?month=YYYY-MM&format=csv|pdf|json */
export const statementQuery = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Use a month such as 2026-11.' }),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});

/** Who owes whom on a resale or a statement, from what was collected and the commission. */
export const settlement = z.object({
  /** Positive: the reseller owes the supplier this much; negative: the supplier owes the reseller. */
  reseller_owes_supplier: z.number().int(),
  label: z.string(),
});

export const statementLine = z.object({
  order_reference: z.string(),
  created_at: timestamp,
  status: z.enum(ORDER_STATUSES),
  gross: z.number().int(),
  canceled: z.number().int(),
  collected: z.number().int(),
  commission: z.number().int(),
  /**
   * Of the commission, what the card split (Stripe) already paid the reseller at checkout, net of
   * what refunds took back: settled, not owed.
   */
  split_to_reseller: z.number().int(),
  net: z.number().int(),
  reseller_owes_supplier: z.number().int(),
});
export const statement = z.object({
  partnership_id: id,
  month: z.string(),
  currency: z.string().nullable(),
  supplier: z.string(),
  reseller: z.string(),
  lines: z.array(statementLine),
  totals: statementLine.omit({ order_reference: true, created_at: true, status: true }).extend({ sales: z.number().int() }),
  settlement,
});
export type Statement = z.infer<typeof statement>;

/* ---------------------------------------------------------------- resales */

export const RESALE_SIDES = ['reseller', 'supplier'] as const;
export type ResaleSide = (typeof RESALE_SIDES)[number];
export const RESALE_SIDE_LABELS: Record<ResaleSide, string> = {
  reseller: 'Sold by us (as reseller)',
  supplier: 'Sold for us (by resellers)',
};

export const resale = z.object({
  id,
  /** The order's reference in the supplier's account. */
  reference: z.string(),
  /** Which side the asking organization is on. */
  side: z.enum(RESALE_SIDES),
  partnership_id: id,
  supplier: z.object({ id, name: z.string() }),
  reseller: z.object({ id, name: z.string() }),
  store: z.object({ id, name: z.string() }).nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  contact_name: z.string(),
  offers: z.array(z.string()),
  /** At the sale, frozen. */
  gross: z.number().int(),
  /** The order's total now (lines not canceled). */
  total: z.number().int(),
  /** Paid − refunded. */
  collected: z.number().int(),
  commission_percent: z.number().nullable(),
  pricing_mode: z.enum(PRICING_MODES),
  commission: z.number().int(),
  /** What the supplier keeps: the commissionable amount less the commission. */
  net: z.number().int(),
  payment_collector: z.enum(PAYMENT_COLLECTORS),
  settlement,
  created_at: timestamp,
  canceled_at: timestamp.nullable(),
});
export type Resale = z.infer<typeof resale>;

export const resaleDetail = resale.extend({
  lines: z.array(
    z.object({
      id,
      title: z.string(),
      status: z.enum(['active', 'canceled']),
      starts_at: timestamp.nullable(),
      participants: z.number().int(),
      total: z.number().int(),
    }),
  ),
  contact: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }),
});
export type ResaleDetail = z.infer<typeof resaleDetail>;

export const RESALE_ORDERING = ['created_at', 'total', 'commission'] as const;
export const RESALE_DATE_RANGES = ['last_7_days', 'last_30_days', 'last_2_months'] as const;
export const RESALE_DATE_RANGE_LABELS = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_2_months: 'Last 2 months',
} as const;
const optionalId = (message: string) =>
  z.preprocess(
    (raw) => (typeof raw === 'string' && ['', 'all'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    z.uuid({ error: message }).optional(),
  );
export const resaleListFilters = {
  side: choiceFilter(RESALE_SIDES, RESALE_SIDE_LABELS),
  /** The partnership. */
  partner: optionalId('Choose a partner from the list.'),
  status: choiceFilter(ORDER_STATUSES, { created: 'Created', confirmed: 'Confirmed', canceled: 'Canceled' }),
  payment_status: choiceFilter(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS),
  date_range: z.preprocess(
    (raw) => (typeof raw === 'string' && ['all time', 'all_time'].includes(raw.trim().toLowerCase()) ? undefined : raw),
    choiceFilter(RESALE_DATE_RANGES, RESALE_DATE_RANGE_LABELS),
  ),
};

export const resaleFilterOptions = z.object({
  side: z.array(z.object({ value: z.string(), label: z.string() })),
  partner: z.array(z.object({ value: z.string(), label: z.string() })),
  status: z.array(z.string()),
  payment_status: z.array(z.string()),
  date_range: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type ResaleFilterOptions = z.infer<typeof resaleFilterOptions>;

/** POST /api/resales/{id}/cancel/ — the reseller (or the supplier) cancels under the supplier's policy. */
export const resaleCancelResponse = z.object({ resale: resaleDetail, proposed_refund: z.number().int() });

/** GET /api/partners/offers/ — the offers partners share with the asking reseller (checkout picker). */
export const sharedOffer = z.object({
  id,
  title: z.string(),
  type: z.string(),
  currency: z.string(),
  supplier: z.object({ id, name: z.string() }),
});
export type SharedOffer = z.infer<typeof sharedOffer>;

/**
 * POST /api/orders/ when the cart held a supplier's offers: the order is the supplier's, so the
 * answer carries no `id` (specification §3: "when id is absent the sale is treated as a resale").
 */
export const resaleCreated = z.object({
  resale_id: id,
  reference: z.string(),
  supplier: z.object({ id, name: z.string() }),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  total: z.number().int(),
  commission: z.number().int(),
});
export type ResaleCreated = z.infer<typeof resaleCreated>;

/** GET /api/partners/offers/{id}/ — what the back-office checkout asks about a shared offer. */
export const sharedOfferDetail = sharedOffer.extend({
  time_zone: z.string(),
  extras: z.array(z.object({ id, name: z.string(), description: z.string(), price: z.number().int() })),
  questions: z.array(
    z.object({
      id,
      question: z.string(),
      scope: z.string(),
      answer_type: z.string(),
      options: z.array(z.string()),
      required: z.boolean(),
    }),
  ),
});
export type SharedOfferDetail = z.infer<typeof sharedOfferDetail>;
