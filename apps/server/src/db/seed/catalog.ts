import { FEATURES, type Feature, PERMISSION_SETS, type PermissionTitle } from '@excursio/contract/permissions';

/** Subscription plans. Prices in minor units. The first plan of each type is the default. */
export const TIERS: {
  code: string;
  name: string;
  accountType: 'supplier' | 'affiliate';
  priceMinor: number;
  /** The platform's fee on card payments under the plan, hundredths of a percent (250 = 2.5 %). */
  platformFeeBp: number;
  features: Feature[];
}[] = [
  {
    code: 'supplier-starter',
    name: 'Starter',
    accountType: 'supplier',
    priceMinor: 0,
    platformFeeBp: 300,
    features: ['experiences', 'inventory', 'bookings', 'orders', 'customers', 'team'],
  },
  {
    code: 'supplier-growth',
    name: 'Growth',
    accountType: 'supplier',
    priceMinor: 4900,
    platformFeeBp: 200,
    features: [
      'experiences',
      'inventory',
      'bookings',
      'orders',
      'customers',
      'team',
      'stores',
      'webstore',
      'qr_codes',
      'partners',
    ],
  },
  { code: 'supplier-pro', name: 'Pro', accountType: 'supplier', priceMinor: 14900, platformFeeBp: 100, features: [...FEATURES] },
  {
    code: 'affiliate-basic',
    name: 'Affiliate Basic',
    accountType: 'affiliate',
    priceMinor: 0,
    platformFeeBp: 300,
    features: ['bookings', 'orders', 'customers', 'partners', 'resales', 'team'],
  },
  {
    code: 'affiliate-pro',
    name: 'Affiliate Pro',
    accountType: 'affiliate',
    priceMinor: 7900,
    platformFeeBp: 150,
    features: [
      'bookings',
      'orders',
      'customers',
      'partners',
      'resales',
      'team',
      'stores',
      'webstore',
      'qr_codes',
      'analytics',
      'api_access',
    ],
  },
];

export const DEFAULT_TIER = { supplier: 'supplier-starter', affiliate: 'affiliate-basic' } as const;
export const TOP_TIER = { supplier: 'supplier-pro', affiliate: 'affiliate-pro' } as const;

/** Roles every new organization starts with. The Owner role holds every set and cannot change. */
export const PRESET_ROLES: { name: string; description: string; isOwner: boolean; titles: PermissionTitle[] }[] = [
  {
    name: 'Owner',
    description: 'Full access, including billing and team management.',
    isOwner: true,
    titles: Object.keys(PERMISSION_SETS) as PermissionTitle[],
  },
  {
    name: 'Manager',
    description: 'Runs the catalog, sales and orders; no team or account settings.',
    isOwner: false,
    titles: [
      'Manage experiences',
      'View experiences',
      'Manage inventory',
      'Manage stores',
      'Manage orders',
      'Manage customers',
      'Manage cart',
    ],
  },
  {
    name: 'Sales agent',
    description: 'Sells and books: orders, customers and the cart; reads the catalog.',
    isOwner: false,
    titles: ['View experiences', 'Manage orders', 'Manage customers', 'Manage cart'],
  },
  {
    name: 'Content editor',
    description: 'Edits offers, pricing and inventory.',
    isOwner: false,
    titles: ['Manage experiences', 'View experiences', 'Manage inventory'],
  },
  { name: 'Viewer', description: 'Reads the catalog.', isOwner: false, titles: ['View experiences'] },
];
