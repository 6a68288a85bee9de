import { describe, expect, it } from 'vitest';
import { accessExpired, readSessionHint } from './session-hint.ts';

describe('session hint', () => {
  it('reads the marker cookie, with or without the __Host- prefix, among others', () => {
    expect(readSessionHint('excursio_session=1800000000')).toEqual({ accessExpiresAt: 1800000000 });
    expect(readSessionHint('theme=dark; __Host-excursio_session=1800000300; other=1')).toEqual({ accessExpiresAt: 1800000300 });
    expect(readSessionHint('')).toBeNull();
    expect(readSessionHint('theme=dark; excursio_sessionx=1')).toBeNull();
    expect(readSessionHint('my_excursio_session=1800000000')).toBeNull();
    expect(readSessionHint('excursio_session=')).toBeNull();
  });

  it('tells an access token that has expired, or is about to', () => {
    const now = 1_800_000_000_000;
    expect(accessExpired({ accessExpiresAt: now / 1000 + 60 }, now)).toBe(false);
    expect(accessExpired({ accessExpiresAt: now / 1000 + 3 }, now)).toBe(true);
    expect(accessExpired({ accessExpiresAt: now / 1000 - 600 }, now)).toBe(true);
  });
});
