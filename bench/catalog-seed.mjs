// The large catalog the read benchmarks run on: 5,000 offers (BENCH_OFFERS) in the demo account,
// 10 start times each, a priced rate (two categories, either may be the cheaper) and a cover image
// per offer. Seeded with SQL.
import pg from 'pg';

export const OFFERS = Number(process.env.BENCH_OFFERS ?? 5000);
const STARTS_PER_OFFER = 10;

/** Seeds the demo account of the database at `pgUrl`; resolves with counts and the time it took. */
export const seedCatalog = async (pgUrl) => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const started = Date.now();
  await client.query('begin');
  const {
    rows: [{ id: account }],
  } = await client.query(`select id from base_accounts where subdomain = 'demo'`);
  await client.query(
    `insert into experiences (id, account_id, type, status, title, category, city, time_zone, currency, description, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['rental','ticket','transfer'])[1 + i % 3],
       (array['draft','active','inactive'])[1 + (i / 3) % 3],
       (array['Sunset','Harbour','Old Town','Mountain','Desert','Canal','Island','Forest','Castle','River'])[1 + i % 10] || ' ' ||
       (array['Kayak','Walking','Bike','Food','Boat','Segway','Wine','Photo','Ghost','Street-art'])[1 + (i / 10) % 10] || ' ' ||
       (array['Tour','Experience','Adventure','Trip','Class'])[1 + (i / 100) % 5] || ' ' || i,
       'tours', (array['Berlin','Lisbon','Porto','Vienna','Prague'])[1 + i % 5], 'Europe/Berlin', 'EUR', 'A description.',
       now() - (i || ' minutes')::interval, now()
     from generate_series(1, $2::int) as i`,
    [account, OFFERS],
  );
  await client.query(
    `insert into start_times (id, account_id, experience_id, time, weekdays, date_from, date_to, capacity)
     select gen_random_uuid(), e.account_id, e.id, lpad((8 + s)::text, 2, '0') || ':00', '{1,2,3,4,5,6,7}', '2026-01-01', '2026-12-31', 20
     from experiences e cross join generate_series(0, $2::int - 1) as s where e.account_id = $1`,
    [account, STARTS_PER_OFFER],
  );
  const {
    rows: [adult],
  } = await client.query(
    `insert into pricing_categories (id, account_id, name, type) values (gen_random_uuid(), $1, 'Bench adult', 'adult') returning id`,
    [account],
  );
  const {
    rows: [child],
  } = await client.query(
    `insert into pricing_categories (id, account_id, name, type) values (gen_random_uuid(), $1, 'Bench child', 'child') returning id`,
    [account],
  );
  await client.query(
    `insert into pricing_rates (id, account_id, experience_id, name)
     select gen_random_uuid(), account_id, id, 'Standard' from experiences where account_id = $1`,
    [account],
  );
  await client.query(
    `insert into pricing_rate_prices (account_id, rate_id, pricing_category_id, price_minor)
     select r.account_id, r.id, c.id, 1000 + (abs(hashtext(r.id::text || c.id::text)) % 9000)
     from pricing_rates r cross join (values ($2::uuid), ($3::uuid)) as c(id) where r.account_id = $1`,
    [account, adult.id, child.id],
  );
  await client.query(
    `with imgs as (
       insert into filer_images (id, account_id, original_name, width, height, size_bytes, variants)
       select gen_random_uuid(), $1, e.id::text || '.jpg', 1920, 1280, 500000,
              jsonb_build_object('thumb', jsonb_build_object('key', 'bench/' || e.id || '/thumb.webp', 'width', 320, 'height', 213))
       from experiences e where e.account_id = $1
       returning id, original_name)
     insert into experience_images (account_id, experience_id, image_id, position)
     select $1, replace(original_name, '.jpg', '')::uuid, id, 0 from imgs`,
    [account],
  );
  await client.query('commit');
  await client.query('analyze');
  const counts = await client.query(
    `select (select count(*) from experiences where account_id = $1) as offers,
            (select count(*) from start_times where account_id = $1) as starts`,
    [account],
  );
  await client.end();
  return { ms: Date.now() - started, ...counts.rows[0] };
};
