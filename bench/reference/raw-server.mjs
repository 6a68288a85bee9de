// The practical ceiling of this stack for the offers list: one file, Fastify + `pg`, the same SQL
// and the same JSON as the product's GET /api/experiences/, no ORM, no zod, no authentication.
// Started by bench/lean.bench.mjs next to the product, on the same database.
//   DATABASE_URL=postgres://… PORT=3299 node bench/reference/raw-server.mjs
import Fastify from 'fastify';
import pg from 'pg';

// Connections are kept (no idle timeout): the benchmark reads the backends' CPU per process.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, idleTimeoutMillis: 0 });
const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
const accounts = new Map((await pool.query('select subdomain, id from base_accounts')).rows.map((r) => [r.subdomain, r.id]));

const ORDER = { title: 'title', created_at: 'created_at', updated_at: 'updated_at', status: 'status', type: 'type' };
const CATEGORIES = {
  tours: 'tours',
  activities: 'activities',
  attractions: 'attractions',
  rentals: 'rentals',
  transfers: 'transfers',
  passes: 'tickets & passes',
};

const item = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string' },
    title: { type: 'string' },
    category: { type: 'string' },
    subcategory: { type: 'string' },
    city: { type: 'string' },
    currency: { type: 'string' },
    from_price: { type: ['integer', 'null'] },
    from_price_category: { type: ['string', 'null'] },
    duration_minutes: { type: ['integer', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    thumbnail_url: { type: ['string', 'null'] },
  },
};
const list = {
  type: 'object',
  properties: {
    results: { type: 'array', items: item },
    count: { type: 'integer' },
    total_pages: { type: 'integer' },
    current_page_number: { type: 'integer' },
    next: { type: ['string', 'null'] },
    previous: { type: ['string', 'null'] },
  },
};

app.get('/healthz', async () => ({ status: 'ok' }));

app.get('/api/experiences/', { schema: { response: { 200: list } } }, async (request, reply) => {
  const accountId = accounts.get(String(request.headers.host).split('.')[0]);
  const q = request.query;
  const page = Number(q.page ?? 1);
  const size = Number(q.page_size ?? 25);
  const ordering = q.ordering ?? '-created_at';
  const descending = ordering.startsWith('-');
  const column = ORDER[descending ? ordering.slice(1) : ordering];
  if (!accountId || !column || !(page >= 1) || ![5, 10, 25, 50, 100].includes(size)) return reply.code(400).send({});
  const values = [accountId];
  const where = ['"account_id" = $1'];
  if (q.status) where.push(`"status" = $${values.push(q.status)}`);
  if (q.type) where.push(`"type" = $${values.push(q.type)}`);
  if (q.search) {
    const term = q.search.toLowerCase();
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const categories = Object.entries(CATEGORIES)
      .filter(([, label]) => label.includes(term))
      .map(([value]) => value);
    where.push(
      categories.length
        ? `("search_text" like $${values.push(pattern)} or "category" = any($${values.push(categories)}))`
        : `"search_text" like $${values.push(pattern)}`,
    );
  }
  const dir = descending ? 'desc' : 'asc';
  const limit = values.push(size);
  const offset = values.push((page - 1) * size);
  const { rows } = await pool.query(
    `select e."id", e."type", e."status", e."title", e."category", e."subcategory", e."city", e."currency",
       e."duration_minutes", e."created_at", e."updated_at",
       (select p."price_minor" from "pricing_rate_prices" p join "pricing_rates" r on r."id" = p."rate_id"
          join "pricing_categories" c on c."id" = p."pricing_category_id"
          where r."experience_id" = e."id" and r."account_id" = e."account_id"
          order by (c."type" <> 'adult'), p."price_minor", c."name" limit 1) as "from_price",
       (select c."name" from "pricing_rate_prices" p join "pricing_rates" r on r."id" = p."rate_id"
          join "pricing_categories" c on c."id" = p."pricing_category_id"
          where r."experience_id" = e."id" and r."account_id" = e."account_id"
          order by (c."type" <> 'adult'), p."price_minor", c."name" limit 1) as "from_price_category",
       (select fi."variants" from "experience_images" ei join "filer_images" fi on fi."id" = ei."image_id"
          where ei."experience_id" = e."id" and ei."account_id" = e."account_id"
          order by ei."position", ei."image_id" limit 1) as "thumb",
       (select count(*)::int from "experiences" where ${where.join(' and ')}) as "total"
     from (select "id" from "experiences" where ${where.join(' and ')}
           order by "${column}" ${dir}, "id" asc limit $${limit} offset $${offset}) "page"
     inner join "experiences" e on e."id" = "page"."id"
     order by e."${column}" ${dir}, e."id" asc`,
    values,
  );
  const count = rows[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(count / size));
  if (page > pages) return reply.code(404).send({});
  const url = (n) => {
    const u = new URL(request.url, `http://${request.headers.host}`);
    u.searchParams.set('page', String(n));
    return u.toString();
  };
  return {
    results: rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      title: r.title,
      category: r.category,
      subcategory: r.subcategory,
      city: r.city,
      currency: r.currency,
      from_price: r.from_price,
      from_price_category: r.from_price_category,
      duration_minutes: r.duration_minutes,
      thumbnail_url: r.thumb?.thumb ? `/media/${r.thumb.thumb.key}` : null,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    count,
    total_pages: pages,
    current_page_number: page,
    next: page < pages ? url(page + 1) : null,
    previous: page > 1 ? url(page - 1) : null,
  };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3299) });
