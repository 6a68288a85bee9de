import { describe, expect, it } from 'vitest';
import { isLive, planEffectOf, readSubscription, storedStatusOf, subscriptionOfInvoice } from './provider-subscription.ts';
import { checkedReturnPath, withOutcome } from './return-paths.ts';

const subscription = (extra: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { account_id: 'acc', tier_id: 'tier' },
  items: { data: [{ id: 'si_1', current_period_end: 1_900_000_000, price: { product: 'excursio-supplier-pro' } }] },
  ...extra,
});

describe('reading a provider subscription', () => {
  it('takes the plan from the product, the period from the item, the customer from an id or an object', () => {
    expect(readSubscription(subscription())).toEqual({
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      tierCode: 'supplier-pro',
      metadataTierId: 'tier',
      metadataAccountId: 'acc',
      currentPeriodEnd: new Date(1_900_000_000_000),
      cancelAtPeriodEnd: false,
    });
    const expanded = readSubscription(
      subscription({
        customer: { id: 'cus_2', object: 'customer' },
        current_period_end: 1_800_000_000,
        items: { data: [{ price: { product: { id: 'prod_other' } } }] },
      }),
    );
    expect(expanded).toMatchObject({ customer: 'cus_2', tierCode: null, currentPeriodEnd: new Date(1_800_000_000_000) });
  });

  it('is null for what is not a subscription', () => {
    expect(readSubscription(null)).toBeNull();
    expect(readSubscription({ ...subscription(), object: 'invoice' })).toBeNull();
    expect(readSubscription({ ...subscription(), customer: null })).toBeNull();
  });

  it("finds an invoice's subscription in both API versions' places", () => {
    expect(subscriptionOfInvoice({ parent: { subscription_details: { subscription: 'sub_new' } } })).toBe('sub_new');
    expect(subscriptionOfInvoice({ subscription: 'sub_old', parent: null })).toBe('sub_old');
    expect(subscriptionOfInvoice({ parent: { quote_details: {} } })).toBeNull();
  });

  it('maps statuses to what the plan does', () => {
    expect(
      ['active', 'trialing', 'past_due', 'incomplete', 'canceled', 'unpaid', 'incomplete_expired', 'paused'].map(planEffectOf),
    ).toEqual(['paid', 'paid', 'grace', 'pending', 'free', 'free', 'free', 'free']);
    expect(['unpaid', 'incomplete_expired', 'paused', 'trialing'].map(storedStatusOf)).toEqual([
      'canceled',
      'canceled',
      'canceled',
      'trialing',
    ]);
    expect(['active', 'trialing', 'past_due', 'incomplete', 'canceled', null].map(isLive)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('return paths', () => {
  it('keeps paths of the site, with their query', () => {
    expect(checkedReturnPath('/settings/subscription/supplier-plans')).toBe('/settings/subscription/supplier-plans');
    expect(withOutcome('/stores?tab=a#x', 'success')).toBe('/stores?tab=a&subscription=success#x');
    expect(withOutcome('/p?subscription=canceled', 'success')).toBe('/p?subscription=success');
  });

  it('refuses anything that could leave the site', () => {
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example', 'evil', '/a\tb', '/\u0000', '/a b']) {
      expect(() => checkedReturnPath(path), path).toThrow(/path of this site/);
    }
  });
});
