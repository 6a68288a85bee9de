import type { PermissionTitle } from '@excursio/contract/permissions';
import {
  IconAdjustments,
  IconArrowsExchange,
  IconBox,
  IconBuilding,
  IconBuildingStore,
  IconCalendarEvent,
  IconCategory,
  IconCreditCard,
  IconFileInvoice,
  IconGauge,
  IconLayoutDashboard,
  IconQrcode,
  IconReceipt2,
  IconShoppingCart,
  IconSparkles,
  IconTag,
  IconTags,
  IconTicket,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  permissions?: readonly PermissionTitle[];
  /** Other path prefixes that mark this item active. */
  activePrefixes?: readonly string[];
};
export type NavGroup = { label: string | null; items: NavItem[] };

/** Sidebar groups follow the specification's route table (ui.md). */
export const NAV_GROUPS: NavGroup[] = [
  { label: null, items: [{ label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard }] },
  {
    label: 'Offers',
    items: [
      {
        label: 'Catalog',
        to: '/products/experiences/overview',
        icon: IconTicket,
        permissions: ['View experiences'],
        activePrefixes: ['/products/experiences'],
      },
      { label: 'Pricing catalogue', to: '/pricing-catalogue', icon: IconReceipt2, permissions: ['Manage experiences'] },
      { label: 'Pricing categories', to: '/pricing-categories', icon: IconTags, permissions: ['Manage experiences'] },
      { label: 'Inventory', to: '/inventory/overview', icon: IconBox, permissions: ['Manage inventory'] },
      { label: 'Inventory categories', to: '/inventory/categories', icon: IconCategory, permissions: ['Manage inventory'] },
      { label: 'Inventory tags', to: '/inventory/tags', icon: IconTag, permissions: ['Manage inventory'] },
    ],
  },
  {
    label: 'Sales',
    items: [
      { label: 'Stores', to: '/sales/stores', icon: IconBuildingStore, permissions: ['Manage stores'] },
      { label: 'QR codes', to: '/sales/qr-codes', icon: IconQrcode, permissions: ['Manage stores'] },
      { label: 'Partners', to: '/sales/partners', icon: IconUsersGroup, permissions: ['Manage stores'] },
    ],
  },
  {
    label: 'Bookings',
    items: [
      { label: 'Overview', to: '/bookings/overview', icon: IconCalendarEvent, permissions: ['Manage orders'] },
      { label: 'Checkout', to: '/bookings/checkout-editor', icon: IconShoppingCart, permissions: ['Manage cart'] },
      { label: 'Capacity', to: '/capacity/overview', icon: IconGauge, permissions: ['Manage orders'] },
    ],
  },
  {
    label: null,
    items: [
      { label: 'Orders', to: '/orders/list', icon: IconFileInvoice, permissions: ['Manage orders'], activePrefixes: ['/orders'] },
      { label: 'Resales', to: '/resales/overview', icon: IconArrowsExchange, permissions: ['Manage orders'] },
      { label: 'Customers', to: '/customers/list', icon: IconUsers, permissions: ['Manage customers'] },
    ],
  },
  {
    label: 'Settings',
    items: [
      {
        label: 'Organization',
        to: '/settings/organization/contact',
        icon: IconBuilding,
        permissions: ['Manage account'],
        activePrefixes: ['/settings/organization'],
      },
      { label: 'Payment providers', to: '/settings/payment-providers', icon: IconCreditCard, permissions: ['Manage account'] },
      {
        label: 'Subscription',
        to: '/settings/subscription/supplier-plans',
        icon: IconSparkles,
        permissions: ['Manage account'],
        activePrefixes: ['/settings/subscription'],
      },
      {
        label: 'Team',
        to: '/settings/team/members',
        icon: IconUserShield,
        permissions: ['Manage users'],
        activePrefixes: ['/settings/team'],
      },
      {
        label: 'Product configuration',
        to: '/settings/product-configuration',
        icon: IconAdjustments,
        permissions: ['Manage experiences'],
      },
    ],
  },
];

export type TabItem = { label: string; to: string; permissions?: readonly PermissionTitle[]; disabled?: boolean };
export type TabGroup = 'organization' | 'subscription' | 'team' | 'experiences' | 'inventory' | 'account';

/** Sub-navigation tabs (specification §2). A tab is disabled when its permission is missing. */
export const TAB_GROUPS: Record<TabGroup, TabItem[]> = {
  organization: [
    { label: 'Contact info', to: '/settings/organization/contact', permissions: ['Manage account'] },
    { label: 'Legal info', to: '/settings/organization/legal', permissions: ['Manage account'] },
    { label: 'Billing info', to: '/settings/organization/billing', permissions: ['Manage account'] },
    { label: 'Profile', to: '/settings/organization/profile', permissions: ['Manage account'] },
  ],
  subscription: [
    { label: 'Supplier plans', to: '/settings/subscription/supplier-plans', permissions: ['Manage account'] },
    { label: 'Affiliate plans', to: '/settings/subscription/affiliate-plans', permissions: ['Manage account'] },
  ],
  team: [
    { label: 'Members', to: '/settings/team/members', permissions: ['Manage users'] },
    { label: 'Roles', to: '/settings/team/roles', permissions: ['Manage users'] },
  ],
  experiences: [
    { label: 'Catalog', to: '/products/experiences/overview', permissions: ['View experiences'] },
    { label: 'Pricing categories', to: '/pricing-categories', permissions: ['Manage experiences'] },
    { label: 'Pricing rates', to: '/pricing-catalogue', permissions: ['Manage experiences'] },
  ],
  inventory: [
    { label: 'Items', to: '/inventory/overview', permissions: ['Manage inventory'] },
    { label: 'Categories', to: '/inventory/categories', permissions: ['Manage inventory'] },
    { label: 'Tags', to: '/inventory/tags', permissions: ['Manage inventory'] },
  ],
  account: [{ label: 'My account', to: '/settings/account' }],
};

/** Route `handle`: the header reads the page title and tab group from the deepest match. */
export type RouteHandle = { title?: string; tabs?: TabGroup };

export const isNavItemActive = (item: NavItem, pathname: string) =>
  pathname === item.to ||
  pathname.startsWith(`${item.to}/`) ||
  (item.activePrefixes ?? []).some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
