import { randomUUID } from 'node:crypto';
import type { ProductConfiguration } from '@excursio/contract/product-configuration';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancellationPolicies, meetingPoints } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { createOrder, reserveParty } from '../../test/order-factories.ts';

const t = useTestApp();
const DAY = '2026-12-01';
const URL = '/api/product-configuration/';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

const read = async (account: TestAccount) => {
  const res = await t.app.inject({ url: URL, headers: account.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductConfiguration;
};
const put = (account: TestAccount, body: object, headers = account.owner.headers) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: body });
/** The current configuration with these changes, saved. */
const change = async (account: TestAccount, changes: Partial<ProductConfiguration>) => {
  const { updated_at: _, ...current } = await read(account);
  const res = await put(account, { ...current, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductConfiguration;
};

const policyOf = async (account: TestAccount) =>
  (
    await t.db
      .insert(cancellationPolicies)
      .values({ accountId: account.account.id, name: `Policy ${randomUUID().slice(0, 6)}`, tiers: [] })
      .returning()
  )[0];
const pointOf = async (account: TestAccount) =>
  (
    await t.db
      .insert(meetingPoints)
      .values({ accountId: account.account.id, name: `Pier ${randomUUID().slice(0, 6)}` })
      .returning()
  )[0];

describe('GET/PUT /api/product-configuration/', () => {
  it('answers the defaults of an organization that never saved: profile formats, 15 hold minutes, # references', async () => {
    const account = await createAccount(t);
    const config = await read(account);
    expect(config).toMatchObject({
      time_format: '24h',
      date_format: 'DD. MMMM YYYY',
      hold_minutes: 15,
      booking_reference_prefix: '#',
      invoice_number_prefix: 'INV-',
      invoice_number_digits: 6,
      reminder_enabled: true,
      reminder_hours_before: 24,
      updated_at: null,
    });
  });

  it('saves every field, and the profile follows (time format, currency, zone are one value)', async () => {
    const account = await createAccount(t);
    const saved = await change(account, {
      time_format: '12h',
      date_format: 'YYYY-MM-DD',
      default_currency: 'CHF',
      default_time_zone: 'Europe/Zurich',
      hold_minutes: 30,
      invoice_footer: 'Thank you for travelling with us.',
    });
    expect(saved).toMatchObject({ time_format: '12h', date_format: 'YYYY-MM-DD', default_currency: 'CHF', hold_minutes: 30 });
    expect(saved.updated_at).not.toBeNull();
    const profile = await t.app.inject({ url: `/api/base-accounts/${account.account.id}/`, headers: account.owner.headers });
    expect(profile.json().profile).toMatchObject({ time_format: '12h', currency: 'CHF', timezone: 'Europe/Zurich' });
  });

  it('refuses invalid values field by field, unknown fields, and a policy of another organization', async () => {
    const account = await createAccount(t);
    const other = await createAccount(t);
    const { updated_at: _, ...current } = await read(account);
    expectError(await put(account, { ...current, hold_minutes: 500 }), 400, { attr: 'hold_minutes' });
    expectError(await put(account, { ...current, time_format: '13h' }), 400, { attr: 'time_format' });
    expectError(await put(account, { ...current, booking_reference_prefix: 'A B' }), 400, { attr: 'booking_reference_prefix' });
    expectError(await put(account, { ...current, default_time_zone: 'Mars/Base' }), 400, { attr: 'default_time_zone' });
    expectError(await put(account, { ...current, surprise: true }), 400, {});
    const { hold_minutes: _h, ...missing } = current;
    expectError(await put(account, missing), 400, { attr: 'hold_minutes' });
    const foreign = await policyOf(other);
    expectError(await put(account, { ...current, default_cancellation_policy_id: foreign.id }), 400, {
      attr: 'default_cancellation_policy_id',
      detail: 'Cancellation policy not found.',
    });
    expect((await read(account)).updated_at).toBeNull();
  });

  it('lets every member read it and only Manage account change it', async () => {
    const account = await createAccount(t);
    const member = await createMember(t, account, ['Manage orders']);
    const res = await t.app.inject({ url: URL, headers: member.headers });
    expect(res.statusCode).toBe(200);
    const { updated_at: _, ...body } = res.json();
    expectError(await put(account, body, member.headers), 403, { code: 'permission_denied' });
    expect((await t.app.inject({ url: URL, headers: { host: `${account.subdomain}.excursio.test` } })).statusCode).toBe(401);
  });
});

describe('what the configuration changes', () => {
  it('gives new offers its currency, zone, cancellation policy and meeting point', async () => {
    const account = await createAccount(t);
    const policy = await policyOf(account);
    const point = await pointOf(account);
    await change(account, {
      default_currency: 'GBP',
      default_time_zone: 'Europe/London',
      default_cancellation_policy_id: policy.id,
      default_meeting_point_id: point.id,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences/',
      headers: account.owner.headers,
      payload: { type: 'ticket', title: 'Harbour walk' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      currency: 'GBP',
      time_zone: 'Europe/London',
      cancellation_policy_id: policy.id,
      meeting_point_id: point.id,
    });
    // What the request says wins.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/experiences/',
      headers: account.owner.headers,
      payload: { type: 'ticket', title: 'Own', currency: 'EUR', cancellation_policy_id: null },
    });
    expect(own.json()).toMatchObject({ currency: 'EUR', cancellation_policy_id: null, meeting_point_id: point.id });
  });

  it('puts the reference prefix on new orders; orders made before keep theirs', async () => {
    const account = await createAccount(t);
    const offer = await createSellableOffer(t, account);
    const before = await createOrder(t, account, offer, DAY);
    expect(before.reference).toBe(`#${before.number}`);
    await change(account, { booking_reference_prefix: 'HB-' });
    const after = await createOrder(t, account, offer, DAY);
    expect(after.reference).toBe(`HB-${after.number}`);
    const again = await t.app.inject({ url: `/api/orders/${before.id}/`, headers: account.owner.headers });
    expect(again.json().reference).toBe(`#${before.number}`);
    const list = await t.app.inject({ url: '/api/orders/', headers: account.owner.headers });
    expect(
      list
        .json()
        .results.map((o: { reference: string }) => o.reference)
        .sort(),
    ).toEqual([`#${before.number}`, `HB-${after.number}`].sort());
  });

  it('prints the invoice number format, tax id and footer on invoices issued after the change', async () => {
    const account = await createAccount(t);
    const offer = await createSellableOffer(t, account);
    const first = await createOrder(t, account, offer, DAY);
    const issue = (orderId: string) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/invoice/`, headers: account.owner.headers, payload: {} });
    const old = (await issue(first.id)).json();
    expect(old.display_number).toBe('INV-000001');
    await change(account, {
      invoice_number_prefix: 'HB/2026/',
      invoice_number_digits: 3,
      invoice_tax_id: 'DE123456789',
      invoice_footer: 'Paid in full means paid within 14 days.',
    });
    const second = await createOrder(t, account, offer, DAY);
    const fresh = (await issue(second.id)).json();
    expect(fresh.display_number).toBe('HB/2026/002');
    expect(fresh.seller.lines).toContain('Tax ID DE123456789');
    expect(fresh.footer).toBe('Paid in full means paid within 14 days.');
    // An invoice says what it said when issued.
    const again = await t.app.inject({ url: `/api/orders/${first.id}/invoice/`, headers: account.owner.headers });
    expect(again.json().display_number).toBe('INV-000001');
    expect(again.json().footer).toBeUndefined();
  });

  it('holds places for the configured minutes', async () => {
    const account = await createAccount(t);
    const offer = await createSellableOffer(t, account);
    await change(account, { hold_minutes: 45 });
    await t.settled();
    const hold = await reserveParty(t, account, offer, DAY, { adults: 1 });
    expect(new Date(hold.utcExpiresAt).getTime() - (t.clock.now as Date).getTime()).toBe(45 * 60_000);
  });
});
