import { describe, expect, it } from 'vitest';
import { monthLabel, statementMonths, termsSummary } from '../../lib/format/partner-format.ts';
import { DEFAULT_TERMS, emptyInvite, fieldKey, subdomainOf, validateInvite, validateTerms } from './terms-form.ts';

describe('the invitation form', () => {
  it('takes the subdomain out of a pasted address', () => {
    expect(subdomainOf(' https://Acme.excursio.app/dashboard ')).toBe('acme');
    expect(subdomainOf('acme')).toBe('acme');
  });

  it('maps error paths and server attrs to the field they belong to', () => {
    expect(fieldKey('terms.commission_percent')).toBe('commission_percent');
    expect(fieldKey(['terms', 'experience_ids', 3])).toBe('experience_ids');
    expect(fieldKey('subdomain')).toBe('subdomain');
  });

  it('leaves the sharing to the supplier when we invite a supplier', () => {
    const result = validateInvite({ ...emptyInvite('suppliers'), subdomain: 'kayaks' });
    expect(result.ok && result.body.terms).toEqual({
      pricing_mode: 'commission',
      commission_percent: 15,
      allocation: null,
      payment_collector: 'reseller',
    });
  });

  it('refuses a reserved or malformed subdomain with the contract’s message', () => {
    const result = validateInvite({ ...emptyInvite(), subdomain: 'a' });
    expect(result.ok ? null : result.errors.subdomain).toBe('Subdomain must be at least 3 characters long.');
  });

  it('refuses an email address that is not one', () => {
    const result = validateInvite({ ...emptyInvite(), via: 'email', email: 'not an email' });
    expect(result.ok ? null : result.errors.email).toBe('Enter a valid email address.');
  });
});

describe('the terms', () => {
  it('need no percentage for net rates', () => {
    const result = validateTerms({ ...DEFAULT_TERMS, pricing_mode: 'net_rates', commission_percent: '' }, true);
    expect(result.ok && result.body.commission_percent).toBe(0);
  });

  it('send the chosen offers only when sharing a chosen set', () => {
    const chosen = validateTerms({ ...DEFAULT_TERMS, share_mode: 'selected', experience_ids: ['e1'] }, true);
    expect(chosen.ok ? null : chosen.errors).toEqual({ experience_ids: expect.any(String) }); // not a uuid
    const all = validateTerms({ ...DEFAULT_TERMS, share_mode: 'all', experience_ids: ['e1'] }, true);
    expect(all.ok && all.body.experience_ids).toEqual([]);
  });

  it('read as one line', () => {
    const terms = { pricing_mode: 'commission', commission_percent: 12.5, allocation: 8, payment_collector: 'reseller' } as const;
    expect(termsSummary(terms)).toBe('12.5 % commission · max 8 per start · Reseller collects');
    expect(termsSummary({ ...terms, pricing_mode: 'net_rates', allocation: null, payment_collector: 'supplier' })).toBe(
      'Net rates · Supplier collects',
    );
  });
});

describe('the statement months', () => {
  it('run from the partnership’s start to now, newest first', () => {
    expect(statementMonths('2026-10-20T10:00:00Z', new Date('2027-01-05T00:00:00Z'))).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
      '2026-10',
    ]);
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
