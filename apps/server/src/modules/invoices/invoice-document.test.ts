import { EMPTY_CONTACT, EMPTY_LEGAL } from '@excursio/contract/accounts';
import { invoiceNumberLabel } from '@excursio/contract/invoices';
import type { OrderDetail, OrderLine } from '@excursio/contract/orders';
import { describe, expect, it } from 'vitest';
import { invoiceDocumentOf, invoiceLines } from './invoice-document.ts';

const ADULT = '00000000-0000-4000-8000-000000000001';
const CHILD = '00000000-0000-4000-8000-000000000002';
const names = new Map([
  [ADULT, 'Adult'],
  [CHILD, 'Child'],
]);

const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  id: crypto.randomUUID(),
  description: 'Harbour kayak tour',
  status: 'active',
  total: 10000,
  experience_id: null,
  booking: {
    id: crypto.randomUUID(),
    status: 'confirmed',
    attendance_status: 'open',
    starts_at: '2026-12-01T09:00:00.000Z',
    local_date: '2026-12-01',
    time_zone: 'Europe/Berlin',
    participants: 3,
    party: [
      { pricing_category_id: ADULT, quantity: 2, unit_price: 4000, amount: 8000 },
      { pricing_category_id: CHILD, quantity: 1, unit_price: 2000, amount: 2000 },
    ],
  },
  extras: [],
  answers: [],
  canceled_at: null,
  ...overrides,
});

const order = (lines: OrderLine[], money: Partial<OrderDetail> = {}): OrderDetail => ({
  id: crypto.randomUUID(),
  number: 7,
  reference: '#7',
  channel: 'backoffice',
  status: 'confirmed',
  payment_status: 'partially_paid',
  currency: 'EUR',
  total: lines.filter((l) => l.status === 'active').reduce((sum, l) => sum + l.total, 0),
  paid: 0,
  refunded: 0,
  due: 0,
  refund_due: 0,
  invoice_number: null,
  customer_id: null,
  contact: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', phone: '' },
  created_at: '2026-11-20T08:00:00.000Z',
  canceled_at: null,
  note: '',
  lines,
  payments: [],
  refundable: 0,
  session_id: null,
  seller: null,
  store: null,
  first_service: null,
  offer: null,
  sold_by: null,
  language: 'en',
  ...money,
});

describe('invoiceLines', () => {
  it('bills one line per pricing category and per extra, dated in the offer’s zone; canceled lines are not billed', () => {
    const withExtra = line({
      total: 11500,
      extras: [{ item_id: crypto.randomUUID(), name: 'Dry bag', quantity: 3, unit_price: 500, amount: 1500 }],
    });
    const canceled = line({ status: 'canceled', description: 'Sunset paddle' });
    expect(invoiceLines(order([withExtra, canceled]), names, '24h')).toEqual([
      { description: 'Harbour kayak tour — Tue, 01. December 2026, 10:00 · Adult', quantity: 2, unit_amount: 4000, amount: 8000 },
      { description: 'Harbour kayak tour — Tue, 01. December 2026, 10:00 · Child', quantity: 1, unit_amount: 2000, amount: 2000 },
      {
        description: 'Harbour kayak tour — Tue, 01. December 2026, 10:00 · Dry bag',
        quantity: 3,
        unit_amount: 500,
        amount: 1500,
      },
    ]);
    expect(invoiceLines(order([line()]), names, '12h')[0].description).toBe(
      'Harbour kayak tour — Tue, 01. December 2026, 10:00 AM · Adult',
    );
    expect(invoiceLines(order([line()]), names, '12h', 'MM/DD/YYYY')[0].description).toBe(
      'Harbour kayak tour — Tue, 12/01/2026, 10:00 AM · Adult',
    );
  });

  it('bills a line whose parts do not add up to its price, or without a booking, as one line', () => {
    expect(invoiceLines(order([line({ total: 9000 })]), names, '24h')).toEqual([
      { description: 'Harbour kayak tour — Tue, 01. December 2026, 10:00', quantity: 1, unit_amount: 9000, amount: 9000 },
    ]);
    expect(invoiceLines(order([line({ booking: null, total: 2500 })]), names, '24h')).toEqual([
      { description: 'Harbour kayak tour', quantity: 1, unit_amount: 2500, amount: 2500 },
    ]);
  });
});

describe('invoiceDocumentOf', () => {
  it('fixes seller, buyer, totals, paid (net of refunds) and the balance, never below 0', () => {
    const seller = {
      name: 'Alpine Adventures',
      contactInfo: { ...EMPTY_CONTACT, email: 'hello@alpine.example', city: 'Zurich', postal_code: '8001', country: 'CH' },
      legalInfo: { ...EMPTY_LEGAL, legal_name: 'Alpine Adventures AG', vat_id: 'CHE-123.456.789' },
      profile: {
        description: '',
        logo_url: '',
        timezone: 'Europe/Zurich',
        currency: 'CHF',
        time_format: '24h' as const,
        language: 'en',
      },
    };
    const doc = invoiceDocumentOf({ order: order([line()], { paid: 6000, refunded: 1000 }), seller, categoryNames: names });
    expect(doc.seller).toEqual({
      name: 'Alpine Adventures',
      lines: ['Alpine Adventures AG', '8001 Zurich', 'Switzerland', 'VAT ID CHE-123.456.789'],
      email: 'hello@alpine.example',
      phone: '',
    });
    expect(doc.buyer).toEqual({ name: 'Grace Hopper', lines: [], email: 'grace@example.test', phone: '' });
    expect(doc).toMatchObject({ total: 10000, paid: 5000, balance_due: 5000, time_zone: 'Europe/Zurich', currency: 'EUR' });
    const overpaid = invoiceDocumentOf({ order: order([line()], { paid: 12000 }), seller, categoryNames: names });
    expect(overpaid.balance_due).toBe(0);
  });

  it('shows numbers as INV- and six digits', () => {
    expect(invoiceNumberLabel(1)).toBe('INV-000001');
    expect(invoiceNumberLabel(123456)).toBe('INV-123456');
    expect(invoiceNumberLabel(1234567)).toBe('INV-1234567');
  });
});
