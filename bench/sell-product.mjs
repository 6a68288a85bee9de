// Excursio's side of bench/sell.bench.mjs: an offer of the demo organization sold by its default store
// (harbour-and-hills, test-mode card provider seeded with the demo), with a start of `places` places
// (the rush) and one of 100,000 (throughput); a buyer holds one place and orders it as a webstore
// visitor does (POST /api/1/reserve/, then POST /api/webstores/order/ with the test card tok_visa).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { call, json, plusDays } from './sell-support.mjs';

export const seedProduct = async (pgUrl, places) => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('begin');
    const {
      rows: [{ id: account }],
    } = await client.query(`select id from base_accounts where subdomain = 'demo'`);
    const {
      rows: [{ id: offer }],
    } = await client.query(
      `insert into experiences (id, account_id, type, status, visibility, title, time_zone, currency, duration_minutes, description)
       values (gen_random_uuid(), $1, 'ticket', 'active', 'public', 'Bench: harbour walk', 'Europe/Berlin', 'EUR', 120, 'Bench') returning id`,
      [account],
    );
    const start = async (time, capacity) =>
      (
        await client.query(
          `insert into start_times (id, account_id, experience_id, time, weekdays, date_from, date_to, capacity)
           values (gen_random_uuid(), $1, $2, $3, '{1,2,3,4,5,6,7}', $4, $5, $6) returning id`,
          [account, offer, time, plusDays(0), plusDays(365), capacity],
        )
      ).rows[0].id;
    const rushStart = await start('10:00', places);
    const bigStart = await start('14:00', 100000);
    const {
      rows: [{ id: adult }],
    } = await client.query(
      `insert into pricing_categories (id, account_id, name, type) values (gen_random_uuid(), $1, 'Bench adult', 'adult') returning id`,
      [account],
    );
    const {
      rows: [{ id: rate }],
    } = await client.query(
      `insert into pricing_rates (id, account_id, experience_id, name) values (gen_random_uuid(), $1, $2, 'Standard') returning id`,
      [account, offer],
    );
    await client.query(
      `insert into pricing_rate_prices (account_id, rate_id, pricing_category_id, price_minor) values ($1, $2, $3, 3500)`,
      [account, rate, adult],
    );
    await client.query('commit');
    return { offer, adult, rate, rushStart, bigStart };
  } finally {
    await client.end();
  }
};

/** The demo's default store sells the offer; the answers its booking questions ask for. */
export const prepareProduct = async ({ http, signIn, origin }, seeded) => {
  const headers = await signIn();
  const stores = json(await http('/api/stores/?page_size=50', { headers }), 200);
  const store = (stores.results ?? stores).find((s) => s.slug === 'harbour-and-hills');
  if (!store) throw new Error('the demo store harbour-and-hills is missing');
  const added = await http(`/api/stores/${store.id}/add-experience/`, {
    method: 'POST',
    headers: { ...headers, origin },
    body: JSON.stringify({ experience_id: seeded.offer }),
  });
  if (![200, 201].includes(added.status)) throw new Error(`add-experience: ${added.status} ${added.body}`);
  const questions = json(await http(`/api/booking-questions/?experience=${seeded.offer}`, { headers }), 200);
  const answers = (questions.results ?? []).map((q) => ({ question_id: q.id, answer: q.options?.[0] ?? 'Yes' }));
  return { ...seeded, store: store.slug, answers };
};

/** One buyer: hold one place on `day` at `startId`, then order it; the times of both steps. */
export const productBuyer = ({ port, host, origin }, p) => {
  const headers = { host, origin };
  return async (day, startId) => {
    const started = performance.now();
    const hold = await call(port, '/api/1/reserve/', {
      method: 'POST',
      headers,
      body: {
        store: p.store,
        productId: p.offer,
        availabilityId: `${day}_${startId}`,
        rateId: p.rate,
        units: [{ pricingCategoryId: p.adult, quantity: 1 }],
      },
    });
    const holdMs = performance.now() - started;
    if (hold.status !== 201) return { ok: false, status: hold.status, holdMs, ms: holdMs };
    const { id } = JSON.parse(hold.body);
    const order = await call(port, '/api/webstores/order/', {
      method: 'POST',
      headers,
      body: {
        store: p.store,
        lines: [{ hold_id: id, answers: p.answers }],
        contact: {
          first_name: 'Vera',
          last_name: 'Visitor',
          email: `vera-${randomUUID().slice(0, 8)}@example.test`,
          phone: '+49 30 1234',
        },
        terms_accepted: true,
        payment_token: 'tok_visa',
        idempotency_key: randomUUID(),
      },
    });
    const ms = performance.now() - started;
    return { ok: order.status === 201, status: order.status, holdMs, ms, body: order.status === 201 ? '' : order.body };
  };
};
