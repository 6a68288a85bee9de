import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers.ts';
import { orders } from '../../db/schema/sales.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { book, reserveParty } from '../../test/order-factories.ts';

const t = useTestApp();

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});

type Headers = Record<string, string>;
const create = (headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: '/api/customers/', headers, payload });

describe('customers', () => {
  it('creates, lists with search and ordering, reads, changes and deletes, in the list shape', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    const ada = await create(h, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'Ada@Example.test',
      phone: '+44 20 1234',
      country: 'gb',
      language: 'en',
      marketing_consent: true,
    });
    expect(ada.statusCode, ada.body).toBe(201);
    expect(ada.json()).toMatchObject({
      email: 'ada@example.test',
      country: 'GB',
      marketing_consent: true,
      marketing_consent_at: '2026-11-30T09:00:00.000Z',
      orders_count: 0,
      spent: [],
    });
    expect((await create(h, { first_name: 'Grace', last_name: 'Hopper', phone: '555-0100' })).statusCode).toBe(201);
    expect((await create(h, { email: 'zed@example.test' })).statusCode).toBe(201);

    const list = async (query: string) => (await t.app.inject({ url: `/api/customers/?${query}`, headers: h })).json();
    expect((await list('')).results.map((c: { last_name: string }) => c.last_name)).toEqual(['', 'Hopper', 'Lovelace']);
    expect((await list('ordering=-last_name')).results[0].last_name).toBe('Lovelace');
    expect((await list('search=hopp')).count).toBe(1);
    expect((await list('search=555')).count).toBe(1);
    expect((await list('search=EXAMPLE.TEST')).count).toBe(2);

    const id = ada.json().id;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${id}/`,
      headers: h,
      payload: { notes: 'Vegetarian', marketing_consent: false },
    });
    expect(changed.json()).toMatchObject({
      notes: 'Vegetarian',
      marketing_consent: false,
      marketing_consent_at: null,
      email: 'ada@example.test',
    });
    expect((await t.app.inject({ url: `/api/customers/${id}/`, headers: h })).json().notes).toBe('Vegetarian');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}/`, headers: h })).statusCode).toBe(204);
    expectError(await t.app.inject({ url: `/api/customers/${id}/`, headers: h }), 404, { code: 'not_found' });
  });

  it('refuses bad input and a second customer with the same email (any case), writing nothing', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    expect((await create(h, { first_name: 'Ada', email: 'ada@example.test' })).statusCode).toBe(201);
    expectError(await create(h, { first_name: 'Ada', email: 'ADA@example.test' }), 400, { attr: 'email', code: 'unique' });
    expectError(await create(h, { first_name: 'X', email: 'not-an-email' }), 400, { attr: 'email' });
    expectError(await create(h, { first_name: 'X', country: 'Narnia' }), 400, { attr: 'country' });
    expectError(await create(h, { first_name: 'X', language: 'english!' }), 400, { attr: 'language' });
    expectError(await create(h, { phone: '123' }), 400, { attr: 'last_name' });
    expectError(await create(h, { first_name: 'X', favourite: 'blue' }), 400, {});
    expect((await t.db.select().from(customers).where(eq(customers.accountId, b.account.id))).length).toBe(1);
    // Another organization may have the same person.
    const other = await createAccount(t);
    expect((await create(other.owner.headers, { email: 'ada@example.test' })).statusCode).toBe(201);
  });

  it("needs 'Manage customers' and never shows another organization's customers", async () => {
    const b = await createAccount(t);
    const ada = (await create(b.owner.headers, { first_name: 'Ada' })).json();
    const clerk = await createMember(t, b, ['Manage orders']);
    expectError(await t.app.inject({ url: '/api/customers/', headers: clerk.headers }), 403, { code: 'permission_denied' });
    const desk = await createMember(t, b, ['Manage customers']);
    expect((await t.app.inject({ url: '/api/customers/', headers: desk.headers })).json().count).toBe(1);
    const other = await createAccount(t);
    expectError(await t.app.inject({ url: `/api/customers/${ada.id}/`, headers: other.owner.headers }), 404, {
      code: 'not_found',
    });
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/customers/${ada.id}/`,
        headers: other.owner.headers,
        payload: { notes: 'x' },
      }),
      404,
      { code: 'not_found' },
    );
  });

  it('a booking finds its customer by email or creates one, and the customer shows the orders and totals', async () => {
    const b = await createAccount(t);
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 20 }] });
    const existing = (
      await create(b.owner.headers, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' })
    ).json();
    const first = await book(t, b, (await reserveParty(t, b, offer, '2026-12-01', { adults: 2 })).id, {
      first_name: 'Ada',
      last_name: 'L.',
      email: 'ADA@example.test',
    });
    expect(first.json().customer_id).toBe(existing.id);
    const second = await book(t, b, (await reserveParty(t, b, offer, '2026-12-01', { adults: 1 })).id, {
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@example.test',
    });
    const alan = second.json().customer_id;
    expect(alan).not.toBeNull();
    expect((await t.app.inject({ url: `/api/customers/${alan}/`, headers: b.owner.headers })).json()).toMatchObject({
      first_name: 'Alan',
      last_name: 'Turing',
      orders_count: 1,
      spent: [{ currency: 'EUR', total: 3500 }],
    });
    expect((await t.app.inject({ url: `/api/customers/${existing.id}/`, headers: b.owner.headers })).json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      orders_count: 1,
      spent: [{ currency: 'EUR', total: 7000 }],
    });
  });

  it('merges a duplicate: empty fields filled, notes appended, consent kept, orders moved, the duplicate gone', async () => {
    const b = await createAccount(t);
    const h = b.owner.headers;
    const offer = await createSellableOffer(t, b, { lines: [{ time: '10:00', capacity: 20 }] });
    const kept = (await create(h, { first_name: 'Ada', last_name: 'Lovelace', notes: 'Prefers mornings' })).json();
    await book(t, b, (await reserveParty(t, b, offer, '2026-12-01', { adults: 1 })).id, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
    });
    const [duplicate] = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.accountId, b.account.id), eq(customers.email, 'ada@example.test')));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${duplicate.id}/`,
      headers: h,
      payload: { notes: 'Allergic to nuts', marketing_consent: true, country: 'GB' },
    });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${kept.id}/merge/`,
      headers: h,
      payload: { other_id: duplicate.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: kept.id,
      first_name: 'Ada',
      email: 'ada@example.test',
      country: 'GB',
      notes: 'Prefers mornings\n\nAllergic to nuts',
      marketing_consent: true,
      orders_count: 1,
    });
    expect(await t.db.select().from(customers).where(eq(customers.id, duplicate.id))).toEqual([]);
    const moved = await t.db.select().from(orders).where(eq(orders.accountId, b.account.id));
    expect(moved.map((o) => o.customerId)).toEqual([kept.id]);

    expectError(
      await t.app.inject({ method: 'POST', url: `/api/customers/${kept.id}/merge/`, headers: h, payload: { other_id: kept.id } }),
      400,
      {
        attr: 'other_id',
      },
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/customers/${kept.id}/merge/`,
        headers: h,
        payload: { other_id: duplicate.id },
      }),
      400,
      { attr: 'other_id', code: 'not_found' },
    );
  });
});
