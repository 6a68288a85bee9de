// The reference's side of bench/sell.bench.mjs: Debian's Django, DRF, psycopg2 and gunicorn (installed
// if missing), its own database (migrated, seeded by `manage.py benchseed`), 4 gunicorn sync workers;
// a buyer is one POST /api/v1/organizers/{o}/events/{e}/orders/ of a paid order of one position.
import { execSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { call, sleep } from './sell-support.mjs';

const PYTHON = '/usr/bin/python3';
const GUNICORN = '/usr/bin/gunicorn';
const REF_DIR = 'bench/reference/pretix';

const ensurePackages = () => {
  try {
    execSync(`${PYTHON} -c "import django, rest_framework, psycopg2" && test -x ${GUNICORN}`, { stdio: 'ignore' });
  } catch {
    console.error('installing Debian python3-django, python3-djangorestframework, python3-psycopg2, gunicorn …');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-django python3-djangorestframework python3-psycopg2 gunicorn',
      { stdio: 'inherit' },
    );
  }
};
/** Fresh database, migrations, seed (`dates` dates of `places`, and `dates` + 1 large dates: warm-up, then one per throughput run), gunicorn ready. */
export const startReference = async ({ url, database, port, dates, places }) => {
  ensurePackages();
  execSync(`psql -h 127.0.0.1 -U postgres -qc "drop database if exists ${database}" -c "create database ${database}"`);
  const env = { ...process.env, DATABASE_URL: url, DJANGO_SETTINGS_MODULE: 'refpretix.settings' };
  execSync(`${PYTHON} manage.py migrate -v0`, { cwd: REF_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const seed = JSON.parse(
    execSync(`${PYTHON} manage.py benchseed --rush ${dates} --rush-size ${places} --big ${dates + 1}`, { cwd: REF_DIR, env })
      .toString()
      .trim(),
  );
  const server = spawn(
    GUNICORN,
    [
      '--workers',
      '4',
      '--worker-class',
      'sync',
      '--log-level',
      'warning',
      '--bind',
      `127.0.0.1:${port}`,
      'refpretix.wsgi:application',
    ],
    {
      cwd: REF_DIR,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; i < 300; i++) {
    try {
      if ((await call(port, '/healthz')).status === 200) return { server, seed };
    } catch {}
    await sleep(100);
  }
  server.kill('SIGTERM');
  throw new Error('the reference did not start');
};
/** One buyer: one paid order of one place on the date `subevent`. */
export const referenceBuyer = (port, seed) => {
  const path = `/api/v1/organizers/${seed.organizer}/events/${seed.event}/orders/`;
  const headers = { authorization: `Token ${seed.token}` };
  return async (subevent) => {
    const started = performance.now();
    const res = await call(port, path, {
      method: 'POST',
      headers,
      body: {
        status: 'p',
        email: `vera-${randomUUID().slice(0, 8)}@example.test`,
        phone: '+49 30 1234',
        locale: 'en',
        sales_channel: 'web',
        payment_provider: 'stripe',
        payment_info: { charge: `ch_${randomUUID().slice(0, 12)}` },
        invoice_address: { name: 'Vera Visitor', country: 'DE' },
        positions: [{ item: seed.item, subevent, attendee_name: 'Vera Visitor' }],
      },
    });
    const ms = performance.now() - started;
    return { ok: res.status === 201, status: res.status, holdMs: ms, ms, body: res.status === 201 ? '' : res.body };
  };
};
