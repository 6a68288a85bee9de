import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import {
  IconAdjustments,
  IconArrowsExchange,
  IconBox,
  IconBuilding,
  IconBuildingStore,
  IconCalendarEvent,
  IconCalendarShare,
  IconChartBar,
  IconCreditCard,
  IconFileInvoice,
  IconGauge,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconQrcode,
  IconScan,
  IconShoppingCart,
  IconSparkles,
  IconTicket,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  permissions?: readonly PermissionTitle[];
  /** Any one of `permissions` opens the area (a reading rule such as 'View experiences' or 'Manage orders'). */
  anyPermission?: true;
  /** Subscription features the area needs; without them the item is marked as not in the plan. */
  features?: readonly Feature[];
  /** Other path prefixes that mark this item active. */
  activePrefixes?: readonly string[];
  /** The area shows the shared "not available yet" page: nothing links to it but the sidebar. */
  notBuilt?: true;
};
export type NavGroup = { label: string | null; items: NavItem[] };

/**
 * Sidebar groups follow the specification's route table (ui.md). One item per area: the pages of
 * an area are its tabs (TAB_GROUPS), never repeated here, and an item carries the area's name,
 * which is also the header's title on every page of the area.
 */
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
        features: ['experiences'],
        activePrefixes: ['/products/experiences', '/pricing-categories', '/pricing-catalogue'],
      },
      {
        label: 'Inventory',
        to: '/inventory/overview',
        icon: IconBox,
        permissions: ['Manage inventory'],
        features: ['inventory'],
        activePrefixes: ['/inventory'],
      },
    ],
  },
  {
    label: 'Sales',
    items: [
      {
        label: 'Stores',
        to: '/sales/stores',
        icon: IconBuildingStore,
        permissions: ['Manage stores'],
        features: ['stores'],
      },
      {
        label: 'QR codes',
        to: '/sales/qr-codes',
        icon: IconQrcode,
        permissions: ['Manage stores'],
        features: ['qr_codes'],
      },
      {
        label: 'Analytics',
        to: '/sales/analytics',
        icon: IconChartBar,
        permissions: ['Manage orders'],
        features: ['analytics'],
      },
      {
        label: 'Partners',
        to: '/sales/partners',
        icon: IconUsersGroup,
        permissions: ['Manage stores'],
        features: ['partners'],
      },
    ],
  },
  {
    label: 'Bookings',
    items: [
      {
        label: 'Overview',
        to: '/bookings/overview',
        icon: IconCalendarEvent,
        permissions: ['Manage orders'],
        features: ['bookings'],
      },
      {
        label: 'Check-in',
        to: '/bookings/check-in',
        icon: IconScan,
        permissions: ['Manage orders'],
        features: ['bookings'],
      },
      {
        label: 'Checkout',
        to: '/bookings/checkout-editor',
        icon: IconShoppingCart,
        permissions: ['Manage cart'],
        features: ['bookings'],
        notBuilt: true,
      },
      {
        label: 'Capacity',
        to: '/capacity/overview',
        icon: IconGauge,
        permissions: ['View experiences', 'Manage orders'],
        anyPermission: true,
        // Capacity is of one's own offers: a plan without offers (an affiliate's) has none to show.
        features: ['bookings', 'experiences'],
      },
    ],
  },
  {
    label: null,
    items: [
      {
        label: 'Orders',
        to: '/orders/list',
        icon: IconFileInvoice,
        permissions: ['Manage orders'],
        features: ['orders'],
        activePrefixes: ['/orders'],
      },
      {
        label: 'Resales',
        to: '/resales/overview',
        icon: IconArrowsExchange,
        permissions: ['Manage orders'],
        // Suppliers' plans have 'partners' (their resellers' sales); 'resales' is to sell as a reseller.
        features: ['partners'],
      },
      {
        label: 'Customers',
        to: '/customers/list',
        icon: IconUsers,
        permissions: ['Manage customers'],
        features: ['customers'],
      },
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
      {
        label: 'Payment providers',
        to: '/settings/payment-providers',
        icon: IconCreditCard,
        permissions: ['Manage account'],
      },
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
        label: 'API keys',
        to: '/settings/api-keys',
        icon: IconKey,
        permissions: ['Manage account'],
        features: ['api_access'],
      },
      {
        label: 'Audit trail',
        to: '/settings/audit-trail',
        icon: IconHistory,
        permissions: ['Manage account'],
      },
      {
        label: 'Webhooks',
        to: '/settings/webhooks',
        icon: IconWebhook,
        permissions: ['Manage account'],
        features: ['api_access'],
      },
      {
        label: 'Calendar feeds',
        to: '/settings/calendar-feeds',
        icon: IconCalendarShare,
        permissions: ['Manage orders'],
        features: ['orders'],
      },
      {
        label: 'Product configuration',
        to: '/settings/product-configuration',
        icon: IconAdjustments,
        permissions: ['Manage account'],
      },
    ],
  },
];

export type TabItem = { label: string; to: string; permissions?: readonly PermissionTitle[]; disabled?: boolean };
export type TabGroup = 'organization' | 'subscription' | 'team' | 'experiences' | 'inventory';

/**
 * Sub-navigation tabs (specification §2): the pages of one area. A tab is disabled when its
 * permission is missing. The first tab is where the area's bare path redirects (SECTION_REDIRECTS).
 */
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
};

/**
 * Route `handle`: the header reads the page title and tab group from the deepest match. `pageTabs`
 * marks pages that fill the tab row themselves (<PageTabs>, the editors' steps). Without either the
 * header is the title row alone.
 */
export type RouteHandle = { title?: string; tabs?: TabGroup; pageTabs?: boolean };

/**
 * Every path that names an area (or an area inside one) rather than a page, and the page it opens.
 * The router turns each into a redirect, so no section path shows a blank page.
 */
export const SECTION_REDIRECTS: Record<string, string> = {
  '/products': '/products/experiences/overview',
  '/products/experiences': '/products/experiences/overview',
  '/sales': '/sales/stores',
  '/bookings': '/bookings/overview',
  '/capacity': '/capacity/overview',
  '/orders': '/orders/list',
  '/resales': '/resales/overview',
  '/customers': '/customers/list',
  '/settings': '/settings/organization/contact',
  '/settings/organization': TAB_GROUPS.organization[0].to,
  '/settings/subscription': TAB_GROUPS.subscription[0].to,
  '/settings/team': TAB_GROUPS.team[0].to,
  '/inventory': TAB_GROUPS.inventory[0].to,
};

export const isNavItemActive = (item: NavItem, pathname: string) =>
  pathname === item.to ||
  pathname.startsWith(`${item.to}/`) ||
  (item.activePrefixes ?? []).some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
