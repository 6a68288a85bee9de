import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const overview = () => import('../../features/bookings/pages/bookings-overview-page.tsx');
const checkout = () => import('../../features/checkout/pages/checkout-page.tsx');
const checkIn = () => import('../../features/check-in/pages/check-in-page.tsx');

const MANAGE: PermissionTitle[] = ['Manage orders'];
const FEATURES: Feature[] = ['bookings'];

/** Bookings (specification §2): a day's manifest with attendance, the back-office checkout, and ticket check-in. */
export const bookingsRoutes: RouteObject[] = [
  {
    path: 'bookings/overview',
    handle: { title: 'Bookings' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(overview, (m) => m.BookingsOverviewPage) }],
  },
  {
    path: 'bookings/checkout-editor',
    handle: { title: 'Checkout' } satisfies RouteHandle,
    element: <AccessGuard permissions={['Manage cart', 'Manage orders']} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(checkout, (m) => m.CheckoutPage) }],
  },
  {
    // Where a ticket's address sends a browser (a phone's camera app): `?code=…`.
    path: 'bookings/check-in',
    handle: { title: 'Check-in' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(checkIn, (m) => m.CheckInPage) }],
  },
];
