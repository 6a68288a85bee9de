import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret, isWellFormedKey, looksLikeApiKey, newSecret } from './secrets.ts';

describe('API key secrets', () => {
  it('makes exc_live_ keys of 40 letters and digits, a display prefix and the SHA-256 to store', () => {
    const { secret, hash, prefix } = newSecret();
    expect(secret).toMatch(/^exc_live_[A-Za-z0-9]{40}$/);
    expect(prefix).toBe(secret.slice(0, 'exc_live_'.length + 8));
    expect(hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(hash).not.toContain(secret.slice(9));
    expect(isWellFormedKey(secret)).toBe(true);
  });

  it('never repeats itself', () => {
    const secrets = new Set(Array.from({ length: 500 }, () => newSecret().secret));
    expect(secrets.size).toBe(500);
  });

  it('tells keys from access tokens, and well-formed keys from the rest', () => {
    expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
    expect(looksLikeApiKey('exc_live_abc')).toBe(true);
    expect(isWellFormedKey('exc_live_abc')).toBe(false);
    expect(isWellFormedKey(`exc_live_${'a'.repeat(39)}-`)).toBe(false);
    expect(hashSecret('a')).not.toBe(hashSecret('b'));
  });
});
