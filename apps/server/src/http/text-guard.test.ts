import { describe, expect, it } from 'vitest';
import { nulPath } from './text-guard.ts';

describe('nulPath', () => {
  it('finds a NUL in values and keys at any depth, as a dotted path', () => {
    expect(nulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(nulPath({ 'k\u0000': 1 })).toBe('k\\0');
    expect(nulPath('\u0000')).toBe('');
  });
  it('is null for clean input, numbers, nulls and empty containers', () => {
    expect(nulPath({ a: 'ok', n: 1, z: null, e: [], o: {} })).toBeNull();
    expect(nulPath(undefined)).toBeNull();
  });
});
