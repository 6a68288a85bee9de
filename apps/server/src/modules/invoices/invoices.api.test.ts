import { EMPTY_CONTACT, EMPTY_LEGAL } from '@excursio/contract/accounts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { productConfigurations } from '../../db/schema/product-configuration.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { createOrder } from '../../test/order-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { invoicePdfSettings, renderInvoicePdf } from './invoice-pdf.ts';

// Runs on PGlite (requests one transaction at a time) and, with DATABASE_URL, on PostgreSQL, where
// the parallel requests below really race for the order row and the organization's counter.
const t = useTestApp();
const DAY = '2026-12-01';

beforeEach(() => {
  t.clock.now = new Date('2026-11-30T09:00:00Z');
});
afterEach(() => {
  invoicePdfSettings.compress = true;
});

const get = (account: TestAccount, url: string, headers = account.owner.headers) => t.app.inject({ url, headers });
const issue = (account: TestAccount, orderId: string, headers = account.owner.headers) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/invoice/`, headers, payload: {} });
const pay = (account: TestAccount, orderId: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments/`,
    headers: account.owner.headers,
    payload: { idempotency_key: crypto.randomUUID(), method: 'cash', amount },
  });

/** A fresh organization (its numbering starts at 1) with an offer of 30 places on DAY at 10:00 Berlin. */
const organization = async () => {
  const account = await createAccount(t);
  const offer = await createSellableOffer(t, account, { lines: [{ time: '10:00', capacity: 30 }] });
  return { account, offer };
};

