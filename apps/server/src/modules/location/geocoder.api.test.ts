import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { useAccount } from '../../test/factories.ts';

// GEOCODER_URL set: a Nominatim-compatible search API (here a fake one on 127.0.0.1) replaces the gazetteer.
const asked: URL[] = [];
let fake: Server;
let base = '';
beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    asked.push(url);
    const q = url.searchParams.get('q');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (q === 'down') return json(503, { error: 'maintenance' });
    if (q === 'slow') return void setTimeout(() => json(200, []), 1500);
    if (q === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
    if (q === 'moved') return res.writeHead(301, { location: 'http://169.254.169.254/' }).end();
    json(200, [
      {
        lat: '41.3828939',
        lon: '2.1774322',
        name: 'Barcelona',
        display_name: 'Barcelona, Barcelonès, Catalonia, Spain',
        address: { country_code: 'es' },
      },
      { lat: 'not a number', lon: '1', display_name: 'Broken' },
      { lat: '41.38', lon: '-81.1', display_name: 'Barcelona, Ohio, United States', address: { country_code: 'us' } },
    ]);
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

const t = useTestApp(() => ({ GEOCODER_URL: `${base}/search`, OUTBOUND_TIMEOUT_MS: '400' }));
const a = useAccount(t);
const get = (path: string) => t.app.inject({ url: path, headers: a.owner.headers });

describe('configured geocoder (Nominatim-compatible)', () => {
  it('asks the configured service and maps its answers to places', async () => {
    const res = await get('/api/location-forward-geo/?q=Barcelona&limit=5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        label: 'Barcelona, Barcelonès, Catalonia, Spain',
        name: 'Barcelona',
        country_code: 'ES',
        latitude: 41.3828939,
        longitude: 2.1774322,
        time_zone: null,
      },
      {
        label: 'Barcelona, Ohio, United States',
        name: 'Barcelona',
        country_code: 'US',
        latitude: 41.38,
        longitude: -81.1,
        time_zone: null,
      },
    ]);
    const call = asked.at(-1) as URL;
    expect(Object.fromEntries(call.searchParams)).toEqual({ q: 'Barcelona', format: 'jsonv2', addressdetails: '1', limit: '5' });
    expect(call.pathname).toBe('/search');
    const auto = await get('/api/location-autocomplete/?q=Barc&limit=1');
    expect(auto.json().results).toHaveLength(1);
  });

  it('answers 502 in the error shape when the service fails, is slow, answers garbage or redirects', async () => {
    for (const q of ['down', 'slow', 'garbage', 'moved']) {
      const res = await get(`/api/location-autocomplete/?q=${q}`);
      expect(res.statusCode, q).toBe(502);
      expect(res.json(), q).toEqual({
        type: 'server_error',
        errors: [{ code: 'geocoder_unavailable', detail: 'The location service is not available. Try again later.', attr: null }],
      });
    }
    expect(asked.filter((u) => u.pathname !== '/search')).toEqual([]);
  });
});
