/** Permission titles known to the specification (§6). */
export const PERMISSION_TITLES = [
  'Manage account',
  'Manage users',
  'Manage experiences',
  'Manage customers',
  'Manage cart',
  'Manage stores',
  'Manage inventory',
  'Manage orders',
  'View experiences',
] as const;
export type PermissionTitle = (typeof PERMISSION_TITLES)[number];

const crud = (model: string) => [`view_${model}`, `add_${model}`, `change_${model}`, `delete_${model}`];

/**
 * The permission sets seeded for every installation. 'View experiences' is a subset of
 * 'Manage experiences', so a role with the latter also passes checks for the former.
 */
export const PERMISSION_SETS: Record<PermissionTitle, string[]> = {
  'Manage account': ['view_baseaccount', 'change_baseaccount', 'manage_subscription', 'manage_paymentprovider'],
  'Manage users': [...crud('user'), ...crud('role'), ...crud('teammember')],
  'Manage experiences': [
    ...crud('experience'),
    ...crud('pricingcategory'),
    ...crud('pricingrate'),
    ...crud('starttime'),
    ...crud('media'),
  ],
  'Manage customers': crud('customer'),
  'Manage cart': crud('cart'),
  'Manage stores': [...crud('store'), ...crud('qrcode'), ...crud('partner')],
  'Manage inventory': [...crud('inventoryitem'), ...crud('inventorycategory')],
  'Manage orders': [...crud('order'), ...crud('booking'), ...crud('payment')],
  'View experiences': ['view_experience'],
};

/** Subscription feature codes carried in `active_subscription_features`. */
export const FEATURES = [
  'experiences',
  'inventory',
  'stores',
  'webstore',
  'bookings',
  'orders',
  'customers',
  'qr_codes',
  'partners',
  'resales',
  'analytics',
  'team',
  'api_access',
] as const;
export type Feature = (typeof FEATURES)[number];

/** How plans name each feature (in FEATURES order on every plan card). */
export const FEATURE_LABELS: Record<Feature, string> = {
  experiences: 'Offers',
  inventory: 'Inventory',
  stores: 'Stores',
  webstore: 'Webstore',
  bookings: 'Bookings',
  orders: 'Orders',
  customers: 'Customers',
  qr_codes: 'QR codes',
  partners: 'Partners',
  resales: 'Resales',
  analytics: 'Analytics',
  team: 'Team',
  api_access: 'API access',
};

export type PermissionSetLike = { title: string; codenames: string[] };
export type AppInfoLike = { permission_sets: PermissionSetLike[] } | null | undefined;
export type UserLike = { role: { permission_sets: PermissionSetLike[] } | null | undefined } | null | undefined;

/**
 * Specification §6: authorized when the codenames of the role's permission sets include every
 * codename of all required titles (resolved through app info). An empty requirement grants; no
 * role or no app info denies. An unknown title denies (it cannot be resolved).
 */
export const hasPermissions = (user: UserLike, appInfo: AppInfoLike, required: readonly string[]): boolean => {
  if (required.length === 0) return true;
  if (!user?.role || !appInfo) return false;
  const held = new Set(user.role.permission_sets.flatMap((set) => set.codenames));
  return required.every((title) => {
    const set = appInfo.permission_sets.find((s) => s.title === title);
    return set?.codenames.every((codename) => held.has(codename));
  });
};

/** Specification §6: every required feature must be active; an empty feature list enables none. */
export const hasFeatures = (
  account: { active_subscription_features: readonly string[] } | null | undefined,
  required: readonly string[],
): boolean => {
  const active = account?.active_subscription_features ?? [];
  return required.every((feature) => active.includes(feature));
};
