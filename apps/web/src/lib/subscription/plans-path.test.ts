import { describe, expect, it } from 'vitest';
import { AFFILIATE_PLANS_PATH, plansPath, SUPPLIER_PLANS_PATH, safeReturnPath } from './plans-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this app, with its query', () => {
    expect(safeReturnPath('/sales/stores')).toBe('/sales/stores');
    expect(safeReturnPath('/orders/list?pageSize=25&status=confirmed')).toBe('/orders/list?pageSize=25&status=confirmed');
  });

  it('refuses anything that could leave the site or that the server would refuse', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'sales/stores',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a b',
      `/${'a'.repeat(500)}`,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeUndefined();
    }
  });
});

describe('plansPath', () => {
  it('leads suppliers (and an unknown account) to the supplier plans, affiliates to theirs', () => {
    expect(plansPath('supplier')).toBe(SUPPLIER_PLANS_PATH);
    expect(plansPath(undefined)).toBe(SUPPLIER_PLANS_PATH);
    expect(plansPath('affiliate')).toBe(AFFILIATE_PLANS_PATH);
  });

  it('carries the page to come back to, encoded', () => {
    expect(plansPath('supplier', '/sales/stores?pageSize=25')).toBe(
      `${SUPPLIER_PLANS_PATH}?return_path=%2Fsales%2Fstores%3FpageSize%3D25`,
    );
    expect(new URL(plansPath('supplier', '/sales/qr-codes'), 'http://x').searchParams.get('return_path')).toBe('/sales/qr-codes');
  });

  it('drops a return path that is not a path of this app', () => {
    expect(plansPath('supplier', '//evil.example')).toBe(SUPPLIER_PLANS_PATH);
  });
});
