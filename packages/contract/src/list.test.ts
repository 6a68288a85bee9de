import { describe, expect, it } from 'vitest';
import { listQuery, MAX_PAGE_SIZE, parseOrdering, totalPages } from './list.ts';

describe('list query', () => {
  it('defaults to page 1 and 25 per page', () => {
    expect(listQuery.parse({})).toMatchObject({ page: 1, page_size: 25 });
  });

  it('coerces query-string numbers and bounds them', () => {
    expect(listQuery.parse({ page: '3', page_size: '50' })).toMatchObject({ page: 3, page_size: 50 });
    expect(listQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(listQuery.safeParse({ page_size: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
    expect(listQuery.safeParse({ page: 'two' }).success).toBe(false);
  });
});

describe('ordering', () => {
  const allowed = ['name', 'created_at'] as const;
  it('reads a field and a leading - for descending', () => {
    expect(parseOrdering('name', allowed)).toEqual({ field: 'name', descending: false });
    expect(parseOrdering('-created_at', allowed)).toEqual({ field: 'created_at', descending: true });
  });
  it('is undefined when absent and null when not allow-listed', () => {
    expect(parseOrdering(undefined, allowed)).toBeUndefined();
    expect(parseOrdering('', allowed)).toBeUndefined();
    expect(parseOrdering('password_hash', allowed)).toBeNull();
    expect(parseOrdering('--name', allowed)).toBeNull();
  });
});

describe('total pages', () => {
  it('is at least one and rounds up', () => {
    expect(totalPages(0, 25)).toBe(1);
    expect(totalPages(25, 25)).toBe(1);
    expect(totalPages(26, 25)).toBe(2);
  });
});
