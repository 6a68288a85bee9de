import type { Place } from '@excursio/contract/location';
import { fetchJson, hostOf } from './outbound.ts';

/** Place lookups: autocomplete (as the user types) and forward geocoding (a full query). */
export type Geocoder = {
  autocomplete: (q: string, limit: number) => Promise<Place[]>;
  forward: (q: string, limit: number) => Promise<Place[]>;
};

/** The configured geocoder failed (network, timeout, bad answer): the API answers 502. */
export class GeocoderError extends Error {}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** English country name of an ISO 3166-1 alpha-2 code ('DE' → 'Germany'); the code when unknown. */
export const countryName = (code: string) => {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

type NominatimResult = {
  lat?: unknown;
  lon?: unknown;
  name?: unknown;
  display_name?: unknown;
  address?: { country_code?: unknown };
};

const toPlace = (r: NominatimResult): Place | null => {
  const latitude = Number(r.lat);
  const longitude = Number(r.lon);
  const label = typeof r.display_name === 'string' ? r.display_name : '';
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return null;
  }
  const code = typeof r.address?.country_code === 'string' ? r.address.country_code.toUpperCase() : '';
  const name = typeof r.name === 'string' && r.name ? r.name : label.split(',')[0]?.trim() || label;
  return {
    label: label || name,
    name,
    country_code: /^[A-Z]{2}$/.test(code) ? code : '',
    latitude,
    longitude,
    time_zone: null,
  };
};

/**
 * A Nominatim-compatible search API (`{GEOCODER_URL}?q=…&format=jsonv2&addressdetails=1&limit=…`).
 * Only the configured URL's host is ever contacted. Every failure becomes a GeocoderError.
 */
export const createNominatimGeocoder = (searchUrl: string, timeoutMs: number): Geocoder => {
  const allowedHosts = [hostOf(new URL(searchUrl))];
  const search = async (q: string, limit: number) => {
    const url = new URL(searchUrl);
    url.searchParams.set('q', q);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('limit', String(limit));
    let body: unknown;
    try {
      body = await fetchJson(url, { allowedHosts, timeoutMs });
    } catch (error) {
      throw new GeocoderError((error as Error).message);
    }
    if (!Array.isArray(body)) throw new GeocoderError('geocoder answered no list');
    return (body as NominatimResult[])
      .map(toPlace)
      .filter((p): p is Place => p !== null)
      .slice(0, limit);
  };
  return { autocomplete: search, forward: search };
};
