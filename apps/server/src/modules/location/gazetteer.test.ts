import { describe, expect, it } from 'vitest';
import { buildGazetteer, type City, normalise, parseQuery } from './gazetteer.ts';

const city = (name: string, countryCode: string, population: number, extra: Partial<City> = {}): City => ({
  name,
  countryCode,
  admin: '',
  latitude: 1,
  longitude: 2,
  population,
  timeZone: null,
  ...extra,
});

const countries = new Map([
  ['de', 'DE'],
  ['germany', 'DE'],
  ['deutschland', 'DE'],
  ['fr', 'FR'],
  ['france', 'FR'],
  ['us', 'US'],
  ['united states', 'US'],
  ['br', 'BR'],
  ['brazil', 'BR'],
  ['brasil', 'BR'],
]);
const names: Record<string, string> = { DE: 'Germany', FR: 'France', US: 'United States', BR: 'Brazil' };
const gazetteer = buildGazetteer(
  [
    city('Berlin', 'DE', 3_426_354, { timeZone: 'Europe/Berlin' }),
    city('Berlin', 'US', 9_367, { admin: 'NH' }),
    city('Bernau bei Berlin', 'DE', 36_000),
    city('Paris', 'FR', 2_138_551, { timeZone: 'Europe/Paris' }),
    city('Paris', 'US', 24_782, { admin: 'TX' }),
    city('Parisot', 'FR', 1_000),
    city('São Paulo', 'BR', 10_021_295),
    city('New York City', 'US', 8_175_133, { admin: 'NY' }),
    city('York', 'US', 43_000, { admin: 'PA' }),
    city('Köln', 'DE', 963_395),
  ],
  { countries, countryName: (code) => names[code] ?? code },
);
const labels = (places: { label: string }[]) => places.map((p) => p.label);

describe('normalise', () => {
  it('folds case, accents and punctuation', () => {
    expect(normalise('São Paulo')).toBe('sao paulo');
    expect(normalise('  KÖLN ')).toBe('koln');
    expect(normalise('St.-Gallen')).toBe('st gallen');
    expect(normalise('Straße')).toBe('strasse');
    expect(normalise('Ørsta')).toBe('orsta');
  });
});

describe('parseQuery', () => {
  it('reads a trailing country after a comma or as the last words', () => {
    expect(parseQuery('Berlin, DE', countries)).toEqual([
      { name: 'berlin', country: 'DE' },
      { name: 'berlin', country: null },
    ]);
    expect(parseQuery('Paris France', countries)).toEqual([
      { name: 'paris', country: 'FR' },
      { name: 'paris france', country: null },
    ]);
    expect(parseQuery('Paris, Texas', countries)).toEqual([{ name: 'paris', country: null }]);
  });
});

describe('autocomplete', () => {
  it('finds by prefix, largest first, accent- and case-insensitively', () => {
    expect(labels(gazetteer.autocomplete('ber', 8))).toEqual([
      'Berlin, Germany',
      'Bernau bei Berlin, Germany',
      'Berlin, NH, United States',
    ]);
    expect(labels(gazetteer.autocomplete('SAO P', 8))).toEqual(['São Paulo, Brazil']);
    expect(labels(gazetteer.autocomplete('koln', 8))).toEqual(['Köln, Germany']);
  });

  it('ranks name matches before matches of a later word', () => {
    expect(labels(gazetteer.autocomplete('york', 8))).toEqual(['York, PA, United States', 'New York City, NY, United States']);
  });

  it('filters by a given country and respects the limit', () => {
    expect(labels(gazetteer.autocomplete('paris, us', 8))).toEqual(['Paris, TX, United States']);
    expect(gazetteer.autocomplete('par', 2)).toHaveLength(2);
  });

  it('answers the place shape with coordinates and time zone', () => {
    expect(gazetteer.autocomplete('berlin', 1)[0]).toEqual({
      label: 'Berlin, Germany',
      name: 'Berlin',
      country_code: 'DE',
      latitude: 1,
      longitude: 2,
      time_zone: 'Europe/Berlin',
    });
  });
});

describe('forward', () => {
  it('prefers exact names, with the country understood', () => {
    expect(labels(gazetteer.forward('Paris France', 3))).toEqual(['Paris, France']);
    expect(labels(gazetteer.forward('Berlin, DE', 3))).toEqual(['Berlin, Germany']);
    expect(labels(gazetteer.forward('paris', 3))).toEqual(['Paris, France', 'Paris, TX, United States']);
    expect(labels(gazetteer.forward('São Paulo, Brasil', 3))).toEqual(['São Paulo, Brazil']);
  });

  it('falls back to prefixes and to nothing', () => {
    expect(labels(gazetteer.forward('pari', 1))).toEqual(['Paris, France']);
    expect(gazetteer.forward('atlantis', 3)).toEqual([]);
  });
});
