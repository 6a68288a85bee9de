import { describe, expect, it } from 'vitest';
import { changeKind, featureList, lostFeatures } from './plan-change.ts';

const starter = { id: 's', price_minor: 0, features: ['experiences', 'inventory', 'bookings', 'orders', 'customers', 'team'] };
const growth = {
  id: 'g',
  price_minor: 4900,
  features: [...starter.features, 'stores', 'webstore', 'qr_codes', 'partners'],
};
const pro = { id: 'p', price_minor: 14900, features: [...growth.features, 'resales', 'analytics', 'api_access'] };

describe('lostFeatures', () => {
  it('lists what the current plan has and the target lacks, in the plans’ order', () => {
    expect(lostFeatures(growth, starter)).toEqual(['stores', 'webstore', 'qr_codes', 'partners']);
    expect(lostFeatures(pro, growth)).toEqual(['resales', 'analytics', 'api_access']);
  });

  it('is empty going up, or without a current plan', () => {
    expect(lostFeatures(starter, growth)).toEqual([]);
    expect(lostFeatures(null, starter)).toEqual([]);
  });
});

describe('changeKind', () => {
  it('tells the current plan, a downgrade and an upgrade apart', () => {
    expect(changeKind(growth, growth)).toBe('current');
    expect(changeKind(growth, starter)).toBe('downgrade');
    expect(changeKind(starter, growth)).toBe('upgrade');
    expect(changeKind(undefined, growth)).toBe('upgrade');
  });

  it('calls a cheaper plan a downgrade even when no feature is lost', () => {
    expect(changeKind({ ...growth, price_minor: 9900 }, { ...growth, id: 'g2' })).toBe('downgrade');
  });
});

describe('featureList', () => {
  it('names the features as the plans do', () => {
    expect(featureList(['stores'])).toBe('Stores');
    expect(featureList(['stores', 'webstore', 'qr_codes'])).toBe('Stores, Webstore and QR codes');
    expect(featureList([])).toBe('');
  });
});
