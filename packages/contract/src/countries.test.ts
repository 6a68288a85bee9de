import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';

describe('country codes', () => {
  it('are the 249 ISO 3166-1 alpha-2 codes plus Kosovo, each once', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(['DE', 'SI', 'US', 'XK'].every(isCountryCode)).toBe(true);
    // Not countries: the EU, the UN, exceptional reservations.
    expect(['EU', 'UN', 'UK', 'ZZ', 'de'].some(isCountryCode)).toBe(false);
  });
});