describe('POST /api/orders/{id}/invoice/', () => {
  it('issues the invoice once, with what the order says now, numbered per organization from 1', async () => {
    const { account, offer } = await organization();
    await t.db
      .update(baseAccounts)
      .set({
        contactInfo: {
          ...EMPTY_CONTACT,
          email: 'hello@alpine.example',
          phone: '+49 30 000000',
          address_line1: 'Hauptstraße 1',
          postal_code: '10115',
          city: 'Berlin',
          country: 'DE',
        },
        legalInfo: { ...EMPTY_LEGAL, vat_id: 'DE123456789' },
      })
      .where(eq(baseAccounts.id, account.account.id));
    const order = await createOrder(t, account, offer, DAY, { adults: 2, children: 1 });
    expect((await pay(account, order.id, 2000)).statusCode).toBe(201);

    const res = await issue(account, order.id);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json();
    const when = 'Tue, 01. December 2026, 10:00';
    expect(invoice).toEqual({
      id: expect.any(String),
      order_id: order.id,
      number: 1,
      display_number: 'INV-000001',
      issued_at: '2026-11-30T09:00:00.000Z',
      seller: {
        name: account.account.name,
        lines: ['Hauptstraße 1', '10115 Berlin', 'Germany', 'VAT ID DE123456789'],
        email: 'hello@alpine.example',
        phone: '+49 30 000000',
      },
      buyer: { name: `Ada ${order.contact.last_name}`, lines: [], email: order.contact.email, phone: '' },
      order_reference: order.reference,
      order_date: order.created_at,
      time_zone: 'UTC',
      currency: 'EUR',
      lines: [
        { description: `${offer.offer.title} — ${when} · ${offer.adult.name}`, quantity: 2, unit_amount: 3500, amount: 7000 },
        { description: `${offer.offer.title} — ${when} · ${offer.child.name}`, quantity: 1, unit_amount: 1500, amount: 1500 },
      ],
      total: 8500,
      paid: 2000,
      balance_due: 6500,
      date_format: 'DD. MMMM YYYY',
    });

    // Idempotent: the same invoice, unchanged by later payments (what it says is fixed).
    expect((await pay(account, order.id, 1000)).statusCode).toBe(201);
    const again = await issue(account, order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(invoice);
    const read = await get(account, `/api/orders/${order.id}/invoice/`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(invoice);

    const second = await createOrder(t, account, offer, DAY, { adults: 1 });
    const next = await issue(account, second.id);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ number: 2, display_number: 'INV-000002', total: 3500, paid: 0, balance_due: 3500 });

    // Another organization numbers its own invoices from 1.
    const other = await organization();
    const theirs = await createOrder(t, other.account, other.offer, DAY, { adults: 1 });
    const first = await issue(other.account, theirs.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().number).toBe(1);
  });

  it('refuses a canceled order; an invoice issued before the cancellation stays', async () => {
    const { account, offer } = await organization();
    const canceled = await createOrder(t, account, offer, DAY, { adults: 1 });
    const invoiced = await createOrder(t, account, offer, DAY, { adults: 1 });
    expect((await issue(account, invoiced.id)).statusCode).toBe(201);
    for (const o of [canceled, invoiced]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${o.id}/cancel/`,
        headers: account.owner.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectError(await issue(account, canceled.id), 409, { code: 'order_canceled', detail: /canceled/ });
    const kept = await issue(account, invoiced.id);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ number: 1, total: 3500 });
    // The refused issue took no number.
    const later = await createOrder(t, account, offer, DAY, { adults: 1 });
    expect((await issue(account, later.id)).json().number).toBe(2);
  });

  it("needs 'Manage orders'; another organization's order is not found", async () => {
    const { account, offer } = await organization();
    const order = await createOrder(t, account, offer, DAY, { adults: 1 });
    const viewer = await createMember(t, account, ['View experiences']);
    expectError(await issue(account, order.id, viewer.headers), 403, { code: 'permission_denied' });
    expectError(await get(account, `/api/orders/${order.id}/invoice/`, viewer.headers), 403, { code: 'permission_denied' });
    expectError(await get(account, `/api/orders/${order.id}/invoice/pdf/`, viewer.headers), 403, { code: 'permission_denied' });
    expectError(await t.app.inject({ url: `/api/orders/${order.id}/invoice/` }), 401, {});
    const clerk = await createMember(t, account, ['Manage orders']);
    expect((await issue(account, order.id, clerk.headers)).statusCode).toBe(201);

    const other = await createAccount(t);
    expectError(await issue(other, order.id), 404, { code: 'not_found', detail: 'This order does not exist.' });
    expectError(await get(other, `/api/orders/${order.id}/invoice/`), 404, { code: 'not_found' });
    expectError(await get(other, `/api/orders/${order.id}/invoice/pdf/`), 404, { code: 'not_found' });
    expect((await t.db.select().from(invoices).where(eq(invoices.accountId, other.account.id))).length).toBe(0);
    expectError(await issue(account, crypto.randomUUID()), 404, { code: 'not_found' });
    expectError(await issue(account, 'not-a-uuid'), 400, { attr: 'id' });
  });
});

describe('GET /api/orders/{id}/invoice/ and …/pdf/', () => {
  it('answers 404 until the invoice is issued', async () => {
    const { account, offer } = await organization();
    const order = await createOrder(t, account, offer, DAY, { adults: 1 });
    expectError(await get(account, `/api/orders/${order.id}/invoice/`), 404, {
      code: 'not_found',
      detail: 'This order has no invoice yet. Issue it first.',
    });
    expectError(await get(account, `/api/orders/${order.id}/invoice/pdf/`), 404, { code: 'not_found' });
    expectError(await get(account, `/api/orders/${crypto.randomUUID()}/invoice/`), 404, {
      code: 'not_found',
      detail: 'This order does not exist.',
    });
  });

  it('downloads the invoice as a PDF named after its number', async () => {
    const { account, offer } = await organization();
    const order = await createOrder(t, account, offer, DAY, { adults: 2, children: 1 });
    expect((await issue(account, order.id)).statusCode).toBe(201);
    invoicePdfSettings.compress = false;
    const res = await get(account, `/api/orders/${order.id}/invoice/pdf/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-1.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain('(Invoice INV-000001)'); // the document's title
    const shown = pdfText(pdf);
    expect(shown).toContain('INV-000001');
    expect(shown).toContain(order.reference);
    expect(shown).toContain(`Ada ${order.contact.last_name}`);
    expect(shown).toContain('€85.00'); // the total and the balance due
    expect(shown).toContain('Balance due');
  });

  it("prints its dates in the organization's date display, on the PDF too", async () => {
    const { account, offer } = await organization();
    await t.db.insert(productConfigurations).values({ accountId: account.account.id, dateFormat: 'DD.MM.YYYY' });
    const order = await createOrder(t, account, offer, DAY, { adults: 1 });
    const issued = await issue(account, order.id);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().date_format).toBe('DD.MM.YYYY');
    expect(issued.json().lines[0].description).toContain('Tue, 01.12.2026, 10:00');
    invoicePdfSettings.compress = false;
    const shown = pdfText((await get(account, `/api/orders/${order.id}/invoice/pdf/`)).rawPayload);
    expect(shown).toContain('30.11.2026'); // issued, and the order's date
    expect(shown).not.toContain('November');
  });

  it('renders compressed by default, and names in Latin-1 only (a documented limitation)', async () => {
    const { account, offer } = await organization();
    const order = await createOrder(t, account, offer, DAY, { adults: 1 });
    const invoice = (await issue(account, order.id)).json();
    const compressed = await renderInvoicePdf(invoice);
    const plain = await renderInvoicePdf(invoice, { compress: false });
    expect(compressed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(compressed.length).toBeLessThan(plain.length);
    const cyrillic = await renderInvoicePdf({ ...invoice, buyer: { ...invoice.buyer, name: 'Анна Иванова' } });
    expect(cyrillic.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('numbering under parallel requests', () => {
  it('10 parallel issues for 10 orders of one organization number them exactly 1..10', async () => {
    const { account, offer } = await organization();
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await createOrder(t, account, offer, DAY, { adults: 1 }));
    const answers = await Promise.all(orders.map((o) => issue(account, o.id)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const numbers = answers.map((res) => res.json().number).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const rows = await t.db.select().from(invoices).where(eq(invoices.accountId, account.account.id));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(10);
  });

  it('10 parallel issues for one order make one invoice', async () => {
    const { account, offer } = await organization();
    const order = await createOrder(t, account, offer, DAY, { adults: 1 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(account, order.id)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual(
      [201, 200, 200, 200, 200, 200, 200, 200, 200, 200].sort(),
    );
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    const rows = await t.db.select().from(invoices).where(eq(invoices.accountId, account.account.id));
    expect(rows.map((r) => r.number)).toEqual([1]);
  });
});
