import { describe, expect, it } from 'vitest';
import { statusSummary } from './subscription-status.ts';

describe('statusSummary', () => {
  const base = {
    tier: { name: 'Growth', price_minor: 4900 },
    status: 'active',
    current_period_end: '2026-06-12T10:00:00Z',
    cancel_at_period_end: false,
    grace_until: null,
  } as const;

  it('says when an active plan renews', () => {
    expect(statusSummary(base as never)).toEqual({ label: 'Active', color: 'teal', text: 'Renews on 12. June 2026.' });
  });

  it('gives the grace date of a past-due plan', () => {
    const s = statusSummary({ ...base, status: 'past_due', grace_until: '2026-06-19T10:00:00Z' } as never);
    expect(s.label).toBe('Past due');
    expect(s.text).toContain('19. June 2026');
  });

  it('says when a plan canceled at period end stops', () => {
    const s = statusSummary({ ...base, cancel_at_period_end: true } as never);
    expect(s.label).toBe('Cancels at period end');
    expect(s.text).toContain('Growth ends on 12. June 2026');
  });

  it('calls a free plan never paid for free, and a paid plan without a subscription not billed', () => {
    const free = { name: 'Starter', price_minor: 0 };
    expect(statusSummary({ ...base, tier: free, status: null, current_period_end: null } as never).label).toBe('Free');
    expect(statusSummary({ ...base, tier: { name: 'Pro', price_minor: 14900 }, status: null } as never).label).toBe('Not billed');
  });
});
