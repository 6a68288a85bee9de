import { describe, expect, it } from 'vitest';
import { hasFeatures, hasPermissions, PERMISSION_SETS } from './permissions.ts';

const appInfo = {
  permission_sets: Object.entries(PERMISSION_SETS).map(([title, codenames]) => ({ title, codenames })),
};
const userWith = (...titles: (keyof typeof PERMISSION_SETS)[]) => ({
  role: { permission_sets: titles.map((title) => ({ title, codenames: PERMISSION_SETS[title] })) },
});

describe('hasPermissions (specification §6)', () => {
  it('grants an empty requirement, even without a role or app info', () => {
    expect(hasPermissions(null, null, [])).toBe(true);
    expect(hasPermissions({ role: null }, appInfo, [])).toBe(true);
  });

  it('denies a user with no role, or when app info is missing', () => {
    expect(hasPermissions({ role: null }, appInfo, ['View experiences'])).toBe(false);
    expect(hasPermissions(userWith('Manage users'), null, ['Manage users'])).toBe(false);
    expect(hasPermissions(undefined, appInfo, ['Manage users'])).toBe(false);
  });

  it('needs every codename of every required title', () => {
    const user = userWith('Manage users');
    expect(hasPermissions(user, appInfo, ['Manage users'])).toBe(true);
    expect(hasPermissions(user, appInfo, ['Manage users', 'Manage orders'])).toBe(false);
    const partial = { role: { permission_sets: [{ title: 'x', codenames: PERMISSION_SETS['Manage users'].slice(1) }] } };
    expect(hasPermissions(partial, appInfo, ['Manage users'])).toBe(false);
  });

  it('resolves titles through app info, so codenames held under another title count', () => {
    expect(hasPermissions(userWith('Manage experiences'), appInfo, ['View experiences'])).toBe(true);
    expect(hasPermissions(userWith('View experiences'), appInfo, ['Manage experiences'])).toBe(false);
  });

  it('denies a title app info does not know', () => {
    expect(hasPermissions(userWith('Manage users'), appInfo, ['Launch rockets'])).toBe(false);
  });
});

describe('hasFeatures (specification §6)', () => {
  it('enables nothing for an empty feature list', () => {
    expect(hasFeatures({ active_subscription_features: [] }, ['stores'])).toBe(false);
    expect(hasFeatures(null, ['stores'])).toBe(false);
  });

  it('needs all required features', () => {
    const account = { active_subscription_features: ['stores', 'webstore'] };
    expect(hasFeatures(account, ['stores'])).toBe(true);
    expect(hasFeatures(account, ['stores', 'webstore'])).toBe(true);
    expect(hasFeatures(account, ['stores', 'resales'])).toBe(false);
  });

  it('grants when nothing is required', () => {
    expect(hasFeatures({ active_subscription_features: [] }, [])).toBe(true);
  });
});
