import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createExperience } from '../test/catalog-factories.ts';
import { expectError } from '../test/errors.ts';
import { createAccount, type TestAccount } from '../test/factories.ts';
import { createPricedRate } from '../test/pricing-factories.ts';
import { experiences, pricingRates, startTimes } from './schema/catalog.ts';

// Faults are caused, not simulated: backends terminated with pg_terminate_backend, rows held by a
// second session. PGlite is one in-process connection: nothing to terminate, no lock to wait on.
const url = process.env.DATABASE_URL;
const SKIP = 'needs PostgreSQL (DATABASE_URL): PGlite has no connections to lose and no concurrent sessions';

/** This app's connections only (files run in parallel on the shared test database). */
const tagged = (name: string) => {
  const u = new URL(url as string);
  u.searchParams.set('application_name', name);
  return u.toString();
};

describe.skipIf(!url)(`database faults (${url ? 'PostgreSQL' : SKIP})`, () => {
  const tag = `excursio-faults-${randomUUID().slice(0, 8)}`;
  let t: TestApp;
  let a: TestAccount;
  let admin: pg.Client;

  beforeAll(async () => {
    t = await createTestApp(
      // Shorter limits so the test waits less (defaults: 3 s locks, 15 s statements); the lock limit stays
      // above PostgreSQL's 1 s deadlock_timeout so a deadlock is detected as one.
      { DB_LOCK_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '5000', DB_CONNECT_TIMEOUT_MS: '3000' },
      { databaseUrl: tagged(tag) },
    );
    a = await createAccount(t);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const terminate = async () =>
    (
      await admin.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1) k',
        [tag],
      )
    ).rows[0].n as number;

  it('survives its connections being terminated under load: clean 503s, no partial copies, back within 5 s', async () => {
    const source = await createExperience(t, a, { title: `Fault source ${tag}` });
    await createPricedRate(t, a, source);
    await t.db.insert(startTimes).values(
      Array.from({ length: 12 }, (_, i) => ({
        accountId: a.account.id,
        experienceId: source.id,
        time: `${String(8 + i).padStart(2, '0')}:00`,
        weekdays: [1, 2, 3, 4, 5],
        dateFrom: '2027-01-01',
        dateTo: null,
        capacity: 10,
      })),
    );
    // Idle pooled connections first: without an 'error' listener their termination ends the process.
    await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ url: '/api/experiences/', headers: a.owner.headers })));
    expect(await terminate()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const requests = Array.from({ length: 50 }, (_, i) =>
      i % 2
        ? t.app.inject({ url: '/api/experiences/?search=fault', headers: a.owner.headers })
        : t.app.inject({
            method: 'POST',
            url: `/api/experiences/${source.id}/duplicate/`,
            headers: a.owner.headers,
            payload: {},
          }),
    );
    let killed = 0;
    for (let round = 0; round < 8; round++) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      killed += await terminate();
    }
    const responses = await Promise.all(requests);
    expect(killed).toBeGreaterThan(0);
    const statuses = responses.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => ![200, 201, 503].includes(s)),
      statuses.join(','),
    ).toEqual([]);
    for (const res of responses.filter((r) => r.statusCode === 503)) {
      expectError(res, 503, { code: 'database_unavailable' }, 'server_error' as 'client_error');
    }

    // New requests succeed within 5 s.
    const deadline = Date.now() + 5000;
    let ok = false;
    while (!ok && Date.now() < deadline) {
      ok = (await t.app.inject({ url: '/api/experiences/', headers: a.owner.headers })).statusCode === 200;
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ok).toBe(true);

    // Every copy that exists is whole: the duplicate is one transaction, cut off or committed.
    const copies = await t.db
      .select({ id: experiences.id })
      .from(experiences)
      .where(and(eq(experiences.accountId, a.account.id), like(experiences.title, `Fault source ${tag} (copy)%`)));
    expect(copies.length).toBe(statuses.filter((s) => s === 201).length);
    for (const copy of copies) {
      expect(await t.db.$count(startTimes, eq(startTimes.experienceId, copy.id))).toBe(12);
      expect(await t.db.$count(pricingRates, eq(pricingRates.experienceId, copy.id))).toBe(1);
    }
  });

  it('answers a write behind a held row lock with 409 busy after the lock timeout, and keeps serving', async () => {
    const offer = await createExperience(t, a, { title: 'Locked offer' });
    await admin.query('begin');
    try {
      await admin.query('select id from experiences where id = $1 for update', [offer.id]);
      // Ten blocked writers must neither hang nor take the pool from everyone else.
      const writes = Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/experiences/${offer.id}/`,
          headers: a.owner.headers,
          payload: { title: 'Changed while locked' },
        }),
      );
      const read = await t.app.inject({ url: '/api/experiences/', headers: a.owner.headers });
      expect(read.statusCode).toBe(200);
      for (const res of await Promise.all(writes)) expectError(res, 409, { code: 'busy' });
    } finally {
      await admin.query('rollback');
    }
    const [row] = await t.db.select().from(experiences).where(eq(experiences.id, offer.id));
    expect(row.title).toBe('Locked offer');
  });

  it('answers a statement that outlives statement_timeout with 503 timeout', async () => {
    const slow = await createTestApp(
      { DB_LOCK_TIMEOUT_MS: '10000', DB_STATEMENT_TIMEOUT_MS: '300' },
      { databaseUrl: tagged(`${tag}-slow`) },
    );
    try {
      const offer = await createExperience(slow, a, { title: 'Slow offer' });
      await admin.query('begin');
      try {
        await admin.query('select id from experiences where id = $1 for update', [offer.id]);
        const res = await slow.app.inject({
          method: 'PATCH',
          url: `/api/experiences/${offer.id}/`,
          headers: a.owner.headers,
          payload: { title: 'Too slow' },
        });
        expectError(res, 503, { code: 'timeout' }, 'server_error' as 'client_error');
      } finally {
        await admin.query('rollback');
      }
    } finally {
      await slow.close();
    }
  });

  it('runs a transaction again after a deadlock, so both sides of a real deadlock commit', async () => {
    const [x, y] = [await createExperience(t, a, { title: 'X' }), await createExperience(t, a, { title: 'Y' })];
    let attempts = 0;
    const both = (first: string, second: string, title: string) =>
      t.db.transaction(async (tx) => {
        attempts++;
        await tx.execute(sql`select id from experiences where id = ${first} for update`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        await tx.execute(sql`select id from experiences where id = ${second} for update`);
        await tx.update(experiences).set({ subcategory: title }).where(eq(experiences.id, first));
      });
    await Promise.all([both(x.id, y.id, 'one'), both(y.id, x.id, 'two')]);
    expect(attempts).toBeGreaterThanOrEqual(3);
    const rows = await t.db.select().from(experiences).where(eq(experiences.accountId, a.account.id));
    expect(rows.find((r) => r.id === x.id)?.subcategory).toBe('one');
    expect(rows.find((r) => r.id === y.id)?.subcategory).toBe('two');
  });
});
