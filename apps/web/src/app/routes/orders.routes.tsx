import type { Feature, PermissionTitle } from '@excursio/contract/permissions';
import type { RouteObject } from 'react-router';
import { AccessGuard } from '../../components/guards/access-guards.tsx';
import type { RouteHandle } from '../../components/shell/navigation.ts';
import { lazyPage } from './lazy-page.ts';

const list = () => import('../../features/orders/pages/orders-list-page.tsx');
const editor = () => import('../../features/orders/pages/order-editor-page.tsx');
const booking = () => import('../../features/orders/pages/booking-details-page.tsx');

const MANAGE: PermissionTitle[] = ['Manage orders'];
const FEATURES: Feature[] = ['orders'];

/** Orders (specification §2): the list and the order editor (details, invoice, payments) and a booking's details. */
export const ordersRoutes: RouteObject[] = [
  {
    path: 'orders/list',
    handle: { title: 'Orders' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [{ index: true, lazy: lazyPage(list, (m) => m.OrdersListPage) }],
  },
  {
    path: 'orders/editor',
    handle: { title: 'Order editor' } satisfies RouteHandle,
    element: <AccessGuard permissions={MANAGE} features={FEATURES} />,
    children: [
      // Without an id the editor reports the specification's missing-id message.
      { index: true, lazy: lazyPage(editor, (m) => m.OrderEditorPage) },
      {
        path: ':orderId/booking/:bookingId',
        handle: { title: 'Booking details' } satisfies RouteHandle,
        lazy: lazyPage(booking, (m) => m.BookingDetailsPage),
      },
      { path: ':orderId/:step?', lazy: lazyPage(editor, (m) => m.OrderEditorPage) },
    ],
  },
];
