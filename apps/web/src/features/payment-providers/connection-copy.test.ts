import { describe, expect, it } from 'vitest';
import { missingChecks, providerName, returnNotice } from './connection-copy.ts';

const connection = {
  provider: 'stripe',
  test_mode: false,
  status: 'incomplete',
  external_account_id: 'acct_1',
  details_submitted: true,
  charges_enabled: false,
  payouts_enabled: false,
  connected_at: null,
  platform_fee_bp: 200,
} as const;

describe('missingChecks', () => {
  it('lists what the provider still lacks, in onboarding order', () => {
    expect(missingChecks(connection).map((c) => c.label)).toEqual(['Charges enabled', 'Payouts enabled']);
    expect(missingChecks({ ...connection, charges_enabled: true, payouts_enabled: true })).toEqual([]);
  });
});

describe('providerName', () => {
  it('names Stripe and the test mode', () => {
    expect(providerName({ provider: 'stripe' })).toBe('Stripe');
    expect(providerName({ provider: 'test' })).toBe('Test mode provider');
  });
});

describe('returnNotice', () => {
  it('confirms a connection', () => {
    expect(returnNotice({ connected: '1' })).toEqual({ ok: true, message: 'Payment provider connected.' });
  });

  it('says a cancel changed nothing, and an expired link needs a new attempt', () => {
    expect(returnNotice({ error: 'access_denied' })).toEqual({ ok: false, message: 'Connecting was canceled: nothing changed.' });
    expect(returnNotice({ error: 'invalid_state' })?.message).toMatch(/expired or was already used/);
  });

  it('says what the server’s other return codes mean', () => {
    expect(returnNotice({ error: 'incomplete' })?.message).toMatch(/continue onboarding/);
    expect(returnNotice({ error: 'provider_error' })?.message).toMatch(/did not answer/);
  });

  it('names an unknown error, and an error wins over connected', () => {
    expect(returnNotice({ error: 'boom', connected: '1' })).toEqual({
      ok: false,
      message: 'The payment provider could not be connected (boom). Please try again.',
    });
  });

  it('is nothing without either', () => {
    expect(returnNotice({})).toBeNull();
  });
});
