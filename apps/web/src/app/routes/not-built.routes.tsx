import type { PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import { NotAvailablePage } from '../../components/not-available-page.tsx';
import type { RouteHandle, TabGroup } from '../../components/shell/navigation.ts';

type Area = {
  path: string;
  title: string;
  /** How the page names the area; the title when left out. */
  area?: string;
  plural?: boolean;
  permissions: PermissionTitle[];
  tabs?: TabGroup;
};

/** Areas of the route table that are not built yet: one shared page naming the area. */
const AREAS: Area[] = [
  { path: 'sales/stores', title: 'Stores', permissions: ['Manage stores'] },
  {
    path: 'sales/stores/editor/:storeId/:step?',
    title: 'Store editor',
    area: 'The store editor',
    plural: false,
    permissions: ['Manage stores'],
  },
  { path: 'sales/qr-codes', title: 'QR codes', permissions: ['Manage stores'] },
  { path: 'sales/partners', title: 'Partners', permissions: ['Manage stores'] },
  { path: 'bookings/overview', title: 'Bookings', permissions: ['Manage orders'] },
  { path: 'bookings/checkout-editor', title: 'Checkout', plural: false, permissions: ['Manage cart'] },
  { path: 'capacity/overview', title: 'Capacity', plural: false, permissions: ['Manage orders'] },
  { path: 'orders/list', title: 'Orders', permissions: ['Manage orders'] },
  { path: 'orders/editor/:orderId/booking/:bookingId', title: 'Booking details', permissions: ['Manage orders'] },
  {
    path: 'orders/editor/:orderId/:step?',
    title: 'Order editor',
    area: 'The order editor',
    plural: false,
    permissions: ['Manage orders'],
  },
  { path: 'resales/overview', title: 'Resales', permissions: ['Manage orders'] },
  { path: 'customers/list', title: 'Customers', permissions: ['Manage customers'] },
  { path: 'settings/payment-providers', title: 'Payment providers', permissions: ['Manage account'] },
  { path: 'settings/product-configuration', title: 'Product configuration', plural: false, permissions: ['Manage experiences'] },
];

export const notBuiltRoutes: RouteObject[] = AREAS.map((area) => ({
  path: area.path,
  handle: { title: area.title, tabs: area.tabs } satisfies RouteHandle,
  element: (
    <AccessGuard permissions={area.permissions}>
      <NotAvailablePage area={area.area ?? area.title} plural={area.plural} />
    </AccessGuard>
  ),
}));
