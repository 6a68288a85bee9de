import type { PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import { NotAvailablePage } from '../../components/not-available-page.tsx';
import type { RouteHandle, TabGroup } from '../../components/shell/navigation.ts';

type Area = {
  path: string;
  title: string;
  area: string;
  plural?: boolean;
  permissions: PermissionTitle[];
  tabs?: TabGroup;
};

/** Areas of the route table that are not built yet: one shared page naming the area. */
const AREAS: Area[] = [
  {
    path: 'products/experiences/overview',
    title: 'Offers',
    area: 'Offers',
    permissions: ['View experiences'],
    tabs: 'experiences',
  },
  {
    path: 'products/experiences/editor/:experienceId/:step?',
    title: 'Offer editor',
    area: 'The offer editor',
    plural: false,
    permissions: ['Manage experiences'],
  },
  {
    path: 'pricing-catalogue',
    title: 'Pricing rates',
    area: 'Pricing rates',
    permissions: ['Manage experiences'],
    tabs: 'experiences',
  },
  {
    path: 'pricing-categories',
    title: 'Pricing categories',
    area: 'Pricing categories',
    permissions: ['Manage experiences'],
    tabs: 'experiences',
  },
  {
    path: 'inventory/overview',
    title: 'Inventory',
    area: 'Inventory',
    plural: false,
    permissions: ['Manage inventory'],
    tabs: 'inventory',
  },
  {
    path: 'inventory/categories',
    title: 'Inventory categories',
    area: 'Inventory categories',
    permissions: ['Manage inventory'],
    tabs: 'inventory',
  },
  {
    path: 'inventory/tags',
    title: 'Inventory tags',
    area: 'Inventory tags',
    permissions: ['Manage inventory'],
    tabs: 'inventory',
  },
  { path: 'sales/stores', title: 'Stores', area: 'Stores', permissions: ['Manage stores'] },
  {
    path: 'sales/stores/editor/:storeId/:step?',
    title: 'Store editor',
    area: 'The store editor',
    plural: false,
    permissions: ['Manage stores'],
  },
  { path: 'sales/qr-codes', title: 'QR codes', area: 'QR codes', permissions: ['Manage stores'] },
  { path: 'sales/partners', title: 'Partners', area: 'Partners', permissions: ['Manage stores'] },
  { path: 'bookings/overview', title: 'Bookings', area: 'Bookings', permissions: ['Manage orders'] },
  { path: 'bookings/checkout-editor', title: 'Checkout', area: 'Checkout', plural: false, permissions: ['Manage cart'] },
  { path: 'capacity/overview', title: 'Capacity', area: 'Capacity', plural: false, permissions: ['Manage orders'] },
  { path: 'orders/list', title: 'Orders', area: 'Orders', permissions: ['Manage orders'] },
  {
    path: 'orders/editor/:orderId/booking/:bookingId',
    title: 'Booking details',
    area: 'Booking details',
    permissions: ['Manage orders'],
  },
  {
    path: 'orders/editor/:orderId/:step?',
    title: 'Order editor',
    area: 'The order editor',
    plural: false,
    permissions: ['Manage orders'],
  },
  { path: 'resales/overview', title: 'Resales', area: 'Resales', permissions: ['Manage orders'] },
  { path: 'customers/list', title: 'Customers', area: 'Customers', permissions: ['Manage customers'] },
  { path: 'settings/payment-providers', title: 'Payment providers', area: 'Payment providers', permissions: ['Manage account'] },
  {
    path: 'settings/product-configuration',
    title: 'Product configuration',
    area: 'Product configuration',
    plural: false,
    permissions: ['Manage experiences'],
  },
];

export const notBuiltRoutes: RouteObject[] = AREAS.map((area) => ({
  path: area.path,
  handle: { title: area.title, tabs: area.tabs } satisfies RouteHandle,
  element: (
    <AccessGuard permissions={area.permissions}>
      <NotAvailablePage area={area.area} plural={area.plural} />
    </AccessGuard>
  ),
}));
