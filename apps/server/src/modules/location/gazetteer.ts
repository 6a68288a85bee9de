import type { Place } from '@excursio/contract/location';

/** One city of the embedded gazetteer. */
export type City = {
  name: string;
  countryCode: string;
  /** First-level subdivision code (a US state: 'NY'); shown in labels for the US only. */
  admin: string;
  latitude: number;
  longitude: number;
  population: number;
  timeZone: string | null;
};

const FOLDED: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, accents and punctuation removed, single spaces: 'São Paulo' → 'sao paulo', 'St.-Gallen' → 'st gallen'. */
export const normalise = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** An index entry: a city under one of its keys; `word` entries match a later word of the name. */
type Entry = { key: string; city: number; word: boolean };

const bucketOf = (key: string) => key.slice(0, 2);

export type Gazetteer = {
  size: number;
  /** Cities whose name (or a later word of it) starts with `prefix`: name matches first, then by population. */
  autocomplete: (q: string, limit: number) => Place[];
  /** Best matches of a full query ('Berlin, DE', 'Paris France'): exact names first, then prefixes. */
  forward: (q: string, limit: number) => Place[];
};

export type GazetteerOptions = {
  /** normalised country name or code → ISO code ('germany' → 'DE', 'de' → 'DE'). */
  countries: Map<string, string>;
  /** English country name of a code, for labels. */
  countryName: (code: string) => string;
};

/** A parsed query: the name part and, when one was recognised, a country. */
type Candidate = { name: string; country: string | null };

/**
 * 'Berlin, DE' → name 'berlin', country DE; 'Paris France' → [{paris france}, {paris, FR}] (the
 * trailing one to three words are tried as a country too).
 */
export const parseQuery = (q: string, countries: Map<string, string>): Candidate[] => {
  const commaParts = q.split(',').map(normalise).filter(Boolean);
  if (commaParts.length === 0) return [];
  if (commaParts.length > 1) {
    const country = countries.get(commaParts[commaParts.length - 1]) ?? null;
    return country
      ? [
          { name: commaParts[0], country },
          { name: commaParts[0], country: null },
        ]
      : [{ name: commaParts[0], country: null }];
  }
  const words = commaParts[0].split(' ');
  const candidates: Candidate[] = [];
  for (let tail = Math.min(3, words.length - 1); tail >= 1; tail--) {
    const country = countries.get(words.slice(-tail).join(' '));
    if (country) candidates.push({ name: words.slice(0, -tail).join(' '), country });
  }
  candidates.push({ name: commaParts[0], country: null });
  return candidates;
};

/**
 * Builds the in-memory prefix index: every city under its normalised name and under each later word
 * of it ('new york city' also under 'york city' and 'city'), in buckets by the first two letters,
 * each bucket ordered by population (largest first), so a search stops after `limit` hits.
 */
export const buildGazetteer = (cities: City[], options: GazetteerOptions): Gazetteer => {
  const order = cities.map((_, i) => i).sort((a, b) => cities[b].population - cities[a].population);
  const buckets = new Map<string, Entry[]>();
  const add = (entry: Entry) => {
    const bucket = buckets.get(bucketOf(entry.key));
    if (bucket) bucket.push(entry);
    else buckets.set(bucketOf(entry.key), [entry]);
  };
  const names: string[] = new Array(cities.length);
  for (const i of order) {
    const key = normalise(cities[i].name);
    names[i] = key;
    if (key.length === 0) continue;
    add({ key, city: i, word: false });
    let at = key.indexOf(' ');
    while (at !== -1) {
      if (key.length - at - 1 >= 2) add({ key: key.slice(at + 1), city: i, word: true });
      at = key.indexOf(' ', at + 1);
    }
  }

  const toPlace = (i: number): Place => {
    const c = cities[i];
    const country = options.countryName(c.countryCode);
    const region = c.countryCode === 'US' && /^[A-Z]{2}$/.test(c.admin) ? `${c.admin}, ` : '';
    return {
      label: `${c.name}, ${region}${country}`,
      name: c.name,
      country_code: c.countryCode,
      latitude: c.latitude,
      longitude: c.longitude,
      time_zone: c.timeZone,
    };
  };

  /** City indexes matching the candidate, name-prefix matches before later-word matches, each by population. */
  const prefixMatches = (candidate: Candidate, limit: number, exact: boolean) => {
    const { name, country } = candidate;
    const found: number[] = [];
    const words: number[] = [];
    if (name.length < 2) return found;
    for (const entry of buckets.get(bucketOf(name)) ?? []) {
      if (found.length >= limit) break;
      if (exact ? entry.key !== name : !entry.key.startsWith(name)) continue;
      if (country && cities[entry.city].countryCode !== country) continue;
      if (!entry.word) found.push(entry.city);
      else if (words.length < limit && !exact) words.push(entry.city);
    }
    for (const i of words) {
      if (found.length >= limit) break;
      if (!found.includes(i)) found.push(i);
    }
    return found;
  };

  const firstHit = (q: string, limit: number, exact: boolean) => {
    for (const candidate of parseQuery(q, options.countries)) {
      const hits = prefixMatches(candidate, limit, exact);
      if (hits.length) return hits;
    }
    return [];
  };

  return {
    size: cities.length,
    autocomplete: (q, limit) => firstHit(q, limit, false).map(toPlace),
    forward: (q, limit) => {
      const exact = firstHit(q, limit, true);
      return (exact.length ? exact : firstHit(q, limit, false)).map(toPlace);
    },
  };
};
