import type { Partnership, PartnershipStatus, PartnershipTerms } from '@excursio/contract/partners';

export const PARTNERS_PATH = '/sales/partners';
/** Who may change partnerships (invite, accept, terms, pause, end); reading needs 'Manage stores'. */
export const CHANGE_PERMISSION = 'Manage account';
export const CHANGE_HINT = `You need the '${CHANGE_PERMISSION}' permission to change partnerships.`;

export const PARTNERSHIP_STATUS_COLORS: Record<PartnershipStatus, string> = {
  pending: 'blue',
  active: 'green',
  paused: 'orange',
  ended: 'gray',
  declined: 'red',
};

type Terms = Pick<PartnershipTerms, 'pricing_mode' | 'commission_percent' | 'allocation' | 'payment_collector'>;

const percent = (n: number) => `${n.toLocaleString('en', { maximumFractionDigits: 2 })} %`;

/** '15 % commission' or 'Net rates'. */
export const pricingSummary = (terms: Terms) =>
  terms.pricing_mode === 'commission' ? `${percent(terms.commission_percent)} commission` : 'Net rates';

/** 'max 8 per start' or null without a cap. */
export const allocationSummary = (terms: Terms) => (terms.allocation ? `max ${terms.allocation} per start` : null);

/** 'Reseller collects' / 'Supplier collects'. */
export const collectorSummary = (terms: Terms) =>
  terms.payment_collector === 'reseller' ? 'Reseller collects' : 'Supplier collects';

/** The terms in one line: '15 % commission · max 8 per start · Reseller collects'. */
export const termsSummary = (terms: Terms) =>
  [pricingSummary(terms), allocationSummary(terms), collectorSummary(terms)].filter(Boolean).join(' · ');

/** The other organization's name, or the address an email invitation went to. */
export const partnerLabel = (p: Pick<Partnership, 'partner' | 'invite_email'>) => p.partner?.name ?? p.invite_email ?? '—';

/** An invitation sent to us, waiting for our answer. */
export const isIncomingInvitation = (p: Pick<Partnership, 'status' | 'invited_by_us' | 'can'>) =>
  p.status === 'pending' && !p.invited_by_us && (p.can.accept || p.can.decline);

/** We are the supplier of this partnership (the other organization resells our offers). */
export const weSupply = (p: Pick<Partnership, 'partner_type'>) => p.partner_type === 'resellers';

/** 'YYYY-MM' months from `from` (inclusive) to `now`, newest first, at most `max`. */
export const statementMonths = (from: string, now = new Date(), max = 36) => {
  const start = new Date(from);
  const months: string[] = [];
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  const startKey = start.getUTCFullYear() * 12 + start.getUTCMonth();
  while (months.length < max && year * 12 + month >= startKey) {
    months.push(`${year}-${String(month + 1).padStart(2, '0')}`);
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
  }
  return months.length ? months : [`${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`];
};

/** '2026-11' → 'November 2026'. */
export const monthLabel = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};
