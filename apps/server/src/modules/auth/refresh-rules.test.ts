import { describe, expect, it } from 'vitest';
import { decideRefresh } from './refresh-rules.ts';

const now = new Date('2026-11-20T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('decideRefresh', () => {
  it('refuses unknown, revoked and expired tokens', () => {
    expect(decideRefresh(null, now, 10)).toBe('invalid');
    expect(decideRefresh({ expiresAt: at(60), rotatedAt: null, revokedAt: at(-1) }, now, 10)).toBe('invalid');
    expect(decideRefresh({ expiresAt: at(60), rotatedAt: at(-1), revokedAt: at(-1) }, now, 10)).toBe('invalid');
    expect(decideRefresh({ expiresAt: at(0), rotatedAt: null, revokedAt: null }, now, 10)).toBe('invalid');
    expect(decideRefresh({ expiresAt: at(-5), rotatedAt: null, revokedAt: null }, now, 10)).toBe('invalid');
  });

  it('rotates a live, unused token', () => {
    expect(decideRefresh({ expiresAt: at(1), rotatedAt: null, revokedAt: null }, now, 10)).toBe('rotate');
  });

  it('tolerates a just-rotated token inside the grace window (boundary included)', () => {
    expect(decideRefresh({ expiresAt: at(600), rotatedAt: at(0), revokedAt: null }, now, 10)).toBe('grace');
    expect(decideRefresh({ expiresAt: at(600), rotatedAt: at(-10), revokedAt: null }, now, 10)).toBe('grace');
  });

  it('treats a rotated token presented after the grace window as reuse', () => {
    expect(decideRefresh({ expiresAt: at(600), rotatedAt: at(-11), revokedAt: null }, now, 10)).toBe('reuse');
    expect(decideRefresh({ expiresAt: at(600), rotatedAt: at(-1), revokedAt: null }, now, 0)).toBe('reuse');
  });

  it('treats a rotated and since expired token as reuse, never as grace', () => {
    expect(decideRefresh({ expiresAt: at(-1), rotatedAt: at(-2), revokedAt: null }, now, 10)).toBe('reuse');
  });
});
