import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-body.ts';

describe('jsonDepth', () => {
  it('counts arrays and objects, skipping brackets inside strings and escaped quotes', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[{{\\"[[["}')).toBe(1);
  });
  it('handles a million levels without recursion and stops past the limit', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(jsonDepth(deep)).toBe(1_000_000);
    expect(jsonDepth(deep, 64)).toBe(65);
  });
});
