import { describe, expect, it } from 'vitest';
import { countOfShortPage, likePattern } from './query.ts';

describe('countOfShortPage', () => {
  it('counts a page that is not full, and asks for a count otherwise', () => {
    expect(countOfShortPage(7, { limit: 25, offset: 50 })).toBe(57);
    expect(countOfShortPage(0, { limit: 25, offset: 0 })).toBe(0);
    expect(countOfShortPage(25, { limit: 25, offset: 0 })).toBeNull(); // full: more may follow
    expect(countOfShortPage(0, { limit: 25, offset: 100 })).toBeNull(); // past the end: how far is unknown
  });
});

describe('likePattern', () => {
  it('makes %, _ and \\ match themselves', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
